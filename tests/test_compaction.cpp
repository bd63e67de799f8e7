// Compaction against the nightly rows: the same small market (tests/nightly_market) played into
// two real SQLite files, one of them compacted every few nights with a short retention. After
// every night, whatever the stores, the derived tables, the clearances and the history read from
// the compacted file must be exactly what they read from the other, for each night, for windows
// reaching into the compacted nights, and for every model; and the file must hold fewer rows.
#include <doctest/doctest.h>

#include <sstream>

#include "app/clearances.hpp"
#include "app/compaction.hpp"
#include "app/derived_pass.hpp"
#include "app/model_nights.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/listing_tally_store.hpp"
#include "schema/store/migrations.hpp"
#include "schema/store/night_runs.hpp"
#include "schema/store/night_status.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/past.hpp"
#include "tests/last_prices.hpp"
#include "tests/latest_observations.hpp"
#include "tests/nightly_market.hpp"
#include "tests/query_int.hpp"
#include "tests/shipped_catalog.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

namespace test_compaction {

using gpuprice::test::shipped_catalog;

using namespace gpuprice;

namespace {

using test::describe;  // beside the overloads below

const std::string kFirstNight = "2026-11-01";

std::string describe(const std::vector<schema::PricedObservation>& rows) {
    std::ostringstream out;
    for (const auto& o : rows) {
        out << o.listing_id << ' ' << o.model << ' ' << o.condition_id << ' ' << o.price_cents
            << ' ' << o.shipping_cents.value_or(-1) << ' ' << o.observed_on << ' ' << o.currency
            << ' ' << o.item_id << ' ' << o.title << ' ' << o.item_url << ' '
            << schema::match_evidence_name(o.decided_by) << ' ' << o.attributes.has_value() << '\n';
    }
    return out.str();
}

std::string describe(const std::vector<schema::ListingTally>& rows) {
    std::ostringstream out;
    for (const auto& t : rows) {
        out << (t.reason ? schema::match_reason_name(*t.reason) : "-") << ' ' << t.price_flags
            << ' ' << t.condition_id << ' ' << t.listings << '\n';
    }
    return out.str();
}

std::string describe(const std::vector<schema::NightRun>& runs) {
    std::ostringstream out;
    for (const auto& r : runs)
        out << r.id << ' ' << schema::run_status_name(r.status) << ' ' << r.listings_seen << '\n';
    return out.str();
}

// Sorted rows of a listing's latest nights in a window: the order of a GROUP BY is not promised.
std::string latest(schema::Database& db, const std::string& from, const std::string& to,
                   const schema::ObservationFilter& filter) {
    auto rows = gpuprice::test::latest_observations(db, schema::Past::read(db, filter.market), from,
                                                    to, schema::Details::With, filter);
    std::sort(rows.begin(), rows.end(),
              [](const auto& a, const auto& b) { return a.listing_id < b.listing_id; });
    return describe(rows);
}

std::string window_history(schema::Database& db, const std::string& from, const std::string& to,
                           const schema::ObservationFilter& filter) {
    auto rows =
        schema::load_window_history(db, schema::Past::read(db, filter.market), from, to, filter);
    std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
        return std::tie(a.observed_on, a.listing_id) < std::tie(b.observed_on, b.listing_id);
    });
    return describe(rows);
}

std::string model_history(schema::Database& db, const std::string& model,
                          const schema::ObservationFilter& filter) {
    auto rows =
        schema::load_model_history(db, schema::Past::read(db, filter.market), model, filter);
    std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
        return std::tie(a.observed_on, a.listing_id) < std::tie(b.observed_on, b.listing_id);
    });
    return describe(rows);
}

