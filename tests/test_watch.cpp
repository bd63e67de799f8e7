#include <doctest/doctest.h>

#include "analysis/price_report.hpp"
#include "analysis/watch_check.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/store/migrations.hpp"
#include "schema/store/sqlite.hpp"
#include "schema/store/watch_store.hpp"
#include "tests/shipped_catalog.hpp"
#include "tests/test_context.hpp"
#include "tests/used_listing.hpp"

namespace test_watch {

using gpuprice::test::shipped_catalog;

using namespace gpuprice::analysis;
using gpuprice::schema::PricedObservation;
using gpuprice::schema::Watch;

namespace {

PricedObservation seen(std::int64_t id, double usd, const std::string& night,
                       const std::string& model = "rtx-3090") {
    return gpuprice::test::used_listing(id, model, usd, night);
}

Report night(const std::vector<PricedObservation>& observations,
             PriceBasis basis = PriceBasis::median) {
    ReportOptions options;
    options.as_of = observations.front().observed_on;
    options.basis = basis;
    return build_report(observations, shipped_catalog(), options);
}

Watch watch_3090(double below, const std::string& price = "median") {
    return {1, "rtx-3090", "used", std::llround(below * 100), price, "EBAY_US", ""};
}

}  // namespace

TEST_SUITE("analysis::watch_check") {
    TEST_CASE("a listing under the line fires on the night it appears, not again after") {
        const auto monday = night(
            {seen(1, 780, "2026-11-30"), seen(2, 800, "2026-11-30"), seen(3, 820, "2026-11-30")});
        const auto tuesday = night({seen(1, 780, "2026-12-01"), seen(2, 800, "2026-12-01"),
                                    seen(3, 820, "2026-12-01"), seen(4, 690, "2026-12-01")});
        const auto wednesday = night({seen(1, 780, "2026-12-02"), seen(2, 800, "2026-12-02"),
                                      seen(3, 820, "2026-12-02"), seen(4, 690, "2026-12-02")});
        const auto watch = watch_3090(700);
        CHECK_FALSE(check_watch(watch, monday, nullptr));
        const auto fired = check_watch(watch, tuesday, &monday);
        REQUIRE(fired);
        REQUIRE(fired->listings.size() == 1);
        CHECK(fired->listings[0].observation.listing_id == 4);
        CHECK(fired->crossings.empty());  // the median stays at $790
        CHECK_FALSE(check_watch(watch, wednesday, &tuesday));
    }

    TEST_CASE("a price cut below the line fires, the cheapest first") {
        const auto before = night(
            {seen(1, 780, "2026-11-30"), seen(2, 720, "2026-11-30"), seen(3, 820, "2026-11-30")});
        const auto after = night(
            {seen(1, 690, "2026-12-01"), seen(2, 650, "2026-12-01"), seen(3, 820, "2026-12-01")});
        const auto fired = check_watch(watch_3090(700), after, &before);
        REQUIRE(fired);
        REQUIRE(fired->listings.size() == 2);
        CHECK(fired->listings[0].observation.listing_id == 2);
        CHECK(fired->listings[1].observation.listing_id == 1);
        // The median, 780 then 690, crossed too.
        REQUIRE(fired->crossings.size() == 1);
        CHECK(fired->crossings[0].before == doctest::Approx(780));
        CHECK(fired->crossings[0].now == doctest::Approx(690));
    }

    TEST_CASE("the chosen price fires when it crosses, and only then") {
        const auto before = night(
            {seen(1, 760, "2026-11-30"), seen(2, 800, "2026-11-30"), seen(3, 820, "2026-11-30")});
        const auto after = night(
            {seen(1, 760, "2026-12-01"), seen(2, 770, "2026-12-01"), seen(3, 820, "2026-12-01")});
        // Median 800 -> 770 crosses 790; no listing is under it that was not before (760 was).
        auto fired = check_watch(watch_3090(790), after, &before);
        REQUIRE(fired);
        CHECK(fired->crossings.size() == 1);
        REQUIRE(fired->listings.size() == 1);
        CHECK(fired->listings[0].observation.listing_id == 2);  // 770 is new under 790
        // Under the line both nights: no crossing.
        fired = check_watch(watch_3090(900), after, &before);
        CHECK_FALSE(fired);
        // p25, 780 then 765, crosses 775 (in reports ranked by p25, as the watch's check builds).
        const auto p25_before = night(
            {seen(1, 760, "2026-11-30"), seen(2, 800, "2026-11-30"), seen(3, 820, "2026-11-30")},
            PriceBasis::p25);
        const auto p25_after = night(
            {seen(1, 760, "2026-12-01"), seen(2, 770, "2026-12-01"), seen(3, 820, "2026-12-01")},
            PriceBasis::p25);
        fired = check_watch(watch_3090(775, "p25"), p25_after, &p25_before);
        REQUIRE(fired);
        REQUIRE(fired->crossings.size() == 1);
        CHECK(fired->crossings[0].before == doctest::Approx(780));
        CHECK(fired->crossings[0].now == doctest::Approx(765));
    }

    TEST_CASE("outliers and other models never fire") {
        const auto before = night({seen(1, 780, "2026-11-30"), seen(2, 800, "2026-11-30"),
                                   seen(3, 820, "2026-11-30"), seen(4, 790, "2026-11-30")});
        // A $5 RTX 3090 is under every floor: an outlier, not a bargain.
        const auto after =
            night({seen(1, 780, "2026-12-01"), seen(2, 800, "2026-12-01"),
                   seen(3, 820, "2026-12-01"), seen(4, 790, "2026-12-01"), seen(5, 5, "2026-12-01"),
                   seen(6, 200, "2026-12-01", "rtx-3060-12gb")});
        CHECK_FALSE(check_watch(watch_3090(700), after, &before));
    }

    // UX P8: 17 listings were under $700 and the line said "1 listing under the line".
    TEST_CASE("the line counts the new listings under the line and all of them") {
        const auto before = night({seen(1, 650, "2026-11-30"), seen(2, 660, "2026-11-30")});
        const auto fired =
            check_watch(watch_3090(700),
                        night({seen(1, 650, "2026-12-01"), seen(2, 660, "2026-12-01"),
                               seen(3, 640, "2026-12-01"), seen(4, 900, "2026-12-01")}),
                        &before);
        REQUIRE(fired);
        CHECK(fired->under_now == 3);
        const auto line = watch_line(*fired, "RTX 3090", "USD");
        CHECK(line.find(": 1 new listing under the line (3 in all): $640.00 ") !=
              std::string::npos);
        // Where the model stands, as `watch add` and `watch list` say it.
        CHECK(watch_standing(watch_3090(700),
                             night({seen(3, 640, "2026-12-01"), seen(4, 900, "2026-12-01"),
                                    seen(5, 690, "2026-12-01")}),
                             "USD") == "used median $690; 2 listings under $700 now");
    }

    TEST_CASE("the mail line names the watch, the prices and the links") {
        const auto before = night(
            {seen(1, 780, "2026-11-30"), seen(2, 800, "2026-11-30"), seen(3, 820, "2026-11-30")});
        auto observations = std::vector<PricedObservation>{
            seen(1, 780, "2026-12-01"), seen(2, 800, "2026-12-01"), seen(3, 820, "2026-12-01")};
        for (int i = 0; i < 7; ++i) observations.push_back(seen(10 + i, 600 + i, "2026-12-01"));
        observations[3].item_url = "https://www.ebay.com/itm/10\x1b[2J";  // the cheapest
        const auto fired = check_watch(watch_3090(700), night(observations), &before);
        REQUIRE(fired);
        const auto line = watch_line(*fired, "RTX 3090", "USD");
        CHECK(
            line.starts_with("gpuprice watch 1 (RTX 3090, used, below $700 (median)): used "
                             "median $800.00 -> $"));
        CHECK(line.find("7 new listings under the line: $600.00 https://www.ebay.com/itm/10[2J, "
                        "$601.00 https://www.ebay.com/itm/11,") != std::string::npos);
        CHECK(line.ends_with("$604.00 https://www.ebay.com/itm/14 and 2 more"));
        CHECK(line.find('\n') == std::string::npos);
        CHECK(line.find('\x1b') == std::string::npos);
    }
}

TEST_SUITE("store::watches") {
    TEST_CASE("watches are added, listed in order and removed in a real database file") {
        gpuprice::test::TempDir dir;
        gpuprice::schema::Database db(dir.file("w.db"));
        gpuprice::schema::migrate(db);
        const auto first = add_watch(db, watch_3090(700));
        Watch second = watch_3090(1200.5, "cleared");
        second.model = "a100-pcie-40gb";
        second.condition = "all";
        const auto id = add_watch(db, second);
        CHECK(id > first);
        auto watches = load_watches(db);
        REQUIRE(watches.size() == 2);
        CHECK(watches[0].id == first);
        CHECK(watches[1].model == "a100-pcie-40gb");
        CHECK(watches[1].below_cents == 120050);
        CHECK(watches[1].price == "cleared");
        CHECK(watches[1].condition == "all");
        CHECK(remove_watch(db, first));
        CHECK_FALSE(remove_watch(db, first));
        watches = load_watches(db);
        REQUIRE(watches.size() == 1);
        CHECK(watches[0].id == id);
        // The line is a price: the database refuses none.
        Watch none = watch_3090(0);
        CHECK_THROWS_AS(add_watch(db, none), gpuprice::schema::SqliteError);
    }
}

}  // namespace test_watch
