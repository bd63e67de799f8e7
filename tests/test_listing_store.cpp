#include <doctest/doctest.h>

#include "schema/store/listing_store.hpp"
#include "schema/store/migrations.hpp"
#include "tests/test_context.hpp"

using namespace gpuprice::schema;

TEST_SUITE("schema::listing_store") {
    TEST_CASE("a run's stored message never holds control characters from eBay (F16)") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("runs.db"));
        migrate(db);
        const auto run = begin_run(db, "ebay", "EBAY_US", "2026-12-01T00:00:00Z");
        finish_run(db, run, RunStatus::partial, "2026-12-01T01:00:00Z", 3,
                   "HTTP 400, eBay error 1 (API): \x1b]0;pwned\x07 bad\r\nX-Injected: 1\n"
                   "second problem\n");
        const auto loaded = load_run(db, run);
        REQUIRE(loaded);
        // Line breaks separate the run's problems and stay; escapes and CRs go. (The parser
        // makes each eBay text one printable line before it gets here.)
        CHECK(loaded->message ==
              "HTTP 400, eBay error 1 (API): ]0;pwned bad \nX-Injected: 1\nsecond problem\n");
    }
}
