#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "analysis/phrase_index.hpp"

namespace test_phrase_index {

using gpuprice::analysis::PhraseIndex;

namespace {

std::vector<std::string> words(std::initializer_list<const char*> list) {
    return {list.begin(), list.end()};
}

}  // namespace

TEST_SUITE("analysis::phrase_index") {
    TEST_CASE("the longest phrase at a position wins, and the search goes on after it") {
        PhraseIndex index;
        index.add(words({"rtx", "3090"}), 1);
        index.add(words({"rtx", "3090", "ti"}), 2);
        index.add(words({"ti"}), 3);
        const auto found = index.find(words({"evga", "rtx", "3090", "ti", "ftw3", "ti"}));
        REQUIRE(found.size() == 2);
        CHECK(found[0].start == 1);
        CHECK(found[0].length == 3);
        CHECK(found[0].target == 2);
        CHECK(found[1].start == 5);  // the "ti" inside the longer phrase is not found again
        CHECK(found[1].target == 3);
    }

    TEST_CASE("at every start, a phrase inside a longer one is found too") {
        PhraseIndex index;
        index.add(words({"for", "parts"}), 1);
        index.add(words({"parts"}), 2);
        const auto found =
            index.find(words({"not", "for", "parts"}), PhraseIndex::Overlap::every_start);
        REQUIRE(found.size() == 2);
        CHECK(found[0].target == 1);
        CHECK(found[1].start == 2);
        CHECK(found[1].target == 2);
    }

    TEST_CASE(
        "of two phrases of one length the first added is found; a phrase cut by the end "
        "is not") {
        PhraseIndex index;
        index.add(words({"blower"}), 7);
        index.add(words({"blower"}), 8);
        index.add(words({"water", "cooled"}), 9);
        const auto found = index.find(words({"blower", "water"}));
        REQUIRE(found.size() == 1);
        CHECK(found[0].target == 7);
        CHECK(index.find(words({})).empty());
    }
}

}  // namespace test_phrase_index
