#include "cli/application/report_assembly.hpp"

#include <algorithm>

#include "analysis/csv_format.hpp"
#include "cli/application/clearances.hpp"
#include "cli/application/model_nights.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/price_flags.hpp"
#include "schema/store/night_status.hpp"
#include "schema/store/sold_store.hpp"

namespace gpuprice::app {

namespace {

// How far an earlier night may sit from exactly 7 or 30 days back and still count.
constexpr int kChangeSlackDays = 3;
// Cleared and sold prices pool this many nights when --days does not say.
constexpr int kDefaultEvidenceDays = 30;
// How far before the window a listing may have been last seen and still clear inside it (a
// fetch that skipped nights).
constexpr int kClearanceLookbackDays = 31;

// The request's filters in words, for the table's header: what left cards or listings out (or in).
std::string report_filters(const ReportRequest& q) {
    std::vector<std::string> parts;
    if (q.options.min_vram_gb > 0)
        parts.push_back("at least " + analysis::format_number(q.options.min_vram_gb, 0) + " GB");
    if (q.options.supported_only) parts.push_back("current software only");
    if (q.options.include_sxm) parts.push_back("SXM modules ranked");
    if (q.options.min_listings != analysis::ReportOptions{}.min_listings)
        parts.push_back("ranked from " + std::to_string(q.options.min_listings) + " listings");
    if (const auto included = schema::kAllPriceFlags & ~q.filter.excluded_flags; included != 0)
        parts.push_back("including " + schema::price_flag_names(included));
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
    return out;
}

}  // namespace

std::optional<LoadedReport> load_report(schema::Database& db, const schema::Catalog& catalog,
                                        const ReportRequest& q, schema::Details details) {
    const auto latest = q.until.empty()
                            ? schema::latest_night(db, q.filter.market)
                            : schema::night_on_or_before(db, q.until, 0, q.filter.market);
    if (!latest) return std::nullopt;
    std::string from = *latest;
    if (!q.since.empty()) from = q.since;
    if (q.days > 0) from = schema::add_days(*latest, -(q.days - 1));

    LoadedReport loaded;
    auto observations = schema::load_latest_observations(db, from, *latest, details, q.filter);
    auto options = q.options;
    options.as_of = *latest;
    options.market = q.filter.market;

    // What left the market and what sold, over --days (or the last 30 nights).
    const int evidence_days = q.days > 0 ? q.days : kDefaultEvidenceDays;
    loaded.evidence_from =
        q.since.empty() ? schema::add_days(*latest, -(evidence_days - 1)) : q.since;
    const auto lookback = schema::add_days(loaded.evidence_from, -kClearanceLookbackDays);
    loaded.evidence.clearances =
        report_clearances(db, catalog, lookback, loaded.evidence_from, *latest, q.filter,
                          options.shipping, options.conditions);
    // The suspect-price rule's reference: every listing of the same window once, at its latest
    // price (the report's own observations when its window is that window already). The
    // report's listings are at their latest price already: only the others are read.
    if (loaded.evidence_from < from) {
        auto& recent = loaded.evidence.recent;
        recent =
            schema::load_latest_prices_before(db, loaded.evidence_from, *latest, from, q.filter);
        recent.reserve(recent.size() + observations.size());
        for (const auto& o : observations) recent.push_back(schema::latest_price(o));
    }
    loaded.evidence.have_sold_data = schema::has_sold_items(db, q.filter.market);
    if (loaded.evidence.have_sold_data)
        loaded.evidence.sold =
            schema::load_sold_prices(db, loaded.evidence_from, *latest, q.filter.market);

    loaded.report =
        analysis::build_report(std::move(observations), catalog, options, loaded.evidence);
    loaded.context = {options.precision, options.sparsity, *latest, options.basis,
                      std::string(q.filter.market.currency)};
    loaded.context.shipping_included = options.shipping == analysis::Shipping::Include;
    loaded.context.window_start = from;
    loaded.context.rank_by = options.rank_by;
    loaded.context.filters = report_filters(q);
    const auto nights = schema::night_status(db, from, *latest, q.filter.market);
    loaded.context.nights_complete = nights.complete();
    loaded.context.night_status = nights.summary(from, *latest);
    loaded.context.listings_without_verdict = nights.listings_without_verdict;

    // The same report on the nights 7 and 30 days earlier, for the change columns.
    const auto earlier = [&](int days_back) -> std::optional<analysis::Report> {
        const auto night = schema::night_on_or_before(db, schema::add_days(*latest, -days_back),
                                                      kChangeSlackDays, q.filter.market);
        if (!night) return std::nullopt;
        const auto span = q.days > 0 ? q.days : 1;
        // One night with the rollups' own filter: its medians were rolled up when it was fetched.
        if (span == 1) {
            if (auto rolled = rolled_up_night_report(db, *night, options, q.filter)) return rolled;
        }
        auto old = schema::load_latest_observations(db, schema::add_days(*night, -(span - 1)),
                                                    *night, schema::Details::Without, q.filter);
        auto report = analysis::build_report(std::move(old), catalog, options);
        report.listings.clear();  // only the rows' medians are compared
        return report;
    };
    const auto week = earlier(7);
    const auto month = earlier(30);
    analysis::attach_changes(loaded.report, week ? &*week : nullptr, month ? &*month : nullptr);
    return loaded;
}

void fill_missing_attributes(LoadedReport& loaded, const analysis::AttributeExtractor& extractor) {
    for (auto& line : loaded.report.listings) {
        auto& o = line.observation;
        if (!o.attributes) o.attributes = extractor.extract(o.title);
    }
}

}  // namespace gpuprice::app
