// Spearman's rank correlation: how well one figure orders cards as another does (train_rel and
// peak FLOPS against Lambda's measured training throughput).
#pragma once

#include <vector>

namespace gpuprice::analysis {

// The rank (1-based) of each value, ties sharing their mean rank.
std::vector<double> ranks(const std::vector<double>& values);

// Pearson's correlation of the ranks of `a` and `b` (the same length, at least two, neither all
// equal): 1 when they order alike, -1 when reversed.
double spearman(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace gpuprice::analysis
