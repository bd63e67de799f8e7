#include <doctest/doctest.h>

#include <cstdlib>
#include <stdexcept>

#include "schema/domain/clock.hpp"
#include "schema/domain/night.hpp"

namespace test_clock {

using namespace gpuprice;

TEST_SUITE("clock") {
    TEST_CASE("a night is a day: parsed, printed, moved and taken from a time") {
        using gpuprice::schema::Night;
        CHECK(Night::from_text("2026-12-01").text() == "2026-12-01");
        CHECK(Night::from_text("2026-12-31").plus(1).text() == "2027-01-01");
        CHECK(Night::from_text("2028-03-01").plus(-1).text() == "2028-02-29");
        CHECK(Night::from_text("1970-01-01") == Night());
        CHECK(Night::of(*gpuprice::schema::parse_iso_utc("2026-12-01T23:59:59Z")).text() ==
              "2026-12-01");
        CHECK(Night::from_text("2026-12-01") < Night::from_text("2026-12-02"));
        CHECK_FALSE(Night::parse("2026-02-30"));
        CHECK_FALSE(Night::parse("2026-12-01T03:00:00Z"));
        CHECK_THROWS_AS(Night::from_text("12/01/2026"), std::invalid_argument);
    }

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

    TEST_CASE("a date is YYYY-MM-DD exactly, a real day, from 1970 to 2100") {
        for (const char* good : {"1970-01-01", "2026-12-03", "2024-02-29", "2100-12-31"}) {
            CAPTURE(good);
            CHECK(schema::is_valid_date(good));
        }
        // A sign, a short field, a space or a letter where a digit belongs; no such day; and the
        // years before 1970 or after 2100 that a person only types by mistake.
        for (const char* bad :
             {"+026-01-01", "-026-01-01", "2026-1-011", "2026-01-1 ", " 2026-01-01", "2026-01-01x",
              "2026/01/01", "2026-0a-01", "2026-13-01", "2026-02-30", "2025-02-29", "1969-12-31",
              "2101-01-01", "1000-01-01", "9999-12-31", ""}) {
            CAPTURE(bad);
            CHECK_FALSE(schema::is_valid_date(bad));
        }
    }

    TEST_CASE("date arithmetic stays exact where nanosecond time points overflow (before 1678)") {
        // Under UBSan the old conversion through system_clock stopped here (signed overflow).
        CHECK(schema::add_days("1000-01-01", -31) == "0999-12-01");
        CHECK(schema::add_days("1677-09-21", -1) == "1677-09-20");
        CHECK(schema::add_days("2262-04-11", 1) == "2262-04-12");
        CHECK(schema::week_start("1000-01-01") == "0999-12-30");  // a Wednesday
        CHECK(schema::week_start("2100-12-31") == "2100-12-27");  // a Friday
        CHECK(schema::days_between("1000-01-01", "2100-12-31") == 402131);
        // A time outside the dates gpuprice accepts is no time: eBay's or GPUPRICE_NOW.
        CHECK_FALSE(schema::parse_iso_utc("1000-01-01T00:00:00Z"));
        CHECK_FALSE(schema::parse_iso_utc("2300-01-01T00:00:00Z"));
        CHECK(schema::parse_iso_utc("2100-12-31T23:59:59Z"));
        for (const char* bad :
             {"2026-12-03T+3:00:00Z", "2026-12-03T 3:00:00Z", "2026-12-03T03:-0:00Z",
              "2026-12-03T03:00:0xZ", "+026-12-03T03:00:00Z"}) {
            CAPTURE(bad);
            CHECK_FALSE(schema::parse_iso_utc(bad));
        }
    }
}

}  // namespace test_clock
