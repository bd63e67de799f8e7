// "Did you mean": a suggestion only when one known name is clearly what was typed.
#include <doctest/doctest.h>

#include "cli/did_you_mean.hpp"

namespace test_did_you_mean {

using namespace gpuprice::cli;

TEST_SUITE("cli::did_you_mean") {
    TEST_CASE("edit distance counts a swap of neighbours as one edit, ignoring ASCII case") {
        CHECK(edit_distance("report", "report") == 0);
        CHECK(edit_distance("reprot", "report") == 1);
        CHECK(edit_distance("REPORT", "report") == 0);
        CHECK(edit_distance("formt", "format") == 1);
        CHECK(edit_distance("", "abc") == 3);
        CHECK(edit_distance("kitten", "sitting") == 3);
    }

    TEST_CASE("the closest command or option, when close enough") {
        const std::vector<std::string> commands = {"fetch", "history",   "init",
                                                   "match", "recommend", "report",
                                                   "specs", "unmatched", "help"};
        CHECK(closest_name("reprot", commands) == "report");
        CHECK(closest_name("histroy", commands) == "history");
        CHECK(closest_name("recomend", commands) == "recommend");
        CHECK(closest_name("unmatch", commands) == "unmatched");
        CHECK_FALSE(closest_name("frobnicate", commands));
        CHECK_FALSE(closest_name("x", commands));
        CHECK_FALSE(closest_name("", commands));

        const std::vector<std::string> options = {"--format",  "--output",       "--chart",
                                                  "--rank-by", "--min-listings", "--min-vram"};
        CHECK(closest_name("--formt", options) == "--format");
        CHECK(closest_name("--chrat", options) == "--chart");
        CHECK(closest_name("--min-vrma", options) == "--min-vram");
        // Equally near two options: no guess.
        CHECK_FALSE(closest_name("--min", options));
        CHECK(did_you_mean("--formt", options) == " (did you mean '--format'?)");
        CHECK(did_you_mean("--colour", options).empty());
    }
}

}  // namespace test_did_you_mean
