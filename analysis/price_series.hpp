// Every model's prices night by night over a window, for the page's sparklines: the asking
// median (outliers removed as in the report) beside the cleared and sold medians of each night.
// The same figures `history` shows one model at a time (price_history), for all models at once.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "analysis/price_history.hpp"

namespace gpuprice::analysis {

// (model, condition) -> its nights, oldest first.
using PriceSeries =
    std::map<std::pair<std::string, schema::ConditionClass>, std::vector<NightlyMedian>>;

// `observations`: every observation of the window (not only each listing's latest); clearances
// and sales of the same window. Suspect prices are kept out as in `history` (price_history.hpp);
// `marketplace`: the prices' market (its price floor, its currency).
PriceSeries price_series(const std::vector<schema::PricedObservation>& observations,
                         const std::vector<Clearance>& clearances,
                         const std::vector<schema::SoldPrice>& sold, const schema::Catalog& catalog,
                         const std::vector<schema::ConditionClass>& conditions, Shipping shipping,
                         const schema::Market& marketplace);

}  // namespace gpuprice::analysis
