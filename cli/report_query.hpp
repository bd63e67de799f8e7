// The options `report` and `recommend` share, and the wiring from database to a Report: which
// nights (latest, --since, --days), which conditions, which precision; with the 7- and 30-day
// changes when that history exists.
#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <vector>

#include "analysis/listing_attributes.hpp"
#include "analysis/price_report.hpp"
#include "analysis/report_csv.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::cli {

struct ReportQuery {
    analysis::ReportOptions options;
    std::string condition_option = "used";
    std::string precision = "fp16";
    std::string price = "median";  // --price
    std::string since;
    int days = 0;
    bool sparse = false;
    bool no_shipping = false;
    std::string marketplace = "EBAY_US";
    std::string include;  // price flags to let into medians, e.g. "abroad,variations"
    schema::ObservationFilter filter;
    bool supported_only = false;
};

void add_report_query_options(boost::program_options::options_description& options,
                              ReportQuery& query, const std::string& default_condition);
// Validates and fills query.options; throws UsageError naming the bad value.
// The precision is checked against the catalog's precisions.csv.
void resolve_report_query(ReportQuery& query, const schema::Catalog& catalog);
// `report --rank-by`: tflops, bandwidth or vram.
analysis::RankBy rank_by_option(const std::string& value);

// What a report was built from, beside it. Nothing in it points into anything else (rows,
// listing lines and clearances hold copies), so it copies and moves like any value.
struct LoadedReport {
    analysis::Report report;
    analysis::CsvContext context;
    analysis::MarketEvidence evidence;  // clearances and sales in the window
    analysis::ClearanceCounts clearance_counts;
    std::string evidence_from;  // the first night of the cleared/sold window
};

// Builds the report from the database. Returns nullopt when there is no observation at all.
std::optional<LoadedReport> load_report(schema::Database& db, const schema::Catalog& catalog,
                                        const ReportQuery& query, schema::Details details);

// Listings matched before attributes were stored carry none: reads them from the title, on the
// report's listing lines (what the planner and the single-card advice read).
void fill_missing_attributes(LoadedReport& loaded, const analysis::AttributeExtractor& extractor);

}  // namespace gpuprice::cli
