#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>

#include "schema/domain/ascii_case.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/condition_names.hpp"
#include "schema/domain/skip_reason.hpp"

namespace test_condition {

using namespace gpuprice::schema;

TEST_SUITE("schema::condition") {
    TEST_CASE("ids class as buyers compare prices") {
        CHECK(condition_class(1000) == ConditionClass::new_item);
        CHECK(condition_class(1500) == ConditionClass::open_box);
        CHECK(condition_class(1750) == ConditionClass::open_box);
        CHECK(condition_class(2010) == ConditionClass::refurbished);
        CHECK(condition_class(3000) == ConditionClass::used);
        CHECK(condition_class(6000) == ConditionClass::used);  // a used grade never searched
        CHECK(condition_class(7000) == ConditionClass::for_parts);
        CHECK(condition_class(0) == ConditionClass::other);
        CHECK(condition_class(9999) == ConditionClass::other);
        CHECK(condition_name(ConditionClass::open_box) == "open-box");
        CHECK(condition_name(ConditionClass::for_parts) == "for-parts");
    }

    // The review found the fetcher searching ids that the reports classed differently: every id
    // searched for a class must class back into it, and the stand-in id too.
    TEST_CASE("every id searched for a class is classed as that class") {
        int searched = 0;
        for (const auto& c : condition_classes()) {
            CAPTURE(c.name);
            CHECK(&condition_info(c.condition) == &c);
            std::string ids(c.search_ids);
            for (std::size_t at = 0; !ids.empty() && at != std::string::npos;) {
                const auto bar = ids.find('|', at);
                const int id = std::stoi(ids.substr(at, bar - at));
                CHECK(condition_class(id) == c.condition);
                ++searched;
                at = bar == std::string::npos ? bar : bar + 1;
            }
            if (!c.search_ids.empty()) CHECK(condition_class(c.first_id) == c.condition);
        }
        CHECK(searched == 9);
        CHECK(condition_info(ConditionClass::for_parts).search_ids.empty());  // never a price
    }

    TEST_CASE("a statement's span of ids holds every id of the classes asked for, and no more") {
        CHECK(condition_id_span({ConditionClass::used}) == std::pair{3000, 6999});
        CHECK(condition_id_span({ConditionClass::refurbished, ConditionClass::new_item}) ==
              std::pair{1000, 2999});
        // Every id of every class falls inside the span of a set holding that class.
        for (const auto& all : {parse_conditions("all"), std::vector{ConditionClass::open_box}}) {
            const auto [first, last] = condition_id_span(all);
            for (int id = 0; id <= 8000; ++id) {
                if (std::find(all.begin(), all.end(), condition_class(id)) != all.end()) {
                    CAPTURE(id);
                    CHECK((first <= id && id <= last));
                }
            }
        }
        // None asked, or `other` (ids of no class, a listing without one: 0): every id.
        const std::pair every{std::numeric_limits<int>::min(), std::numeric_limits<int>::max()};
        CHECK(condition_id_span({}) == every);
        CHECK(condition_id_span({ConditionClass::used, ConditionClass::other}) == every);
    }

    TEST_CASE("--condition: one parser for fetch, report, recommend and history") {
        CHECK(parse_conditions("used") == std::vector{ConditionClass::used});
        CHECK(parse_conditions("open-box") == std::vector{ConditionClass::open_box});
        CHECK(parse_conditions("all") ==
              std::vector{ConditionClass::new_item, ConditionClass::open_box,
                          ConditionClass::refurbished, ConditionClass::used});
        CHECK_THROWS_WITH_AS(parse_conditions("for-parts"),
                             "unknown condition 'for-parts' (use new, open-box, refurbished, "
                             "used or all)",
                             std::invalid_argument);
        CHECK_THROWS_AS(parse_conditions("Used"), std::invalid_argument);
        CHECK_THROWS_AS(parse_conditions(""), std::invalid_argument);
    }
}

TEST_SUITE("schema::skip_reason") {
    // run_skips rows hold these texts: a rename would split one reason in two across nights.
    TEST_CASE("each reason has its stored text, no two the same") {
        CHECK(skip_reason_name(SkipReason::bad_price) == "bad-price");
        CHECK(skip_reason_name(SkipReason::for_parts_condition) == "for-parts-condition");
        CHECK(skip_reason_name(SkipReason::duplicate) == "duplicate");
        CHECK(skip_reason_name(SkipReason::truncated_page) == "truncated-page");
        std::set<std::string_view> names;
        for (int i = 0; i <= static_cast<int>(SkipReason::sold_out); ++i) {
            names.insert(skip_reason_name(static_cast<SkipReason>(i)));
        }
        CHECK(names.size() == static_cast<std::size_t>(SkipReason::sold_out) + 1);
    }

    TEST_CASE("eBay's condition names give the id eBay sends beside them") {
        // Pairs seen together in the real GPU summaries (shared/real-listings, ebay-samples).
        CHECK(condition_id_of_name("New") == 1000);
        CHECK(condition_id_of_name("Nuovo") == 1000);
        CHECK(condition_id_of_name("Open box") == 1500);
        CHECK(condition_id_of_name("Certified - Refurbished") == 2000);
        CHECK(condition_id_of_name("Very Good - Refurbished") == 2020);
        CHECK(condition_id_of_name("Used") == 3000);
        CHECK(condition_id_of_name("For parts or not working") == 7000);
        // As eBay may case or pad it; anything else is no condition.
        CHECK(condition_id_of_name(" open BOX ") == 1500);
        CHECK_FALSE(condition_id_of_name("Gebraucht"));
        CHECK_FALSE(condition_id_of_name("Used - see description"));
        CHECK_FALSE(condition_id_of_name(""));
        std::set<std::string> names;
        for (const auto& row : condition_names()) {
            CAPTURE(row.name);
            CHECK(condition_class(row.condition_id) != ConditionClass::other);
            CHECK_FALSE(row.source.empty());
            CHECK(names.insert(ascii_lower(row.name)).second);  // one row per name
        }
    }
}

}  // namespace test_condition