// Every nightly price as the view nightly_prices gives it back, but its run (a compacted night's
// is that of its interval's last night; compacted_runs holds the night's runs).
std::string nightly_prices(schema::Database& db) {
    auto select = db.prepare(
        "SELECT listing_id, observed_on, marketplace, condition_id, price_cents, shipping_cents, "
        "shipping_type, currency, shipping_estimated, original_price_cents, discount_percentage, "
        "current_bid_cents, typeof(current_bid_cents) FROM nightly_prices "
        "ORDER BY listing_id, observed_on, marketplace");
    std::ostringstream out;
    while (select.step()) {
        for (int c = 0; c < 13; ++c) out << select.optional_text(c).value_or("NULL") << ' ';
        out << '\n';
    }
    return out.str();
}

// Each night's own reads from `first` to tonight, and tonight's windows and histories.
void check_same_reads(schema::Database& plain, schema::Database& compacted,
                      const std::string& first, const std::string& tonight) {
    CHECK(nightly_prices(compacted) == nightly_prices(plain));
    // Each listing's last price, though compaction folded its nightly row into an interval.
    CHECK(test::last_prices(plain) == test::last_prices_of_observations(plain));
    CHECK(test::last_prices(compacted) == test::last_prices(plain));
    schema::ObservationFilter filter;
    filter.market = test::us_market();
    for (auto night = first; night <= tonight; night = schema::add_days(night, 1)) {
        CAPTURE(night);
        CHECK(latest(compacted, night, night, filter) == latest(plain, night, night, filter));
        CHECK(describe(schema::runs_of_night(compacted, night, filter.market)) ==
              describe(schema::runs_of_night(plain, night, filter.market)));
        CHECK(schema::night_status(compacted, night, night, filter.market).summary(night, night) ==
              schema::night_status(plain, night, night, filter.market).summary(night, night));
        CHECK(schema::night_on_or_before(compacted, night, 1, filter.market) ==
              schema::night_on_or_before(plain, night, 1, filter.market));
    }
    for (const auto& from : {kFirstNight, schema::add_days(tonight, -6), tonight}) {
        CAPTURE(from);
        CHECK(latest(compacted, from, tonight, filter) == latest(plain, from, tonight, filter));
        CHECK(window_history(compacted, from, tonight, filter) ==
              window_history(plain, from, tonight, filter));
        CHECK(describe(schema::tally_listings(compacted, from, tonight, filter.market)) ==
              describe(schema::tally_listings(plain, from, tonight, filter.market)));
        CHECK(
            schema::night_status(compacted, from, tonight, filter.market).summary(from, tonight) ==
            schema::night_status(plain, from, tonight, filter.market).summary(from, tonight));
        for (const auto shipping : {analysis::Shipping::Include, analysis::Shipping::Exclude}) {
            CHECK(describe(app::report_clearances(
                      compacted, app::read_past(compacted, shipped_catalog(), filter.market),
                      shipped_catalog(), from, from, tonight, filter, shipping)) ==
                  describe(app::report_clearances(
                      plain, app::read_past(plain, shipped_catalog(), filter.market),
                      shipped_catalog(), from, from, tonight, filter, shipping)));
            CHECK(describe(app::decide_report_clearances(compacted, shipped_catalog(), from, from,
                                                         tonight, filter, shipping)) ==
                  describe(app::decide_report_clearances(plain, shipped_catalog(), from, from,
                                                         tonight, filter, shipping)));
        }
    }
    const std::vector<schema::ConditionClass> used = {schema::ConditionClass::used};
    for (const auto* model : {"rtx-3090", "rtx-4090", "rtx-3090-ti"}) {
        CAPTURE(model);
        CHECK(model_history(compacted, model, filter) == model_history(plain, model, filter));
        for (const auto period : {analysis::Period::night, analysis::Period::week}) {
            CHECK(describe(app::compute_model_history(
                      compacted, app::read_past(compacted, shipped_catalog(), filter.market),
                      shipped_catalog(), model, used, analysis::Shipping::Include, period)) ==
                  describe(app::compute_model_history(
                      plain, app::read_past(plain, shipped_catalog(), filter.market),
                      shipped_catalog(), model, used, analysis::Shipping::Include, period)));
        }
    }
    CHECK(test::stored_rows(compacted) == test::stored_rows(plain));
    CHECK(test::stored_decisions(compacted) == test::stored_decisions(plain));
}

