// Order statistics of prices.
#pragma once

#include <vector>

namespace gpuprice::analysis {

// The q-quantile (0..1) by linear interpolation between order statistics (Hyndman & Fan type 7,
// what spreadsheets' PERCENTILE computes). `values` must be non-empty; it need not be sorted.
double percentile(std::vector<double> values, double q);
double median(std::vector<double> values);

}  // namespace gpuprice::analysis
