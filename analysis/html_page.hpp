// The night as one self-contained HTML page (`gpuprice report --format html`): per condition and
// VRAM class the ranked table (sortable; in rank order without JavaScript), the class's chart,
// each model's 30-night sparkline and the listings behind its price with their eBay links; what
// was left out of the prices and why; the night's status and coverage; the planner's builds for
// a few standard boxes; the buyer's watches and what fired tonight. Inline CSS, SVG and script,
// and a Content-Security-Policy that allows nothing else: the page fetches nothing. Every text
// from eBay is escaped (html_text), every link checked (web_link). Numbers are the CSV's cells,
// so the page and the CSV round alike. Pure: everything shown comes in, HTML text goes out.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/box_planner.hpp"
#include "analysis/card_advice.hpp"
#include "analysis/left_out.hpp"
#include "analysis/price_report.hpp"
#include "analysis/price_series.hpp"
#include "analysis/report_csv.hpp"
#include "analysis/watch_check.hpp"
#include "schema/domain/listing_attributes.hpp"
#include "schema/domain/watch.hpp"

namespace gpuprice::analysis {

// What the night's fetch covered: its runs and its queries, complete or not.
struct NightCoverage {
    std::vector<std::string> runs;  // "run 12 (sample): ok, 1,234 listings seen"
    int queries = 0;
    int complete_queries = 0;
    std::vector<std::string> incomplete;  // one line per incomplete query, saying why
};

// One of the standard boxes the page plans ("2 cards, $3,000, 1440 W outlet").
// One card is answered as `recommend --count 1` answers it: the best buy per VRAM class.
struct StandardBox {
    std::string name;
    PlanResult result;               // two cards or more
    std::vector<CardAdvice> advice;  // one card
};

struct WatchStatus {
    schema::Watch watch;
    std::string model_name;            // the display name of watch.model (a SKU key)
    std::optional<WatchFiring> fired;  // tonight
};

struct PageInput {
    PriceSeries series;       // the sparklines' nights
    std::string series_from;  // the sparklines' first night (their last: the report's as_of)
    std::vector<LeftOutCount> left_out;
    NightCoverage coverage;
    std::vector<StandardBox> boxes;
    std::vector<WatchStatus> watches;
    // Each model's coolers among its listings (card_build: as the title states, else its
    // design's): what the page's cooling filter reads.
    std::map<std::string, std::vector<schema::Cooler>> coolers;
    std::string generated_at;  // ISO 8601 UTC
    std::string version;       // gpuprice's
};

// The page in pieces, in order, each handed to `sink` as it is made: at a year the page lists
// every listing of the night (23 MB with every condition), and is never whole in memory.
using HtmlSink = std::function<void(std::string_view)>;
void write_html_page(const Report& report, const CsvContext& context, const PageInput& page,
                     const HtmlSink& sink);
// The same pieces as one text.
std::string html_page(const Report& report, const CsvContext& context, const PageInput& page);

}  // namespace gpuprice::analysis
