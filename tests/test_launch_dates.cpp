// Catalog audit 3, K19: each card's launch date, sourced (launches.csv), checked on load.
#include <doctest/doctest.h>

#include "schema/rules/catalog.hpp"
#include "schema/rules/catalog_date.hpp"
#include "schema/rules/csv_reader.hpp"
#include "schema/rules/launch_dates.hpp"
#include "tests/test_context.hpp"

namespace test_launch_dates {

using namespace gpuprice::schema;

namespace {

const std::string kHeader = "sku,launched,source\n";

Catalog with_launches(const std::string& rows) {
    auto catalog = load_catalog(gpuprice::test::catalog_dir());
    parse_launches(kHeader + rows, "launches.csv", catalog);
    return catalog;
}

}  // namespace

TEST_SUITE("schema::launch_dates") {
    TEST_CASE("every shipped card has a launch date and its source") {
        const auto catalog = load_catalog(gpuprice::test::catalog_dir());
        for (const auto& m : catalog.models) {
            CAPTURE(m.key);
            CHECK(is_year_month_or_day(m.launched));
            CHECK_FALSE(m.launched_source.empty());
        }
        CHECK(catalog.find_model("rtx-3090")->launched == "2020-09");
        CHECK(catalog.find_model("gtx-1080")->launched == "2016-05");
        CHECK(catalog.find_model("tesla-k80")->launched == "2014-11");
        // A rework was never launched: it takes its original's date.
        CHECK(catalog.find_model("rtx-4090-48gb")->launched ==
              catalog.find_model("rtx-4090")->launched);
    }

    TEST_CASE("a date is a year, a month or a day") {
        CHECK(is_year_month_or_day("2016"));
        CHECK(is_year_month_or_day("2016-05"));
        CHECK(is_year_month_or_day("2016-05-27"));
        CHECK_FALSE(is_year_month_or_day("16-05"));
        CHECK_FALSE(is_year_month_or_day("May 2016"));
        CHECK_FALSE(is_year_month_or_day("2016-5"));
        CHECK_FALSE(is_month_or_day("2016"));
        CHECK(is_month_or_day("2016-05"));
    }

    TEST_CASE("a bad launches.csv row names file, line and column") {
        CHECK_THROWS_WITH_AS(with_launches("rtx-9999,2030-01,src\n"),
                             doctest::Contains("launches.csv:2: column 'sku': 'rtx-9999' is not a "
                                               "key of skus.csv"),
                             DataFileError);
        CHECK_THROWS_WITH_AS(with_launches("rtx-3090,September 2020,src\n"),
                             doctest::Contains("column 'launched': 'September 2020' is not YYYY, "
                                               "YYYY-MM or YYYY-MM-DD"),
                             DataFileError);
        CHECK_THROWS_WITH_AS(with_launches("rtx-3090,2020-09,src\nrtx-3090,2020-09,src\n"),
                             doctest::Contains("launches.csv:3: column 'sku': 'rtx-3090' is "
                                               "listed twice"),
                             DataFileError);
        CHECK_THROWS_AS(with_launches("rtx-3090,2020-09,\n"), DataFileError);
        // A row replaces what the shipped file said.
        CHECK(with_launches("rtx-3090,2020-09-24,NVIDIA\n").find_model("rtx-3090")->launched ==
              "2020-09-24");
    }
}

}  // namespace test_launch_dates
