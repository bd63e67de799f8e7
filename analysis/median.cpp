#include "analysis/median.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gpuprice::analysis {

double percentile(std::vector<double> values, double q) {
    if (values.empty()) throw std::invalid_argument("percentile of no values");
    std::sort(values.begin(), values.end());
    const double position = std::clamp(q, 0.0, 1.0) * static_cast<double>(values.size() - 1);
    const auto lower = static_cast<std::size_t>(std::floor(position));
    const auto upper = std::min(lower + 1, values.size() - 1);
    const double fraction = position - static_cast<double>(lower);
    return values[lower] + (values[upper] - values[lower]) * fraction;
}

double median(std::vector<double> values) {
    return percentile(std::move(values), 0.5);
}

}  // namespace gpuprice::analysis
