#include "analysis/outliers.hpp"

#include <algorithm>
#include <cmath>

#include "analysis/median.hpp"

namespace gpuprice::analysis {

std::vector<bool> find_outliers(const std::vector<double>& prices_usd) {
    std::vector<bool> outlier(prices_usd.size(), false);
    std::vector<double> logs;
    for (std::size_t i = 0; i < prices_usd.size(); ++i) {
        if (!(prices_usd[i] >= kPriceFloorUsd)) {
            outlier[i] = true;
        } else {
            logs.push_back(std::log(prices_usd[i]));
        }
    }
    if (logs.size() < kMinForMad) return outlier;
    const double center = median(logs);
    std::vector<double> deviations;
    deviations.reserve(logs.size());
    for (double l : logs) deviations.push_back(std::abs(l - center));
    const double scaled_mad = std::max(kMadScale * median(deviations), kMinScaledMad);
    for (std::size_t i = 0; i < prices_usd.size(); ++i) {
        if (outlier[i]) continue;
        if (std::abs(std::log(prices_usd[i]) - center) > kMadLimit * scaled_mad) outlier[i] = true;
    }
    return outlier;
}

}  // namespace gpuprice::analysis
