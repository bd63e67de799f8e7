#include <doctest/doctest.h>

#include <string>

#include "schema/domain/ascii_case.hpp"

namespace test_ascii_case {

using gpuprice::schema::ascii_lower;
using gpuprice::schema::equals_ignoring_ascii_case;

TEST_SUITE("schema::ascii_case") {
    // Problem 6: std::tolower on a plain char is undefined for bytes >= 0x80 (negative) and
    // changes them in a Latin-1 locale; eBay's titles and aspect names are UTF-8 from strangers.
    TEST_CASE("only A-Z change; every other byte, UTF-8 included, passes unchanged") {
        for (int i = 0; i < 256; ++i) {
            const char c = static_cast<char>(i);
            CAPTURE(i);
            CHECK(ascii_lower(c) == (i >= 'A' && i <= 'Z' ? static_cast<char>(i + 32) : c));
        }
        CHECK(ascii_lower("GRAFIKKARTE FÜR RTX 3090 Ä") == "grafikkarte fÜr rtx 3090 Ä");
        CHECK(equals_ignoring_ascii_case("Memory Size", "MEMORY size"));
        CHECK_FALSE(equals_ignoring_ascii_case("\xC4", "\xE4"));  // Latin-1 Ä/ä stay apart
    }
}

}  // namespace test_ascii_case
