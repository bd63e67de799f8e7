#include "analysis/outliers.hpp"

#include <algorithm>
#include <cmath>

#include "analysis/median.hpp"

namespace gpuprice::analysis {

std::vector<bool> find_outliers(const std::vector<double>& prices, double price_floor) {
    std::vector<bool> outlier(prices.size(), false);
    std::vector<double> logs;
    for (std::size_t i = 0; i < prices.size(); ++i) {
        if (!(prices[i] >= price_floor)) {
            outlier[i] = true;
        } else {
            logs.push_back(std::log(prices[i]));
        }
    }
    if (logs.size() < kMinForMad) return outlier;
    const double center = median(logs);
    std::vector<double> deviations;
    deviations.reserve(logs.size());
    for (double l : logs) deviations.push_back(std::abs(l - center));
    const double scaled_mad = std::max(kMadScale * median(deviations), kMinScaledMad);
    for (std::size_t i = 0; i < prices.size(); ++i) {
        if (outlier[i]) continue;
        if (std::abs(std::log(prices[i]) - center) > kMadLimit * scaled_mad) outlier[i] = true;
    }
    return outlier;
}

}  // namespace gpuprice::analysis
