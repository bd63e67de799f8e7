#include "analysis/group_figures.hpp"

#include <algorithm>

#include "analysis/median.hpp"
#include "analysis/outliers.hpp"

namespace gpuprice::analysis {

GroupFigures group_figures(const GroupPrices& prices, double price_floor) {
    GroupFigures f;
    const auto& asking = prices.asking_usd;
    std::vector<double> judged;  // the asking prices not kept out as suspect
    for (std::size_t i = 0; i < asking.size(); ++i) {
        if (prices.kept_out_as_suspect[i]) {
            ++f.suspect_removed;
        } else {
            judged.push_back(asking[i]);
        }
    }
    const auto outlier = find_outliers(judged, price_floor);
    f.outlier.assign(asking.size(), false);
    std::vector<double> kept;
    for (std::size_t i = 0, next = 0; i < asking.size(); ++i) {
        if (prices.kept_out_as_suspect[i]) continue;
        if (outlier[next++]) {
            f.outlier[i] = true;
            ++f.outliers_removed;
        } else {
            kept.push_back(asking[i]);
        }
    }
    f.listings = static_cast<int>(kept.size());
    if (!kept.empty()) {
        f.median_usd = median(kept);
        f.p25_usd = percentile(kept, 0.25);
        f.p75_usd = percentile(kept, 0.75);
        f.min_usd = *std::min_element(kept.begin(), kept.end());
    }
    if (kept.size() >= 3) {
        std::partial_sort(kept.begin(), kept.begin() + 3, kept.end());
        f.lowest3_mean_usd = (kept[0] + kept[1] + kept[2]) / 3.0;
    }
    // Clearances: the price and, where known, the days listed of the same kept listings.
    const auto cleared_outlier = find_outliers(prices.cleared_usd, price_floor);
    std::vector<double> cleared, days;
    for (std::size_t i = 0; i < prices.cleared_usd.size(); ++i) {
        if (cleared_outlier[i]) continue;
        cleared.push_back(prices.cleared_usd[i]);
        if (i < prices.cleared_days.size()) days.push_back(prices.cleared_days[i]);
    }
    f.cleared_listings = static_cast<int>(cleared.size());
    if (!cleared.empty()) f.cleared_median_usd = median(cleared);
    if (!days.empty()) f.median_days_listed = median(days);
    if (prices.sold_usd) {
        const auto sold_outlier = find_outliers(*prices.sold_usd, price_floor);
        std::vector<double> sold;
        for (std::size_t i = 0; i < prices.sold_usd->size(); ++i) {
            if (!sold_outlier[i]) sold.push_back((*prices.sold_usd)[i]);
        }
        f.sold_listings = static_cast<int>(sold.size());
        if (!sold.empty()) f.sold_median_usd = median(sold);
    }
    return f;
}

}  // namespace gpuprice::analysis
