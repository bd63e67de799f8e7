#include <doctest/doctest.h>

#include <cstdlib>
#include <stdexcept>

#include "schema/domain/clock.hpp"

using namespace gpuprice;

TEST_SUITE("clock") {
    TEST_CASE("ISO 8601 UTC times parse, with or without fractions; others do not") {
        const auto t = schema::parse_iso_utc("2026-12-03T03:00:00Z");
        REQUIRE(t);
        CHECK(schema::iso_utc(*t) == "2026-12-03T03:00:00Z");
        CHECK(schema::utc_date(*t) == "2026-12-03");
        const auto f = schema::parse_iso_utc("2026-11-20T18:30:05.123Z");
        REQUIRE(f);
        CHECK(schema::iso_utc(*f) == "2026-11-20T18:30:05Z");
        for (const char* bad :
             {"2026-12-03", "2026-12-03 03:00:00Z", "2026-12-03T03:00:00", "2026-13-03T03:00:00Z",
              "2026-12-03T25:00:00Z", "2026-12-03T03:00:00.Z", "yesterday"}) {
            CAPTURE(bad);
            CHECK_FALSE(schema::parse_iso_utc(bad));
        }
    }

    TEST_CASE("GPUPRICE_NOW sets the clock, frozen; a bad value names the variable") {
        ::setenv("GPUPRICE_NOW", "2026-12-03T03:00:00Z", 1);
        CHECK(schema::now_iso() == "2026-12-03T03:00:00Z");
        CHECK(schema::today() == "2026-12-03");
        ::setenv("GPUPRICE_NOW", "2026-12-04T02:59:59Z", 1);
        CHECK(schema::today() == "2026-12-04");
        ::setenv("GPUPRICE_NOW", "tomorrow", 1);
        try {
            schema::now();
            FAIL("a malformed GPUPRICE_NOW was accepted");
        } catch (const std::invalid_argument& e) {
            CHECK(std::string(e.what()).find("GPUPRICE_NOW='tomorrow'") != std::string::npos);
        }
        ::unsetenv("GPUPRICE_NOW");
        // The system clock again: certainly after the replayed nights above.
        CHECK(schema::today() > "2026-01-01");
    }

    TEST_CASE("days between dates and the Monday of a week") {
        CHECK(schema::days_between("2026-11-28", "2026-12-03") == 5);
        CHECK(schema::days_between("2026-12-03", "2026-12-03") == 0);
        CHECK(schema::week_start("2026-12-03") == "2026-11-30");  // a Thursday
        CHECK(schema::week_start("2026-11-30") == "2026-11-30");  // the Monday itself
        CHECK(schema::week_start("2026-12-06") == "2026-11-30");  // the Sunday
        CHECK_THROWS_AS(schema::days_between("2026-12-3", "2026-12-03"), std::invalid_argument);
    }
}
