// The one function for a group's figures (analysis/group_figures), checked against figures worked
// out by hand: what the report's rows, the history's nights, the page's sparklines and the nightly
// rollup all show.
#include <doctest/doctest.h>

#include "analysis/group_figures.hpp"

namespace test_group_figures {

using namespace gpuprice::analysis;

TEST_SUITE("analysis::group_figures") {
    TEST_CASE("a suspect price is kept out before the outlier rule, an outlier after it") {
        GroupPrices prices;
        // 90 is suspect (kept out), 5,000 an outlier of the rest; 3 is under the floor of 50.
        prices.asking_usd = {100, 90, 120, 5000, 110, 3};
        prices.kept_out_as_suspect = {false, true, false, false, false, false};
        const auto f = group_figures(prices, 50);
        CHECK(f.suspect_removed == 1);
        CHECK(f.outliers_removed == 2);
        CHECK(f.outlier == std::vector<bool>{false, false, false, true, false, true});
        CHECK(f.listings == 3);
        CHECK(f.median_usd == 110);
        CHECK(f.p25_usd == 105);  // halfway between 100 and 110
        CHECK(f.p75_usd == 115);
        REQUIRE(f.min_usd);
        CHECK(*f.min_usd == 100);
        REQUIRE(f.lowest3_mean_usd);
        CHECK(*f.lowest3_mean_usd == doctest::Approx(110));
        CHECK_FALSE(f.sold_median_usd);
        CHECK(f.sold_listings == 0);
    }

    TEST_CASE("an included suspect price counts; fewer than three give no lowest-three mean") {
        GroupPrices prices;
        prices.asking_usd = {100, 90};
        prices.kept_out_as_suspect = {false, false};
        const auto f = group_figures(prices, 50);
        CHECK(f.listings == 2);
        CHECK(f.median_usd == 95);
        CHECK_FALSE(f.lowest3_mean_usd);
    }

    TEST_CASE("cleared prices keep their days listed, an outlier's days go with it") {
        GroupPrices prices;
        prices.cleared_usd = {700, 720, 9000, 680};
        prices.cleared_days = {3, 5, 1, 40};
        prices.sold_usd = std::vector<double>{650, 20, 660};  // 20 is under the floor
        const auto f = group_figures(prices, 50);
        CHECK(f.listings == 0);
        CHECK_FALSE(f.min_usd);
        CHECK(f.cleared_listings == 3);
        REQUIRE(f.cleared_median_usd);
        CHECK(*f.cleared_median_usd == 700);
        REQUIRE(f.median_days_listed);
        CHECK(*f.median_days_listed == 5);  // of 3, 5 and 40: the 9,000 sale's day is gone
        CHECK(f.sold_listings == 2);
        REQUIRE(f.sold_median_usd);
        CHECK(*f.sold_median_usd == 655);
    }

    TEST_CASE("without days listed (the history's nights) there is no median of them") {
        GroupPrices prices;
        prices.cleared_usd = {700, 720};
        const auto f = group_figures(prices, 50);
        CHECK(f.cleared_listings == 2);
        CHECK_FALSE(f.median_days_listed);
    }
}

}  // namespace test_group_figures
