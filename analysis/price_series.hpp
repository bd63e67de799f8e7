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

// Most models sell once or twice a night, and such a night's median is one sale's price: dots
// that scatter over the sparkline (UX P12). A series whose nights with sales average fewer than
// this many sales gets weekly sold medians instead.
inline constexpr double kThinSalesPerNight = 3.0;

// Replaces the sold medians of each thin series (kThinSalesPerNight) with the weekly medians of
// its sales (`sold`, as price_history pools them: Monday to Sunday), each on its week's last night
// up to `to` (sold_days 7). Other series are left as they are.
void pool_thin_sales(PriceSeries& series, const std::vector<schema::SoldPrice>& sold,
                     const schema::Catalog& catalog, const schema::Market& marketplace,
                     const std::string& to);

}  // namespace gpuprice::analysis
