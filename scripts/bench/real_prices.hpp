// Real eBay prices per catalog model (scripts/bench/real_prices.tsv, written by
// scripts/bench/make-real-prices from ../shared/real-listings with the hand labels of the tuning
// part of tests/data/real_title_corpus.tsv), for the realistic fake market's prices. A median of
// a model's cleared listings is then measured against prices spread the way that model's real
// ones are, not uniformly over 100-1,600 USD, where a partial set's median is mostly noise.
//
// A model with kOwnPrices real prices or more draws from its own; one with fewer draws from the
// pooled spread of those models (each real price over its model's median) around kPooledCenter:
// the within-5% measure divides by the truth, so that centre is a scale, not a claim.
#pragma once

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/median.hpp"

namespace gpuprice::bench {

struct RealPrices {
    static constexpr std::size_t kOwnPrices = 8;
    static constexpr double kPooledCenter = 500.0;

    std::map<std::string, std::vector<double>> by_model;  // model key -> its real prices
    std::vector<double> pooled_ratio;  // price / its model's median, models with kOwnPrices+

    // The price of draw `draw` (any number: it picks one real price) for `model`.
    double price(const std::string& model, std::uint64_t draw) const {
        const auto own = by_model.find(model);
        if (own != by_model.end() && own->second.size() >= kOwnPrices)
            return own->second[draw % own->second.size()];
        if (pooled_ratio.empty()) return kPooledCenter;
        return kPooledCenter * pooled_ratio[draw % pooled_ratio.size()];
    }
};

// Reads real_prices.tsv (columns model, price_usd, corpus_id; '#' lines are comments). Throws
// std::runtime_error naming the file and line of anything it cannot read.
inline RealPrices load_real_prices(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(path + ": cannot open");
    RealPrices out;
    std::string line;
    bool header = true;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.empty() || line.front() == '#') continue;
        if (header) {  // the column names
            header = false;
            continue;
        }
        const auto tab = line.find('\t');
        const auto tab2 = tab == std::string::npos ? tab : line.find('\t', tab + 1);
        double price = 0;
        try {
            price = std::stod(line.substr(tab + 1, tab2 - tab - 1));
        } catch (const std::exception&) {
            price = 0;
        }
        if (tab == 0 || tab == std::string::npos || !(price > 0))
            throw std::runtime_error(path + ":" + std::to_string(number) +
                                     ": expected model<TAB>price_usd<TAB>corpus_id");
        out.by_model[line.substr(0, tab)].push_back(price);
    }
    for (auto& [model, prices] : out.by_model) {
        std::sort(prices.begin(), prices.end());
        if (prices.size() < RealPrices::kOwnPrices) continue;
        const double median = analysis::median(prices);
        for (const auto p : prices) out.pooled_ratio.push_back(p / median);
    }
    std::sort(out.pooled_ratio.begin(), out.pooled_ratio.end());
    return out;
}

}  // namespace gpuprice::bench
