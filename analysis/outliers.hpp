// The robust rule that keeps $1 placeholders and $99,999 "do not buy" listings out of a median.
//
// 1. A floor: prices under the market's price floor (schema::Market::price_floor, in its
//    currency) are dropped (no working GPU in the catalog sells for that; such listings are
//    placeholders, parts or mistakes).
// 2. Of what remains, with at least kMinForMad prices: drop those whose log price lies more than
//    kMadLimit scaled MADs from the median log price. The scaled MAD is 1.4826 x the median
//    absolute deviation (the normal-consistent estimate of sigma), but never below
//    kMinScaledMad, so that a handful of identical prices does not make every other one an
//    outlier. Log prices, because prices spread multiplicatively.
#pragma once

#include <cstddef>
#include <vector>

namespace gpuprice::analysis {

inline constexpr double kMadLimit = 3.0;
inline constexpr double kMadScale = 1.4826;
inline constexpr double kMinScaledMad = 0.05;  // about 5% in price
inline constexpr std::size_t kMinForMad = 3;

// For each price, whether it is an outlier by the rule above; `price_floor` in the prices'
// currency.
std::vector<bool> find_outliers(const std::vector<double>& prices, double price_floor);

}  // namespace gpuprice::analysis
