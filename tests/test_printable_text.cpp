#include <doctest/doctest.h>

#include "schema/domain/printable_text.hpp"

namespace test_printable_text {

using gpuprice::schema::printable_lines;
using gpuprice::schema::printable_text;

TEST_SUITE("schema::printable_text") {
    TEST_CASE("terminal escapes, NUL and forged lines are removed; words stay apart") {
        CHECK(printable_text("\x1b]0;pwned\x07RTX 3090") == "]0;pwnedRTX 3090");
        CHECK(printable_text("\x1b[2J\x1b[31mred") == "[2J[31mred");
        CHECK(printable_text(std::string("a\0b", 3)) == "ab");
        CHECK(printable_text("HTTP 400\r\nX-Injected: 1") == "HTTP 400  X-Injected: 1");
        CHECK(printable_text("tab\there\x7f") == "tab here");
    }

    TEST_CASE("Unicode C1 control characters and bidi overrides go; other Unicode stays") {
        CHECK(printable_text("a\xC2\x9B"
                             "31mb") == "a31mb");  // CSI
        CHECK(printable_text("RTX \xE2\x80\xAE"
                             "0909") == "RTX 0909");                    // RLO
        CHECK(printable_text("x\xE2\x81\xA6y\xE2\x81\xA9z") == "xyz");  // LRI, PDI
        CHECK(printable_text("\xE2\x80\x8Fok\xD8\x9C") == "ok");        // RLM, ALM
        CHECK(printable_text("Grafikkarte für RTX — 24 GB ✓") == "Grafikkarte für RTX — 24 GB ✓");
        CHECK(printable_text("\xC2\xA0nbsp") == "\xC2\xA0nbsp");
        CHECK(printable_text("cut \xE2\x80") == "cut \xE2\x80");  // truncated: left as is
    }

    TEST_CASE("multi-line messages keep their line breaks, and only those") {
        CHECK(printable_lines("one\r\ntwo\n\x1b[Kthree") == "one \ntwo\n[Kthree");
    }
}

}  // namespace test_printable_text
