#include "app/night_page.hpp"

#include <algorithm>

#include "analysis/box_planner.hpp"
#include "analysis/card_advice.hpp"
#include "analysis/card_build.hpp"
#include "analysis/csv_format.hpp"
#include "analysis/plan_options.hpp"
#include "app/model_nights.hpp"
#include "app/watch_checks.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/market.hpp"
#include "schema/store/coverage_store.hpp"
#include "schema/store/listing_tally_store.hpp"
#include "schema/store/night_runs.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/watch_store.hpp"
#include "schema/system/version.hpp"

namespace gpuprice::app {

namespace {

// The sparklines span this many nights, the report's night the last.
constexpr int kSeriesNights = 30;
// Builds shown per box: the page shows the best few, `recommend` shows more.
constexpr int kPlansPerBox = 3;

analysis::NightCoverage night_coverage(schema::Database& db, const std::string& night,
                                       const schema::Market& market) {
    analysis::NightCoverage coverage;
    for (const auto& run : schema::runs_of_night(db, night, market)) {
        coverage.runs.push_back("run " + std::to_string(run.id) + " (" +
                                std::string(schema::run_source_name(run.source)) +
                                "): " + std::string(schema::run_status_name(run.status)) + ", " +
                                std::to_string(run.listings_seen) + " listings seen, " +
                                std::to_string(run.listings_skipped) + " skipped" +
                                (run.message.empty() ? "" : "; " + run.message));
        for (const auto& q : schema::load_coverage(db, run.id)) {
            ++coverage.queries;
            if (q.complete) {
                ++coverage.complete_queries;
                continue;
            }
            std::string line = q.query + ": stopped at " +
                               std::string(schema::query_stop_name(q.stopped)) + " after " +
                               std::to_string(q.pages) + " pages, " + std::to_string(q.items) +
                               " items";
            if (q.total) line += " of " + std::to_string(*q.total);
            if (!q.warnings.empty()) line += " (" + q.warnings + ")";
            coverage.incomplete.push_back(line);
        }
    }
    return coverage;
}

std::string box_name(const PageBox& box, const std::string& currency) {
    return std::to_string(box.count) + (box.count == 1 ? " card, " : " cards, ") +
           schema::format_money(box.budget, currency) + ", " + std::to_string(box.outlet_watts) +
           " W outlet";
}

}  // namespace

std::vector<PageBox> default_page_boxes() {
    return {{1, 2000, 1440}, {2, 4000, 1440}, {4, 8000, 1440}};
}

analysis::PriceSeries page_price_series(schema::Database& db, const schema::Catalog& catalog,
                                        const ReportRequest& request, const LoadedReport& loaded,
                                        const std::string& from) {
    // The rollups hold every night's clearances; the series computed from the nights has those of
    // the report's evidence window (even before `from`): the same only when the two begin
    // together, as they do on the page of a report without --days or --since.
    // The rollups keep suspect prices out: a page that lets them in computes its series.
    if (loaded.evidence_from == from && !request.options.include_suspect_prices) {
        if (auto rolled = rolled_up_price_series(
                db, loaded.past, catalog, from, loaded.context.as_of, request.filter,
                request.options.conditions, request.options.shipping, loaded.evidence.sold))
            return std::move(*rolled);
    }
    return analysis::price_series(
        schema::load_window_history(db, loaded.past, from, loaded.context.as_of, request.filter),
        loaded.evidence.clearances, loaded.evidence.sold, catalog, request.options.conditions,
        request.options.shipping, request.filter.market);
}

analysis::PageInput night_page_input(schema::Database& db, const schema::RuleSet& rules,
                                     const ReportRequest& request, const LoadedReport& loaded,
                                     const std::vector<PageBox>& boxes) {
    const auto& context = loaded.context;
    analysis::PageInput page;
    page.series_from = schema::add_days(context.as_of, -(kSeriesNights - 1));
    page.series = page_price_series(db, rules.catalog, request, loaded, page.series_from);
    analysis::pool_thin_sales(page.series, loaded.evidence.sold, rules.catalog,
                              request.filter.market, context.as_of);
    page.left_out = analysis::left_out_counts(
        schema::tally_listings(db, context.window_start, context.as_of, request.filter.market),
        loaded.report, request.options.conditions, request.filter.excluded_flags);
    page.coverage = night_coverage(db, context.as_of, request.filter.market);

    auto report_options = request.options;
    report_options.as_of = context.as_of;
    for (const auto& b : boxes) {
        analysis::BoxOptions box;
        box.min_count = box.max_count = b.count;
        box.budget_usd = b.budget;
        box.outlet_watts = b.outlet_watts;
        box.min_listings = request.options.min_listings;
        box.results = kPlansPerBox;
        box.today = schema::today();
        box.currency = context.currency;
        analysis::StandardBox standard{box_name(b, context.currency), {}, {}};
        if (b.count == 1) {
            // One card is `recommend --count 1`: the best buy per VRAM class within the budget.
            standard.advice = analysis::single_card_advice(loaded.report, rules.catalog,
                                                           rules.attributes, box, context.as_of);
            if (standard.advice.empty())
                standard.result.nothing_fits = "no ranked card within the budget and the box";
        } else {
            standard.result = analysis::plan_boxes(loaded.report, rules.catalog, rules.attributes,
                                                   report_options, box);
            standard.result.better_with =
                analysis::better_with(loaded.report, rules.catalog, rules.attributes,
                                      report_options, box, standard.result);
        }
        page.boxes.push_back(std::move(standard));
    }
    for (const auto& line : loaded.report.listings) {
        if (!analysis::usable_for_prices(line)) continue;
        const auto* model = rules.catalog.find_model(line.observation.model);
        if (!model) continue;
        const auto cooler =
            analysis::card_build(*model,
                                 line.observation.attributes.value_or(schema::ListingAttributes{}),
                                 rules.attributes, line.observation.title)
                .cooler;
        auto& seen = page.coolers[model->key];
        if (std::find(seen.begin(), seen.end(), cooler) == seen.end()) seen.push_back(cooler);
    }
    page.watches = check_watches(db, rules.catalog);
    page.generated_at = schema::now_iso();
    page.version = std::string(schema::version());
    return page;
}

}  // namespace gpuprice::app
