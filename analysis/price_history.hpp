// A model's prices night by night (or week by week): the asking median with the same outlier
// rule as the report, beside the median of what cleared and of what sold in the same period.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/clearance.hpp"
#include "analysis/price_report.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/observation.hpp"
#include "schema/domain/sold_item.hpp"

namespace gpuprice::analysis {

enum class Period { night, week };

struct NightlyMedian {
    std::string night;  // the night, or the Monday of the week
    schema::ConditionClass condition = schema::ConditionClass::used;
    int listings = 0;
    int outliers_removed = 0;
    int suspect_removed = 0;  // kept out as suspect prices (suspect_price.hpp)
    double median_usd = 0;    // meaningful when listings > 0
    double p25_usd = 0;
    double p75_usd = 0;
    std::optional<double> cleared_median_usd;
    int cleared_listings = 0;
    std::optional<double> sold_median_usd;
    int sold_listings = 0;
    int sold_days = 1;  // the days the sold median pools: 7 for a week's (pool_thin_sales)
};

// The suspect-price rule judges a period's asking prices against the model's prices of this many
// nights up to the period's end.
inline constexpr int kSuspectEvidenceNights = 30;

// One model's history (its prices, clearances and sales), oldest first. Asking prices: over a
// week, each listing once at its latest price there. Clearances count on the night they were
// found gone, sales on the day they sold. A price the
// suspect-price rule flags against the model's prices of the kSuspectEvidenceNights nights up to
// its period's end (in `history` and `clearances`: each listing once at its latest asking price,
// and what cleared) is kept out, as in `report` (`include_suspect_prices` lets it in). `only`:
// the row of that period alone (the others' prices still serve as its evidence).
std::vector<NightlyMedian> price_history(
    const std::vector<schema::PricedObservation>& history, const std::vector<Clearance>& clearances,
    const std::vector<schema::SoldPrice>& sold, const schema::Catalog& catalog,
    const std::vector<schema::ConditionClass>& conditions, Shipping shipping,
    const schema::Market& marketplace, Period period = Period::night,
    bool include_suspect_prices = false, const std::optional<std::string>& only = std::nullopt);

// Prices per model (SKU key), each model's in no particular order: a rollup groups its window once
// for both of its shipping bases (145,000 prices at a year).
using PricesByModel = std::map<std::string, std::vector<schema::NightPrice>, std::less<>>;

// The asking and cleared medians of `night` of every model in `prices` and `cleared`, per
// condition class, every class: what the nightly rollups store. `prices` holds the
// kSuspectEvidenceNights nights up to `night` (each listing once at its latest price there is
// enough) and `cleared` the listings found gone on those nights (each at its last price, on the
// night found gone): the suspect-price rule's evidence. Sold prices are added where the rollups
// are read (add_sold), since a later sold fetch adds sales to past days.
std::map<std::string, std::vector<NightlyMedian>> nightly_medians_by_model(
    const PricesByModel& prices, const PricesByModel& cleared, const schema::Catalog& catalog,
    Shipping shipping, const schema::Market& marketplace, const std::string& night);

// `nights` of one model (per night, oldest first, without sold prices) with the sold medians of
// `sold` added, and the nights and classes of `conditions` only: price_history over the same
// prices, per night.
std::vector<NightlyMedian> add_sold(const std::vector<NightlyMedian>& nights,
                                    const std::vector<schema::SoldPrice>& sold,
                                    const schema::Catalog& catalog,
                                    const std::vector<schema::ConditionClass>& conditions,
                                    const schema::Market& marketplace);

}  // namespace gpuprice::analysis
