#include "app/model_nights.hpp"

#include "analysis/price_basis.hpp"
#include "app/clearances.hpp"
#include "app/rollup_window.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/clearance_store.hpp"
#include "schema/store/sold_store.hpp"

namespace gpuprice::app {

namespace {

// The rollups hold the medians of the default filter: every price flag kept out.
schema::ObservationFilter rollup_filter(const schema::Market& market) {
    schema::ObservationFilter filter;
    filter.market = market;
    filter.excluded_flags = schema::kAllPriceFlags;
    return filter;
}

std::vector<schema::ModelNight> to_rows(
    const std::map<std::string, std::vector<analysis::NightlyMedian>>& by_model) {
    std::vector<schema::ModelNight> rows;
    for (const auto& [model, nights] : by_model) {
        for (const auto& n : nights) {
            schema::ModelNight r;
            r.model = model;
            r.night = n.night;
            r.condition = n.condition;
            r.listings = n.listings;
            r.outliers_removed = n.outliers_removed;
            r.median_usd = n.median_usd;
            r.p25_usd = n.p25_usd;
            r.p75_usd = n.p75_usd;
            r.cleared_listings = n.cleared_listings;
            r.cleared_median_usd = n.cleared_median_usd;
            rows.push_back(std::move(r));
        }
    }
    return rows;
}

// A night's rollups, buyer totals with shipping and without.
struct NightRows {
    std::vector<schema::ModelNight> with_shipping;
    std::vector<schema::ModelNight> without_shipping;
};

NightRows night_rows(const analysis::PricesByModel& prices, const analysis::PricesByModel& cleared,
                     const schema::Catalog& catalog, const schema::Market& market,
                     const std::string& night) {
    const auto rows = [&](analysis::Shipping shipping) {
        return to_rows(
            analysis::nightly_medians_by_model(prices, cleared, catalog, shipping, market, night));
    };
    return {rows(analysis::Shipping::Include), rows(analysis::Shipping::Exclude)};
}

analysis::NightlyMedian to_median(const schema::ModelNight& r) {
    analysis::NightlyMedian n;
    n.night = r.night;
    n.condition = r.condition;
    n.listings = r.listings;
    n.outliers_removed = r.outliers_removed;
    n.median_usd = r.median_usd;
    n.p25_usd = r.p25_usd;
    n.p75_usd = r.p75_usd;
    n.cleared_listings = r.cleared_listings;
    n.cleared_median_usd = r.cleared_median_usd;
    return n;
}

}  // namespace

void roll_up_nights(schema::Database& db, const schema::Past& past, const schema::Catalog& catalog,
                    const schema::DerivedWork& work, const std::set<std::string>& also) {
    if (work.from_scratch) schema::forget_model_nights(db, work.market);
    // The window slides from night to night: a run of nights (a pass from scratch, or the nights
    // after a late change) reads each night's own prices, not every listing seen since its
    // window began (about 1 s a night at a year, once the night is weeks old).
    RollupWindow window(db, past, rollup_filter(work.market), analysis::kSuspectEvidenceNights);
    for (const auto& night :
         schema::nights_to_roll_up(db, work, also, analysis::kSuspectEvidenceNights)) {
        // The night's prices with the suspect-price rule's evidence: the nights up to it.
        window.move_to(night);
        const auto rows =
            night_rows(window.prices(), window.cleared(), catalog, work.market, night);
        schema::replace_model_nights(db, work.market, night, rows.with_shipping,
                                     rows.without_shipping);
    }
}

std::vector<analysis::NightlyMedian> compute_model_history(
    schema::Database& db, const schema::Past& past, const schema::Catalog& catalog,
    const std::string& model, const std::vector<schema::ConditionClass>& conditions,
    analysis::Shipping shipping, analysis::Period period) {
    const auto& market = past.market();
    const auto filter = rollup_filter(market);
    return analysis::price_history(schema::load_model_history(db, past, model, filter),
                                   model_clearances(db, past, catalog, model, filter, shipping),
                                   schema::load_model_sold_prices(db, model, market), catalog,
                                   conditions, shipping, market, period);
}

std::vector<analysis::NightlyMedian> model_history(
    schema::Database& db, const schema::Past& past, const schema::Catalog& catalog,
    const std::string& model, const std::vector<schema::ConditionClass>& conditions,
    analysis::Shipping shipping, analysis::Period period) {
    // Weeks pool each listing once at its latest price in the week: not a sum of nights.
    const auto& market = past.market();
    std::optional<std::vector<schema::ModelNight>> rows;
    if (period == analysis::Period::night) {
        rows = past.if_derived([&] {
            return schema::load_model_nights(db, market, model,
                                             shipping == analysis::Shipping::Include);
        });
    }
    if (!rows) return compute_model_history(db, past, catalog, model, conditions, shipping, period);
    std::vector<analysis::NightlyMedian> nights;
    for (const auto& r : *rows) nights.push_back(to_median(r));
    return analysis::add_sold(nights, schema::load_model_sold_prices(db, model, market), catalog,
                              conditions, market);
}

std::optional<analysis::Report> rolled_up_night_report(schema::Database& db,
                                                       const schema::Past& past,
                                                       const std::string& night,
                                                       const analysis::ReportOptions& options,
                                                       const schema::ObservationFilter& filter) {
    if (filter.excluded_flags != schema::kAllPriceFlags) return std::nullopt;
    const auto rows = past.if_derived([&] {
        return schema::load_model_nights_between(db, filter.market, night, night,
                                                 options.shipping == analysis::Shipping::Include);
    });
    if (!rows) return std::nullopt;
    // As build_report computes an earlier night without evidence: a cleared or sold basis has no
    // prices behind it there, so such a row is never compared.
    const bool asking_basis = options.basis != analysis::PriceBasis::cleared &&
                              options.basis != analysis::PriceBasis::sold;
    analysis::Report report;
    for (const auto& r : *rows) {
        const auto& wanted = options.conditions;
        if (std::find(wanted.begin(), wanted.end(), r.condition) == wanted.end()) continue;
        analysis::ReportRow row;
        row.condition = r.condition;
        row.model.key = r.model;  // what attach_changes compares
        row.listings = r.listings;
        row.median_usd = r.median_usd;
        row.low_sample = !asking_basis || r.listings < options.min_listings;
        report.rows.push_back(std::move(row));
    }
    return report;
}

std::optional<analysis::PriceSeries> rolled_up_price_series(
    schema::Database& db, const schema::Past& past, const schema::Catalog& catalog,
    const std::string& from, const std::string& to, const schema::ObservationFilter& filter,
    const std::vector<schema::ConditionClass>& conditions, analysis::Shipping shipping,
    const std::vector<schema::SoldPrice>& sold) {
    if (filter.excluded_flags != schema::kAllPriceFlags) return std::nullopt;
    const auto rows = past.if_derived([&] {
        return schema::load_model_nights_between(db, filter.market, from, to,
                                                 shipping == analysis::Shipping::Include);
    });
    if (!rows) return std::nullopt;
    // Per model, as price_series groups them: a model with sales alone in the window has a
    // series too.
    std::map<std::string,
             std::pair<std::vector<analysis::NightlyMedian>, std::vector<schema::SoldPrice>>>
        by_model;
    for (const auto& r : *rows) by_model[r.model].first.push_back(to_median(r));
    for (const auto& s : sold) by_model[s.model].second.push_back(s);
    analysis::PriceSeries series;
    for (const auto& [model, in] : by_model) {
        for (auto& night :
             analysis::add_sold(in.first, in.second, catalog, conditions, filter.market))
            series[{model, night.condition}].push_back(std::move(night));
    }
    return series;
}

}  // namespace gpuprice::app
