#include "analysis/group_figures.hpp"

#include <algorithm>

#include "analysis/median.hpp"
#include "analysis/outliers.hpp"

namespace gpuprice::analysis {

namespace {

// The values the outlier rule kept (`outlier` says which are outliers, one per value or more).
std::vector<double> kept(const std::vector<double>& values, const std::vector<bool>& outlier) {
    std::vector<double> out;
    for (std::size_t i = 0; i < values.size(); ++i)
        if (!outlier[i]) out.push_back(values[i]);
    return out;
}

}  // namespace

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
    for (std::size_t i = 0, next = 0; i < asking.size(); ++i)
        if (!prices.kept_out_as_suspect[i]) f.outlier[i] = outlier[next++];
    auto kept_asking = kept(judged, outlier);
    f.outliers_removed = static_cast<int>(judged.size() - kept_asking.size());
    f.listings = static_cast<int>(kept_asking.size());
    if (!kept_asking.empty()) {
        f.median_usd = median(kept_asking);
        f.p25_usd = percentile(kept_asking, 0.25);
        f.p75_usd = percentile(kept_asking, 0.75);
        f.min_usd = *std::min_element(kept_asking.begin(), kept_asking.end());
    }
    if (kept_asking.size() >= 3) {
        std::partial_sort(kept_asking.begin(), kept_asking.begin() + 3, kept_asking.end());
        f.lowest3_mean_usd = (kept_asking[0] + kept_asking[1] + kept_asking[2]) / 3.0;
    }
    // Clearances: the price and, where known, the days listed of the same kept listings.
    const auto cleared_outlier = find_outliers(prices.cleared_usd, price_floor);
    const auto cleared = kept(prices.cleared_usd, cleared_outlier);
    const auto days = kept(prices.cleared_days, cleared_outlier);
    f.cleared_listings = static_cast<int>(cleared.size());
    if (!cleared.empty()) f.cleared_median_usd = median(cleared);
    if (!days.empty()) f.median_days_listed = median(days);
    if (prices.sold_usd) {
        const auto sold = kept(*prices.sold_usd, find_outliers(*prices.sold_usd, price_floor));
        f.sold_listings = static_cast<int>(sold.size());
        if (!sold.empty()) f.sold_median_usd = median(sold);
    }
    return f;
}

}  // namespace gpuprice::analysis