// Two databases played the same market: one compacted along the way, one never.
struct Twins {
    test::TempDir dir;
    schema::Database plain{dir.file("plain.db")};
    schema::Database compacted{dir.file("compacted.db")};
    test::NightlyMarket plain_market{migrated(plain)};
    test::NightlyMarket compacted_market{migrated(compacted)};

    static schema::Database& migrated(schema::Database& db) {
        schema::migrate(db);
        return db;
    }
};

}  // namespace

TEST_SUITE("compaction") {
    TEST_CASE(
        "compacted every few nights, the database reads back what the nightly rows gave, and "
        "holds fewer of them") {
        Twins twins;
        auto& plain = twins.plain;
        auto& compacted = twins.compacted;
        std::int64_t extended = 0;
        std::int64_t compacted_rows = 0;
        std::int64_t old_style = 0;
        // 40 nights: one listing stays unchanged all along, longer than an interval may last.
        test::play_market({&twins.plain_market, &twins.compacted_market}, 40,
                          [&](int n, const std::string& night) {
                              CAPTURE(night);
                              app::update_derived_tables(plain, shipped_catalog());
                              app::update_derived_tables(compacted, shipped_catalog());
                              const bool compacts = n % 3 == 2;
                              if (compacts) {
                                  for (const auto& c : app::compact_database(compacted, 3)) {
                                      extended += c.result.intervals_extended;
                                      compacted_rows += c.result.observations;
                                  }
                              }
                              // Once, the one-night intervals of auctions as a compaction before
                              // migration 0018 wrote them (the bid a value, no bids apart): they
                              // read the same and later compactions go on from them.
                              if (n == 20) {
                                  compacted.exec(
                                      "UPDATE price_intervals SET current_bid_cents = "
                                      "json_extract(bids, '$[0]'), bids = NULL "
                                      "WHERE bids IS NOT NULL AND first_on = last_on");
                                  old_style = compacted.changes();
                              }
                              // Every past night's reads again where tonight changed how the
                              // past is stored (a compaction, the old-style rewrite), else
                              // tonight's: a night's reads change only when its storage does.
                              const bool restored = compacts || n == 20 || n == 39;
                              check_same_reads(plain, compacted, restored ? kFirstNight : night,
                                               night);
                          });
        // Intervals went on across compactions, and one listing needed a second interval for an
        // unchanged price (the 31-day bound).
        CHECK(extended > 0);
        // Auctions' intervals went on while their bids changed (this market raises every bid
        // every night), some across the night without a fetch (a null among the bids).
        CHECK(old_style > 0);
        CHECK(test::query_int(compacted,
                              "SELECT count(*) FROM price_intervals WHERE bids IS NOT NULL "
                              "AND last_on > first_on AND current_bid_cents IS NULL") > 0);
        CHECK(test::query_int(compacted,
                              "SELECT count(*) FROM price_intervals WHERE bids LIKE '%null%'") > 0);
        CHECK(test::query_int(compacted,
                              "SELECT count(*) FROM price_intervals WHERE bids IS NULL "
                              "AND current_bid_cents IS NOT NULL") > 0);
        CHECK(test::query_int(compacted,
                              "SELECT count(*) FROM price_intervals WHERE last_on = date(first_on, "
                              "'+31 days')") > 0);
        const auto plain_rows = test::query_int(plain, "SELECT count(*) FROM price_observations");
        const auto kept_rows =
            test::query_int(compacted, "SELECT count(*) FROM price_observations");
        const auto intervals = test::query_int(compacted, "SELECT count(*) FROM price_intervals");
        CHECK(kept_rows + compacted_rows == plain_rows);
        // Listings' last nights were compacted too (their lives read from their last interval).
        CHECK(test::query_int(compacted,
                              "SELECT count(*) FROM price_observations "
                              "WHERE observed_on <= (SELECT max(night) FROM compacted_nights)") ==
              0);
        CHECK(test::query_int(
                  compacted,
                  "SELECT count(*) FROM listings l WHERE EXISTS (SELECT 1 FROM price_intervals i "
                  "WHERE i.listing_id = l.id AND i.last_on = l.last_seen_on)") > 0);
        // Fewer rows, though this market changes prices on a quarter of its nights and bids on
        // every auction's (the real one: a twentieth; tonight's report reads the same rows).
        CHECK(kept_rows + intervals < plain_rows * 3 / 4);
        // A pass from scratch over the compacted file (a catalog change) derives the same tables.
        gpuprice::test::redo_derived_tables(compacted, shipped_catalog());
        CHECK(test::stored_rows(compacted) == test::stored_rows(plain));
        CHECK(test::stored_decisions(compacted) == test::stored_decisions(plain));
    }

    TEST_CASE(
        "a file compacted before migration 0027 gets each last price from its last interval") {
        test::TempDir dir;
        schema::Database plain{dir.file("plain.db")};
        schema::Database old{dir.file("old.db")};
        schema::migrate(plain);
        const auto& all = schema::embedded_migrations();
        REQUIRE(all.back().name == "0027_last_prices.sql");
        schema::migrate(old, {all.begin(), all.end() - 1});
        test::NightlyMarket plain_market{plain};
        test::NightlyMarket old_market{old};
        test::play_market({&plain_market, &old_market}, 12, [](int, const std::string&) {});
        const auto compacted = app::compact_database(old, 3);
        REQUIRE(compacted.size() == 1);
        REQUIRE(compacted.front().result.observations > 0);
        // Listings last seen on compacted nights, auctions among them (their bids).
        REQUIRE(test::query_int(old,
                                "SELECT count(*) FROM listings l WHERE NOT EXISTS (SELECT 1 FROM "
                                "price_observations o WHERE o.listing_id = l.id)") > 0);
        REQUIRE(test::query_int(old,
                                "SELECT count(*) FROM price_intervals WHERE bids IS NOT NULL "
                                "AND last_on > first_on") > 0);
        schema::migrate(old);
        CHECK(test::last_prices(old) == test::last_prices(plain));
        CHECK(test::last_prices(plain) == test::last_prices_of_observations(plain));
    }

    TEST_CASE("a pass that fell behind the retention still decides the nights compaction took") {
        // The pass of one night does not run (a fetch cut short); then compaction takes every
        // night but the latest, the last pass's night among them. The next pass must still find
        // the listings seen on those nights: fixed-price ones last seen then have no decision
        // row, and their prices are intervals now.
        Twins twins;
        auto& plain = twins.plain;
        auto& compacted = twins.compacted;
        int compactions = 0;
        test::play_market(
            {&twins.plain_market, &twins.compacted_market}, 14,
            [&](int n, const std::string& night) {
                CAPTURE(night);
                if (n == 9) {  // no pass tonight; the retention shrinks to a night
                    for (const auto& c : app::compact_database(compacted, 1))
                        compactions += c.result.observations > 0;
                    return;
                }
                app::update_derived_tables(plain, shipped_catalog());
                app::update_derived_tables(compacted, shipped_catalog());
                CHECK(test::stored_decisions(compacted) == test::stored_decisions(plain));
                CHECK(test::stored_rows(compacted) == test::stored_rows(plain));
            });
        CHECK(compactions == 1);
    }

    TEST_CASE("compacting keeps at least one night") {
        test::TempDir dir;
        schema::Database db(dir.file("market.db"));
        schema::migrate(db);
        CHECK_THROWS_AS(app::compact_database(db, 0), std::invalid_argument);
    }
}

}  // namespace test_compaction
