// A group's figures: what one model in one condition class shows for a period (the report's
// window, a night or a week of `history`, a night of the rollup and the page's sparklines), from
// its prices. Suspect prices are kept out (unless included), the outlier rule (outliers.hpp) runs
// over the rest, then the median and quartiles; cleared and sold prices get the outlier rule and
// a median each. Every reader of a group's figures calls this, so that a report's row and the
// history's night of the same prices cannot disagree.
#pragma once

#include <optional>
#include <vector>

namespace gpuprice::analysis {

// A group's prices, as read: each listing once, each sale once.
struct GroupPrices {
    std::vector<double> asking_usd;
    std::vector<bool> kept_out_as_suspect;  // per asking price: judged suspect and not included
    std::vector<double> cleared_usd;
    std::vector<double> cleared_days;  // per cleared price when known (the report), or empty
    std::optional<std::vector<double>> sold_usd;  // nullopt: no sold data to speak of
};

struct GroupFigures {
    int listings = 0;  // asking prices counted
    int suspect_removed = 0;
    int outliers_removed = 0;
    std::vector<bool> outlier;  // per asking price
    double median_usd = 0, p25_usd = 0, p75_usd = 0;
    std::optional<double> min_usd;
    std::optional<double> lowest3_mean_usd;  // with at least three counted
    int cleared_listings = 0;
    std::optional<double> cleared_median_usd;
    std::optional<double> median_days_listed;
    int sold_listings = 0;
    std::optional<double> sold_median_usd;
};

// `price_floor` in the prices' currency (schema::Market::price_floor).
GroupFigures group_figures(const GroupPrices& prices, double price_floor);

}  // namespace gpuprice::analysis
