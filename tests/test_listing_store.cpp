#include <doctest/doctest.h>

#include "schema/store/listing_store.hpp"
#include "schema/store/migrations.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

using namespace gpuprice::schema;

TEST_SUITE("schema::listing_store") {
    TEST_CASE("a run's stored message never holds control characters from eBay (F16)") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("runs.db"));
        migrate(db);
        const auto run =
            begin_run(db, RunSource::ebay, gpuprice::test::us_market(), "2026-12-01T00:00:00Z");
        finish_run(db, run.id(), RunStatus::partial, "2026-12-01T01:00:00Z", 3,
                   "HTTP 400, eBay error 1 (API): \x1b]0;pwned\x07 bad\r\nX-Injected: 1\n"
                   "second problem\n");
        const auto loaded = load_run(db, run.id());
        REQUIRE(loaded);
        // Line breaks separate the run's problems and stay; escapes and CRs go. (The parser
        // makes each eBay text one printable line before it gets here.)
        CHECK(loaded->message ==
              "HTTP 400, eBay error 1 (API): ]0;pwned bad \nX-Injected: 1\nsecond problem\n");
    }

    // The enums' texts are what the schema stores and CHECKs (fetch_runs.status); each must
    // pass the CHECK and read back as itself, and a skip count is stored under its reason's text.
    TEST_CASE("every run status and skip reason is stored and read back as its enum's text") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("names.db"));
        migrate(db);
        for (const auto status :
             {RunStatus::running, RunStatus::ok, RunStatus::partial, RunStatus::failed}) {
            CAPTURE(run_status_name(status));
            const auto run =
                begin_run(db, RunSource::ebay, gpuprice::test::us_market(), "2026-12-01T00:00:00Z");
            REQUIRE(load_run(db, run.id())->status == RunStatus::running);
            finish_run(db, run.id(), status, "2026-12-01T01:00:00Z", 1, "");
            CHECK(load_run(db, run.id())->status == status);
        }
        const auto run =
            begin_run(db, RunSource::ebay, gpuprice::test::us_market(), "2026-12-02T00:00:00Z");
        SkipCounts skips;
        for (int i = 0; i <= static_cast<int>(SkipReason::sold_out); ++i) {
            skips[static_cast<SkipReason>(i)] = i + 1;
        }
        store_page(db, run.id(), "2026-12-02", {}, skips, gpuprice::test::us_market());
        const auto loaded = load_run(db, run.id());
        REQUIRE(loaded);
        REQUIRE(loaded->skips.size() == skips.size());
        for (const auto& [reason, count] : skips) {
            CHECK(loaded->skips.at(std::string(skip_reason_name(reason))) == count);
        }
        CHECK(loaded->listings_skipped == static_cast<int>(skips.size() * (skips.size() + 1) / 2));
    }
}

namespace {

Listing listing_priced(std::int64_t cents) {
    Listing l;
    l.item_id = "v1|123456789|0";
    l.title = "NVIDIA GeForce RTX 3090 24GB";
    l.condition_id = 3000;
    l.price_cents = cents;
    l.currency = "USD";
    return l;
}

struct Sighting {
    std::int64_t first_seen_run = 0, last_seen_run = 0, observation_run = 0, price_cents = 0;
};

Sighting sighting(Database& db) {
    auto stmt = db.prepare(
        "SELECT l.first_seen_run, l.last_seen_run, o.run_id, o.price_cents FROM listings l "
        "JOIN price_observations o ON o.listing_id = l.id");
    REQUIRE(stmt.step());
    Sighting s{stmt.int64(0), stmt.int64(1), stmt.int64(2), stmt.int64(3)};
    CHECK_FALSE(stmt.step());  // one listing, one observation for the day
    return s;
}

}  // namespace

TEST_SUITE("schema::listing_store") {
    TEST_CASE("two overlapping runs: the later-begun run's sighting stands, whoever writes last") {
        // Two fetches creating one file at once (chaos concurrent.py): run 2 stored a listing
        // first, then run 1 overwrote it, leaving it first seen in run 2 but last seen in run 1,
        // and run 2, the newest, with no observation of it.
        gpuprice::test::TempDir dir;
        Database db(dir.file("overlap.db"));
        migrate(db);
        const auto older =
            begin_run(db, RunSource::ebay, gpuprice::test::us_market(), "2026-12-01T03:00:00Z");
        const auto newer =
            begin_run(db, RunSource::ebay, gpuprice::test::us_market(), "2026-12-01T03:00:01Z");
        const std::string day = "2026-12-01";

        SUBCASE("the newer run writes first") {
            store_page(db, newer.id(), day, {listing_priced(90000)}, {},
                       gpuprice::test::us_market());
            store_page(db, older.id(), day, {listing_priced(80000)}, {},
                       gpuprice::test::us_market());
        }
        SUBCASE("the older run writes first") {
            store_page(db, older.id(), day, {listing_priced(80000)}, {},
                       gpuprice::test::us_market());
            store_page(db, newer.id(), day, {listing_priced(90000)}, {},
                       gpuprice::test::us_market());
        }
        const auto s = sighting(db);
        CHECK(s.first_seen_run <= s.last_seen_run);
        CHECK(s.last_seen_run == newer.id());
        CHECK(s.observation_run == newer.id());
        CHECK(s.price_cents == 90000);
    }
}
