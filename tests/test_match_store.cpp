// Stored verdicts and the attributes read with them (schema/store/match_store, migration 0021):
// a listing's attributes row exists only when its title states a cooler or a slot width, and
// whether they were read at all goes with the verdict.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "schema/store/listing_store.hpp"
#include "schema/store/match_store.hpp"
#include "schema/store/migrations.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/past.hpp"
#include "tests/latest_observations.hpp"
#include "tests/query_int.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

namespace test_match_store {

using namespace gpuprice;
using schema::Cooler;
using schema::ListingAttributes;

namespace {

// Three listings of one night, ids 1 to 3.
void store_three_listings(schema::Database& db) {
    const auto run =
        schema::begin_run(db, schema::RunSource::ebay, test::us_market(),
                          schema::Night::from_text("2026-12-01"), "2026-12-01T03:00:00Z");
    std::vector<schema::Listing> page;
    for (int i = 1; i <= 3; ++i) {
        schema::Listing l;
        l.item_id = "v1|" + std::to_string(100 + i) + "|0";
        l.title = "RTX 3090 24GB no. " + std::to_string(i);
        l.condition_id = 3000;
        l.price_cents = 70000 + i;
        l.currency = "USD";
        l.buying_options = "FIXED_PRICE";
        page.push_back(l);
    }
    schema::PageStore(db, run.id(), schema::Night::from_text("2026-12-01"), test::us_market())
        .store(page, {});
    schema::finish_run(db, run.id(), schema::RunStatus::ok, "2026-12-01T03:00:00Z", 3, "");
}

schema::Verdict verdict(std::int64_t id, std::optional<ListingAttributes> attributes) {
    return {id, std::string("rtx-3090"), schema::MatchReason::ok, schema::MatchEvidence::title,
            attributes};
}

// The attributes a report reads for listings 1 to 3.
std::vector<std::optional<ListingAttributes>> read_attributes(schema::Database& db) {
    const schema::ObservationFilter filter{test::us_market(), 0};
    std::vector<std::optional<ListingAttributes>> read;
    for (const auto& o : gpuprice::test::latest_observations(
             db, schema::Past::read(db, filter.market), "2026-12-01", "2026-12-01",
             schema::Details::With, filter))
        read.push_back(o.attributes);
    return read;
}

const ListingAttributes kBlower2{Cooler::blower, 2.0};
const ListingAttributes kWater{Cooler::water, std::nullopt};
const ListingAttributes kNone{};

}  // namespace

TEST_SUITE("schema::match_store") {
    TEST_CASE("attributes are stored only when stated and read back as stated, none, or unread") {
        test::TempDir dir;
        schema::Database db(dir.file("verdicts.db"));
        schema::migrate(db);
        store_three_listings(db);
        schema::store_verdicts(db,
                               {verdict(1, kBlower2), verdict(2, kNone), verdict(3, std::nullopt)});
        CHECK(test::query_int(db, "SELECT count(*) FROM match_results") == 3);
        CHECK(test::query_int(db, "SELECT count(*) FROM listing_attributes") == 1);
        using Read = std::vector<std::optional<ListingAttributes>>;
        CHECK(read_attributes(db) == Read{kBlower2, kNone, std::nullopt});

        // Matched again: what the new verdict's title says replaces what the last one said.
        schema::store_verdicts(db, {verdict(1, kNone), verdict(2, kWater), verdict(3, kBlower2)});
        CHECK(test::query_int(db, "SELECT count(*) FROM listing_attributes") == 2);
        CHECK(read_attributes(db) == Read{kNone, kWater, kBlower2});
        // A verdict made without reading them leaves none behind.
        schema::store_verdicts(db, {verdict(2, std::nullopt)});
        CHECK(read_attributes(db) == Read{kNone, std::nullopt, kBlower2});
        CHECK(test::query_int(db, "SELECT count(*) FROM listing_attributes") == 1);
        // A verdict removed (a title changed) takes its attributes along: the next verdict's
        // title stating none is not read as the old one's blower.
        db.exec("DELETE FROM match_results WHERE listing_id = 3");
        CHECK(test::query_int(db, "SELECT count(*) FROM listing_attributes") == 0);
        schema::store_verdicts(db, {verdict(3, kNone)});
        CHECK(read_attributes(db) == Read{kNone, std::nullopt, kNone});
        // Another writer's change of the verdict (a catalog's renamed key) keeps them.
        schema::store_verdicts(db, {verdict(1, kWater)});
        db.exec("UPDATE match_results SET model = 'rtx-3090-ti' WHERE listing_id = 1");
        db.exec("UPDATE match_results SET model = 'rtx-3090' WHERE listing_id = 1");
        CHECK(read_attributes(db) == Read{kWater, std::nullopt, kNone});
    }

    TEST_CASE("migration 0021 keeps the stated attributes and which verdicts never read them") {
        test::TempDir dir;
        schema::Database db(dir.file("before-0021.db"));
        std::vector<schema::Migration> before;
        for (const auto& m : schema::embedded_migrations()) {
            if (m.version < 21) before.push_back(m);
        }
        REQUIRE(before.size() == 20);
        schema::migrate(db, before);
        // The three listings as a version-20 file holds them: stored in its own SQL, since today's
        // store writes columns later migrations add.
        db.exec(
            "INSERT INTO fetch_runs (id, started_at, finished_at, status, source, marketplace) "
            "VALUES (1, '2026-12-01T03:00:00Z', '2026-12-01T03:00:00Z', 'ok', 'ebay', 'EBAY_US');"
            "INSERT INTO listings (id, item_id, title, condition_id, buying_options, "
            "first_seen_run, last_seen_run, first_seen_on, last_seen_on) VALUES "
            "(1, 'v1|101|0', 'RTX 3090 24GB no. 1', 3000, 'FIXED_PRICE', 1, 1, '2026-12-01', "
            "'2026-12-01'), "
            "(2, 'v1|102|0', 'RTX 3090 24GB no. 2', 3000, 'FIXED_PRICE', 1, 1, '2026-12-01', "
            "'2026-12-01'), "
            "(3, 'v1|103|0', 'RTX 3090 24GB no. 3', 3000, 'FIXED_PRICE', 1, 1, '2026-12-01', "
            "'2026-12-01');"
            "INSERT INTO price_observations (listing_id, observed_on, marketplace, run_id, "
            "condition_id, price_cents, currency) VALUES "
            "(1, '2026-12-01', 'EBAY_US', 1, 3000, 70001, 'USD'), "
            "(2, '2026-12-01', 'EBAY_US', 1, 3000, 70002, 'USD'), "
            "(3, '2026-12-01', 'EBAY_US', 1, 3000, 70003, 'USD')");
        // 1 states a blower, 2 states nothing, 3 was matched before attributes existed.
        db.exec(
            "INSERT INTO match_results (listing_id, model, reason, matched_at) VALUES "
            "(1, 'rtx-3090', 'ok', '2026-12-01T03:30:00Z'), "
            "(2, 'rtx-3090', 'ok', '2026-12-01T03:30:00Z'), "
            "(3, 'rtx-3090', 'ok', '2026-12-01T03:30:00Z');"
            "INSERT INTO listing_attributes (listing_id, cooler, slot_width, extracted_at) VALUES "
            "(1, 'blower', 2.0, '2026-12-01T03:30:00Z'), (2, NULL, NULL, '2026-12-01T03:30:00Z')");
        using Read = std::vector<std::optional<ListingAttributes>>;
        schema::migrate(db);
        CHECK(read_attributes(db) == Read{kBlower2, kNone, std::nullopt});
        CHECK(test::query_int(db, "SELECT count(*) FROM listing_attributes") == 1);
        CHECK(test::query_int(
                  db,
                  "SELECT group_concat(attributes_extracted, '') FROM "
                  "(SELECT attributes_extracted FROM match_results ORDER BY listing_id)") == 110);
        CHECK(test::query_int(db,
                              "SELECT count(*) FROM pragma_table_info('match_results') "
                              "WHERE name = 'matched_at'") == 0);
        CHECK(test::query_int(db,
                              "SELECT count(*) FROM pragma_table_info('listing_attributes') "
                              "WHERE name = 'extracted_at'") == 0);
    }
}

}  // namespace test_match_store
