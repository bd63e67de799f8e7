// Buying advice from a report: the best GFLOPS per USD that fits a budget, preferring the
// largest VRAM class affordable, for one card or several (with their power and slot width).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/price_report.hpp"

namespace gpuprice::analysis {

struct RecommendOptions {
    double budget_usd = 0;
    int count = 1;                 // cards to buy
    std::optional<int> max_watts;  // total TDP allowed for all `count` cards
    int results = 5;
    bool include_sxm = false;               // SXM modules need a server board with SXM sockets
    PriceBasis basis = PriceBasis::median;  // the report's basis, named in the reasoning
};

struct Recommendation {
    const ReportRow* row = nullptr;
    double total_usd = 0;
    int total_tdp_w = 0;
    std::optional<double> total_slots;
    std::string reasoning;  // one line
};

// Ranked cards only (enough listings, the precision present). Largest VRAM class first, then
// GFLOPS per USD.
std::vector<Recommendation> recommend(const Report& report, const RecommendOptions& options,
                                      const std::string& precision_label);

}  // namespace gpuprice::analysis
