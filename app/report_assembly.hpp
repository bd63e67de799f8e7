// A report assembled from the database: the nights asked for, the clearances and sales of the
// window, whether the nights are whole, and the 7- and 30-day changes. `report`, `recommend`
// and the page read it; nothing here parses an option.
#pragma once

#include <optional>
#include <string>

#include "analysis/listing_attributes.hpp"
#include "analysis/price_report.hpp"
#include "analysis/report_csv.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/past.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

// Which report: the computation's options and the window of nights.
struct ReportRequest {
    analysis::ReportOptions options;
    std::string since;  // the first night (YYYY-MM-DD), or empty
    int days = 0;       // the last N nights; 0: the latest night only (with since empty)
    schema::ObservationFilter filter;  // the market, and which listings may enter its medians
    // The report as it was on this night (YYYY-MM-DD, a night with prices); empty: the latest.
    // What a watch compares tonight with.
    std::string until;
};

// What a report was built from, beside it. Nothing in it points into anything else (rows,
// listing lines and clearances hold copies), so it copies and moves like any value.
struct LoadedReport {
    analysis::Report report;
    analysis::CsvContext context;
    analysis::MarketEvidence evidence;  // clearances and sales in the window
    std::string evidence_from;          // the first night of the cleared/sold window
    schema::Past past;                  // what it was read from: the page reads the same
};

// Builds the report from the database. Returns nullopt when there is no observation at all.
std::optional<LoadedReport> load_report(schema::Database& db, const schema::Catalog& catalog,
                                        const ReportRequest& request, schema::Details details);

// Listings matched before attributes were stored carry none: reads them from the title, on the
// report's listing lines (what the planner and the single-card advice read).
void fill_missing_attributes(LoadedReport& loaded, const analysis::AttributeExtractor& extractor);

}  // namespace gpuprice::app
