// What the page shows beside the report (`report --format html`): every model's last 30 nights,
// what was left out and why, the night's runs and coverage, the planner's builds for the
// standard boxes, and the watches with what fired tonight. The page itself is
// analysis::html_page's.
#pragma once

#include <string>
#include <vector>

#include "analysis/html_page.hpp"
#include "app/report_assembly.hpp"
#include "schema/rules/rule_set.hpp"

namespace gpuprice::app {

// A standard box: how many cards, the budget for all of them, the outlet (`--box 2:4000:1440`).
struct PageBox {
    int count = 1;
    double budget = 0;
    int outlet_watts = 1440;
};

// 1, 2 and 4 cards on a 1440 W outlet, for $2,000, $4,000 and $8,000.
std::vector<PageBox> default_page_boxes();

// The sparklines' series: each model's nights in [from, the report's night]. Computed from the
// stored observations today; per-night rollups can serve it later behind this one function.
analysis::PriceSeries page_price_series(schema::Database& db, const schema::Catalog& catalog,
                                        const ReportRequest& request, const LoadedReport& loaded,
                                        const std::string& from);

// Everything the page shows beside the report. The planner reads the listings' attributes:
// `loaded` has them filled (fill_missing_attributes), as the listings CSV beside the page does.
analysis::PageInput night_page_input(schema::Database& db, const schema::RuleSet& rules,
                                     const ReportRequest& request, const LoadedReport& loaded,
                                     const std::vector<PageBox>& boxes);

}  // namespace gpuprice::app
