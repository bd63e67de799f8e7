#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <tuple>

#include "schema/store/clearance_inputs.hpp"
#include "schema/store/coverage_store.hpp"
#include "schema/store/listing_store.hpp"
#include "schema/store/listing_url.hpp"
#include "schema/store/migrations.hpp"
#include "schema/store/night_status.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/offer_binding.hpp"
#include "schema/store/past.hpp"
#include "schema/store/sold_store.hpp"
#include "tests/last_prices.hpp"
#include "tests/latest_observations.hpp"
#include "tests/query_int.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

namespace test_listing_store {

using namespace gpuprice::schema;

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

}  // namespace

TEST_SUITE("schema::listing_store") {
    TEST_CASE("a run's stored message never holds control characters from eBay") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("runs.db"));
        migrate(db);
        const auto run = begin_run(db, RunSource::ebay, gpuprice::test::us_market(),
                                   Night::from_text("2026-12-01"), "2026-12-01T00:00:00Z");
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
            const auto run = begin_run(db, RunSource::ebay, gpuprice::test::us_market(),
                                       Night::from_text("2026-12-01"), "2026-12-01T00:00:00Z");
            REQUIRE(load_run(db, run.id())->status == RunStatus::running);
            finish_run(db, run.id(), status, "2026-12-01T01:00:00Z", 1, "");
            CHECK(load_run(db, run.id())->status == status);
        }
        const auto run = begin_run(db, RunSource::ebay, gpuprice::test::us_market(),
                                   Night::from_text("2026-12-02"), "2026-12-02T00:00:00Z");
        SkipCounts skips;
        for (int i = 0; i <= static_cast<int>(SkipReason::sold_out); ++i) {
            skips[static_cast<SkipReason>(i)] = i + 1;
        }
        PageStore(db, run.id(), Night::from_text("2026-12-02"), gpuprice::test::us_market())
            .store({}, skips);
        const auto loaded = load_run(db, run.id());
        REQUIRE(loaded);
        REQUIRE(loaded->skips.size() == skips.size());
        for (const auto& [reason, count] : skips) {
            CHECK(loaded->skips.at(std::string(skip_reason_name(reason))) == count);
        }
        CHECK(loaded->listings_skipped == static_cast<int>(skips.size() * (skips.size() + 1) / 2));
    }

    TEST_CASE("a run begun at 23:59:59 UTC keeps its night to its last row") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("night.db"));
        migrate(db);
        const auto night = Night::from_text("2026-12-01");
        const auto run = begin_run(db, RunSource::ebay, gpuprice::test::us_market(), night,
                                   "2026-12-01T23:59:59Z");
        CHECK(run.night() == night);
        // Its pages are stored after midnight; its coverage and its end come later still.
        PageStore(db, run.id(), run.night(), gpuprice::test::us_market())
            .store({listing_priced(70000)}, {});
        QueryCoverage family;
        family.query = "RTX 3090";
        family.family = "RTX 3090";
        family.kind = QueryKind::search;
        family.complete = true;
        store_coverage(db, run.id(), {family});
        finish_run(db, run.id(), RunStatus::partial, "2026-12-02T00:20:00Z", 3, "stopped");
        const auto one = [&](const char* sql) {
            auto select = db.prepare(sql);
            REQUIRE(select.step());
            return select.text(0);
        };
        CHECK(one("SELECT night FROM fetch_runs") == "2026-12-01");
        CHECK(one("SELECT group_concat(DISTINCT observed_on) FROM price_observations") ==
              "2026-12-01");
        CHECK(load_family_coverage(db, "2026-12-01", "2026-12-01", gpuprice::test::us_market())
                  .at("2026-12-01")
                  .at("RTX 3090")
                  .complete);
        CHECK(load_family_coverage(db, "2026-12-02", "2026-12-02", gpuprice::test::us_market())
                  .empty());
        // Its night is the one it leaves incomplete; the next night owes it nothing.
        CHECK_FALSE(
            night_status(db, "2026-12-01", "2026-12-01", gpuprice::test::us_market()).complete());
        CHECK(night_status(db, "2026-12-02", "2026-12-02", gpuprice::test::us_market()).complete());
    }
}

namespace {

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
        const auto older = begin_run(db, RunSource::ebay, gpuprice::test::us_market(),
                                     Night::from_text("2026-12-01"), "2026-12-01T03:00:00Z");
        const auto newer = begin_run(db, RunSource::ebay, gpuprice::test::us_market(),
                                     Night::from_text("2026-12-01"), "2026-12-01T03:00:01Z");
        const auto day = Night::from_text("2026-12-01");

        SUBCASE("the newer run writes first") {
            PageStore(db, newer.id(), day, gpuprice::test::us_market())
                .store({listing_priced(90000)}, {});
            PageStore(db, older.id(), day, gpuprice::test::us_market())
                .store({listing_priced(80000)}, {});
        }
        SUBCASE("the older run writes first") {
            PageStore(db, older.id(), day, gpuprice::test::us_market())
                .store({listing_priced(80000)}, {});
            PageStore(db, newer.id(), day, gpuprice::test::us_market())
                .store({listing_priced(90000)}, {});
        }
        const auto s = sighting(db);
        CHECK(s.first_seen_run <= s.last_seen_run);
        CHECK(s.last_seen_run == newer.id());
        CHECK(s.observation_run == newer.id());
        CHECK(s.price_cents == 90000);
    }

    TEST_CASE("last_prices holds each listing's latest night, whatever order its prices come in") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("last.db"));
        migrate(db);
        const auto& us = gpuprice::test::us_market();
        const auto store = [&](const char* night, std::int64_t cents) {
            const auto run = begin_run(db, RunSource::ebay, us, Night::from_text(night),
                                       std::string(night) + "T03:00:00Z");
            PageStore(db, run.id(), Night::from_text(night), us).store({listing_priced(cents)}, {});
        };
        const auto last_price = [&] {
            CHECK(gpuprice::test::last_prices(db) ==
                  gpuprice::test::last_prices_of_observations(db));
            return gpuprice::test::query_int(db,
                                             "SELECT coalesce(max(price_cents), -1) "
                                             "FROM last_prices");
        };
        store("2026-12-01", 80000);
        CHECK(last_price() == 80000);
        store("2026-12-02", 90000);  // a later night: inserted
        CHECK(last_price() == 90000);
        store("2026-11-30", 70000);  // an earlier night, fetched late: not the last
        CHECK(last_price() == 90000);
        store("2026-12-02", 95000);  // the same night again, by a later run: updated
        CHECK(last_price() == 95000);
        // Its nightly rows folded into intervals (compaction deletes them): still its last price.
        db.exec("DELETE FROM price_observations WHERE observed_on >= '2026-12-01'");
        CHECK(gpuprice::test::query_int(db, "SELECT price_cents FROM last_prices") == 95000);
        db.exec("DELETE FROM listings");  // gone with its listing
        CHECK(gpuprice::test::query_int(db, "SELECT count(*) FROM last_prices") == 0);
    }

    TEST_CASE("a window's listings of other conditions are left out by the statement itself") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("conditions.db"));
        migrate(db);
        const auto& us = gpuprice::test::us_market();
        // One listing new on the first night and used on the second; one new, one for parts.
        const auto offer = [](const char* item, int condition_id) {
            auto l = listing_priced(50000 + condition_id);
            l.item_id = item;
            l.condition_id = condition_id;
            return l;
        };
        for (const auto& [night, changed] : {std::pair{"2026-12-01", 1000}, {"2026-12-02", 3000}}) {
            const auto run = begin_run(db, RunSource::ebay, us, Night::from_text(night),
                                       std::string(night) + "T03:00:00Z");
            PageStore(db, run.id(), Night::from_text(night), us)
                .store({offer("v1|1|0", changed), offer("v1|2|0", 1000), offer("v1|3|0", 7000)},
                       {});
        }
        db.exec(
            "INSERT INTO match_results (listing_id, model, reason) "
            "SELECT id, 'rtx-3090', 'ok' FROM listings");
        const ObservationFilter filter{us, kAllPriceFlags};
        const auto past = Past::read(db, filter.market);
        // Each read as "condition id: price" lines, sorted.
        const auto read = [&](const char* to, const std::vector<ConditionClass>& conditions) {
            std::vector<std::string> with, without;
            for_each_latest_observation(
                db, past, "2026-12-01", to, Details::With, filter,
                [&](PricedObservation&& o) {
                    with.push_back(std::to_string(o.condition_id) + ": " +
                                   std::to_string(o.price_cents));
                },
                conditions);
            for (const auto& p : load_latest_prices(db, past, "2026-12-01", to, filter, conditions))
                without.push_back(std::to_string(p.condition_id) + ": " +
                                  std::to_string(p.price_cents));
            // Without details in no particular order: both sorted.
            std::sort(with.begin(), with.end());
            std::sort(without.begin(), without.end());
            CHECK(with == without);
            return with;
        };
        using Lines = std::vector<std::string>;
        CHECK(read("2026-12-02", {}) == Lines{"1000: 51000", "3000: 53000", "7000: 57000"});
        CHECK(read("2026-12-02", {ConditionClass::used}) == Lines{"3000: 53000"});
        CHECK(read("2026-12-02", {ConditionClass::new_item}) == Lines{"1000: 51000"});
        // An earlier window reads each listing at its condition there.
        CHECK(read("2026-12-01", {ConditionClass::new_item}) ==
              Lines{"1000: 51000", "1000: 51000"});
        CHECK(read("2026-12-01", {ConditionClass::used}).empty());
    }

    TEST_CASE("a clock set back never moves a listing's last night back; reports still find it") {
        // Reports find a window's listings through listings.last_seen_on: it must stay the
        // newest night with a price, even when a later run is dated earlier.
        gpuprice::test::TempDir dir;
        Database db(dir.file("clock.db"));
        migrate(db);
        const auto& us = gpuprice::test::us_market();
        const auto first = begin_run(db, RunSource::ebay, us, Night::from_text("2026-12-02"),
                                     "2026-12-02T03:00:00Z");
        PageStore(db, first.id(), Night::from_text("2026-12-02"), us)
            .store({listing_priced(90000)}, {});
        const auto later = begin_run(db, RunSource::ebay, us, Night::from_text("2026-12-02"),
                                     "2026-12-02T04:00:00Z");
        PageStore(db, later.id(), Night::from_text("2026-12-01"), us)
            .store({listing_priced(80000)}, {});
        auto last_seen = db.prepare("SELECT last_seen_on FROM listings");
        REQUIRE(last_seen.step());
        CHECK(last_seen.text(0) == "2026-12-02");

        db.exec(
            "INSERT INTO match_results (listing_id, model, reason) "
            "SELECT id, 'rtx-3090', 'ok' FROM listings");
        const ObservationFilter filter{us, kAllPriceFlags};
        const auto both =
            gpuprice::test::latest_observations(db, Past::read(db, filter.market), "2026-12-01",
                                                "2026-12-02", Details::Without, filter);
        REQUIRE(both.size() == 1);
        CHECK(both.front().observed_on == "2026-12-02");
        CHECK(both.front().price_cents == 90000);
        // A window before its last night: its price there, found in its own prices.
        const auto earlier =
            gpuprice::test::latest_observations(db, Past::read(db, filter.market), "2026-12-01",
                                                "2026-12-01", Details::Without, filter);
        REQUIRE(earlier.size() == 1);
        CHECK(earlier.front().price_cents == 80000);
        // The rest of a wider window: only listings whose latest night there is before `before`.
        CHECK(load_latest_prices(db, Past::read(db, filter.market), "2026-12-01", "2026-12-02",
                                 filter, {}, "2026-12-02")
                  .empty());
        const auto before = load_latest_prices(db, Past::read(db, filter.market), "2026-12-01",
                                               "2026-12-02", filter, {}, "2026-12-03");
        REQUIRE(before.size() == 1);
        CHECK(before.front().price_cents == 90000);
        CHECK(before.front().model == "rtx-3090");
        // One by one, and each at its latest price alone: the same listings at the same prices;
        // the bound a caller reserves is never short.
        for (const auto& [from, to, cents] :
             {std::tuple{"2026-12-01", "2026-12-02", 90000}, {"2026-12-01", "2026-12-01", 80000}}) {
            std::vector<PricedObservation> one_by_one;
            for_each_latest_observation(db, Past::read(db, filter.market), from, to, Details::With,
                                        filter,
                                        [&](PricedObservation&& o) { one_by_one.push_back(o); });
            REQUIRE(one_by_one.size() == 1);
            CHECK(one_by_one.front().price_cents == cents);
            CHECK_FALSE(one_by_one.front().title.empty());
            const auto latest =
                load_latest_prices(db, Past::read(db, filter.market), from, to, filter);
            REQUIRE(latest.size() == 1);
            CHECK(latest.front().price_cents == cents);
            CHECK(latest_observations_bound(db, from) >= 1);
            // As a rollup reads them: the model apart, the price with its night.
            std::vector<std::pair<std::string, NightPrice>> rolled;
            for_each_window_price(db, Past::read(db, filter.market), from, to, filter,
                                  [&](std::string_view model, NightPrice&& p) {
                                      rolled.emplace_back(std::string(model), std::move(p));
                                  });
            REQUIRE(rolled.size() == 1);
            CHECK(rolled.front().first == "rtx-3090");
            CHECK(rolled.front().second.price_cents == cents);
            CHECK(rolled.front().second.night == one_by_one.front().observed_on);
            CHECK(rolled.front().second.condition_id == 3000);
        }
        CHECK(latest_observations_bound(db, "2026-12-03") == 0);
    }
}

namespace {

// An offer with every shared field set to a value no other field has, so a field bound to
// another's parameter reads back wrong.
void fill_offer(SellerOffer& o, const std::string& item) {
    o.item_id = item;
    o.title = "RTX 4090 Founders Edition " + item;
    o.condition_id = 3000;
    o.buying_options = "FIXED_PRICE,BEST_OFFER";
    o.location_country = "DE";
    o.item_group_type = "SELLER_DEFINED_VARIATIONS";
    o.seller_username = "seller-" + item;
    o.seller_feedback_score = 4321;
    o.seller_feedback_pct = 99.5;
    o.item_url = "https://www.ebay.com/itm/" + item;
    o.price_cents = 123456;
    o.currency = "EUR";
}

// The shared fields as a store wrote them: listings keep price and currency per observation.
struct StoredOffer {
    std::string item_id, title;
    std::optional<std::int64_t> condition_id;
    std::string buying_options, location_country;
    std::optional<std::string> item_group_type;
    std::string seller_username;
    std::optional<std::int64_t> seller_feedback_score;
    std::optional<double> seller_feedback_pct;
    std::string item_url;
    std::int64_t price_cents = 0;
    std::string currency;
};

StoredOffer read_offer(Statement& select) {
    REQUIRE(select.step());
    StoredOffer s{select.text(0), select.text(1),           select.optional_int64(2),
                  select.text(3), select.text(4),           select.optional_text(5),
                  select.text(6), select.optional_int64(7), select.optional_real(8),
                  select.text(9), select.int64(10),         select.text(11)};
    CHECK_FALSE(select.step());
    return s;
}

void check_offer(const StoredOffer& s, const SellerOffer& o) {
    CHECK(s.item_id == o.item_id);
    CHECK(s.title == o.title);
    CHECK(s.condition_id == o.condition_id);
    CHECK(s.buying_options == o.buying_options);
    CHECK(s.location_country == o.location_country);
    CHECK(s.item_group_type == o.item_group_type);
    CHECK(s.seller_username == o.seller_username);
    CHECK(s.seller_feedback_score == o.seller_feedback_score);
    CHECK(s.seller_feedback_pct == o.seller_feedback_pct);
    CHECK(s.item_url == o.item_url);
    CHECK(s.price_cents == o.price_cents);
    CHECK(s.currency == o.currency);
}

StoredOffer stored_listing(Database& db, const std::string& item) {
    constexpr auto kSql =
        "SELECT l.item_id, l.title, l.condition_id, l.buying_options, l.location_country, "
        "l.item_group_type, l.seller_username, l.seller_feedback_score, "
        "l.seller_feedback_pct, " +
        kListingUrl +
        ", o.price_cents, o.currency FROM listings l "
        "JOIN price_observations o ON o.listing_id = l.id WHERE l.item_id = ?1 "
        "ORDER BY o.observed_on DESC LIMIT 1";
    auto select = db.prepare(kSql);
    select.bind(1, item);
    return read_offer(select);
}

StoredOffer stored_sale(Database& db, const std::string& item) {
    auto select = db.prepare(
        "SELECT item_id, title, condition_id, buying_options, location_country, item_group_type, "
        "seller_username, seller_feedback_score, seller_feedback_pct, item_url, price_cents, "
        "currency FROM sold_items WHERE item_id = ?1");
    select.bind(1, item);
    return read_offer(select);
}

}  // namespace

TEST_SUITE("schema::listing_store") {
    TEST_CASE("every shared offer field of a listing and of a sale is stored and read back") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("offers.db"));
        migrate(db);
        const auto market = gpuprice::test::us_market();
        const auto first = begin_run(db, RunSource::ebay, market, Night::from_text("2026-12-01"),
                                     "2026-12-01T03:00:00Z");

        Listing listing;
        fill_offer(listing, "v1|111|0");
        listing.legacy_item_id = "111";
        listing.created_at = "2026-11-30T10:00:00Z";
        listing.item_group_id = "group-111";
        listing.item_end_date = "2026-12-30T10:00:00Z";
        listing.item_origin_date = "2026-11-29T10:00:00Z";
        listing.epid = "epid-111";
        listing.price_flags = 5;
        PageStore(db, first.id(), Night::from_text("2026-12-01"), market).store({listing}, {});
        SUBCASE("inserted") {
            check_offer(stored_listing(db, listing.item_id), listing);
        }
        SUBCASE("updated by a later run, every field changed") {
            const auto second = begin_run(db, RunSource::ebay, market,
                                          Night::from_text("2026-12-02"), "2026-12-02T03:00:00Z");
            Listing changed;
            fill_offer(changed, listing.item_id);
            changed.title = "RTX 4090 FE, boxed";
            changed.condition_id = 1000;
            changed.buying_options = "AUCTION";
            changed.location_country = "US";
            changed.item_group_type = "";
            changed.seller_username = "renamed-seller";
            changed.seller_feedback_score = 12;
            changed.seller_feedback_pct = 91.25;
            changed.item_url = "https://www.ebay.com/itm/111?changed";
            changed.price_cents = 99900;
            changed.currency = "GBP";
            changed.item_group_id = "group-222";
            changed.epid = "epid-222";
            changed.price_flags = 2;
            PageStore(db, second.id(), Night::from_text("2026-12-02"), market).store({changed}, {});
            auto stored = stored_listing(db, listing.item_id);
            CHECK(stored.item_group_type == std::optional<std::string>(""));
            stored.item_group_type = changed.item_group_type;  // '' as the listing row keeps it
            check_offer(stored, changed);
            auto details = db.prepare(
                "SELECT legacy_item_id, created_at, item_group_id, epid, price_flags, "
                "first_seen_run, last_seen_run FROM listings");
            REQUIRE(details.step());
            CHECK(details.text(0) == "111");  // the first sighting's, kept
            CHECK(details.text(1) == "2026-11-30T10:00:00Z");
            CHECK(details.text(2) == "group-222");
            CHECK(details.text(3) == "epid-222");
            CHECK(details.int32(4) == 2);
            CHECK(details.int64(5) == first.id());
            CHECK(details.int64(6) == second.id());
        }

        SoldItem sale;
        fill_offer(sale, "v1|333|0");
        sale.sold_at = "2026-11-28T09:30:00Z";
        sale.quantity_sold = 2;
        SoldItem plain;  // no item group, no condition, no feedback: NULLs in sold_items
        plain.item_id = "v1|444|0";
        plain.title = "RTX 3060 12GB";
        plain.item_url = "https://www.ebay.com/itm/444";
        plain.price_cents = 25000;
        plain.currency = "USD";
        plain.sold_at = "2026-11-27T08:00:00Z";
        store_sold_items(db, first.id(), market, {sale, plain}, {"abroad"});
        check_offer(stored_sale(db, sale.item_id), sale);
        auto stored_plain = stored_sale(db, plain.item_id);
        CHECK_FALSE(stored_plain.item_group_type);  // a sale stores no group as NULL
        stored_plain.item_group_type = "";
        check_offer(stored_plain, plain);
        auto rest = db.prepare(
            "SELECT sold_at, sold_on, quantity_sold, marketplace, fetched_run, kept_out "
            "FROM sold_items ORDER BY item_id");
        REQUIRE(rest.step());
        CHECK(rest.text(0) == "2026-11-28T09:30:00Z");
        CHECK(rest.text(1) == "2026-11-28");
        CHECK(rest.int32(2) == 2);
        CHECK(rest.text(3) == market.id);
        CHECK(rest.int64(4) == first.id());
        CHECK(rest.optional_text(5) == std::optional<std::string>("abroad"));
        REQUIRE(rest.step());
        CHECK(rest.text(1) == "2026-11-27");
        CHECK_FALSE(rest.optional_text(5));
    }

    // Migration 0020: what a listing's legacy id rebuilds of its URL is not stored, whoever
    // writes the row; every URL reads back as it came, through the reports' reads too.
    TEST_CASE(
        "a listing's URL is stored without what its legacy id rebuilds, and read back whole") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("urls.db"));
        migrate(db);
        const auto market = gpuprice::test::us_market();
        struct Case {
            std::string legacy, url, stored;
        };
        const std::vector<Case> cases = {
            {"111", "https://www.ebay.com/itm/111", "~"},
            {"112", "https://www.ebay.com/itm/112?hash=item5e32b11a90:g:cWwAAOSwB5plO26d",
             "~?hash=item5e32b11a90:g:cWwAAOSwB5plO26d"},
            {"113", "https://www.ebay.de/itm/113", "https://www.ebay.de/itm/113"},
            {"11", "https://www.ebay.com/itm/114", "https://www.ebay.com/itm/114"},
            {"115", "https://www.ebay.com/itm/115/other", "https://www.ebay.com/itm/115/other"},
            {"", "https://www.ebay.com/itm/", "https://www.ebay.com/itm/"},
            {"117", "", ""},
        };
        // listings as stored (raw) and as read back, in item order.
        const auto check_stored = [&](Database& on, const std::string& suffix) {
            constexpr auto kSql =
                "SELECT l.item_url, " + kListingUrl + " FROM listings l ORDER BY l.item_id";
            auto select = on.prepare(kSql);
            for (const auto& c : cases) {
                CAPTURE(c.url);
                REQUIRE(select.step());
                const bool shortened = c.stored.starts_with("~");
                CHECK(select.text(0) ==
                      (shortened || c.url.empty() ? c.stored + suffix : c.url + suffix));
                CHECK(select.text(1) == (c.url.empty() ? suffix : c.url + suffix));
            }
            CHECK_FALSE(select.step());
        };
        const auto page = [&](const std::string& suffix) {
            std::vector<Listing> listings;
            int n = 0;
            for (const auto& c : cases) {
                Listing l;
                l.item_id = "v1|" + std::to_string(++n) + "|0";
                l.legacy_item_id = c.legacy;
                l.title = "RTX 4090 Founders Edition";
                l.condition_id = 3000;
                l.item_url = c.url.empty() ? suffix : c.url + suffix;
                l.price_cents = 150000;
                l.currency = "USD";
                listings.push_back(l);
            }
            return listings;
        };
        const auto first = begin_run(db, RunSource::ebay, market, Night::from_text("2026-12-01"),
                                     "2026-12-01T03:00:00Z");
        PageStore(db, first.id(), Night::from_text("2026-12-01"), market).store(page(""), {});
        check_stored(db, "");  // inserted
        // The page store inserts the short form itself: the trigger is for other writers.
        Database bare(dir.file("bare.db"));
        migrate(bare);
        bare.exec("DROP TRIGGER listing_url_stored_short");
        const auto bare_run = begin_run(bare, RunSource::ebay, market,
                                        Night::from_text("2026-12-01"), "2026-12-01T03:00:00Z");
        PageStore(bare, bare_run.id(), Night::from_text("2026-12-01"), market).store(page(""), {});
        check_stored(bare, "");
        const auto second = begin_run(db, RunSource::ebay, market, Night::from_text("2026-12-02"),
                                      "2026-12-02T03:00:00Z");
        PageStore(db, second.id(), Night::from_text("2026-12-02"), market).store(page("?x=1"), {});
        check_stored(db, "?x=1");  // updated
        // The reports' reads give it back whole.
        ObservationFilter filter;
        filter.market = market;
        db.exec(
            "INSERT INTO match_results (listing_id, model, reason) "
            "SELECT id, 'rtx-4090', 'ok' FROM listings");
        const auto rows = gpuprice::test::latest_observations(
            db, Past::read(db, filter.market), "2026-12-02", "2026-12-02", Details::With, filter);
        REQUIRE(rows.size() == cases.size());
        for (std::size_t i = 0; i < cases.size(); ++i) {
            CAPTURE(cases[i].url);
            CHECK(rows[i].item_url == (cases[i].url.empty() ? "?x=1" : cases[i].url + "?x=1"));
        }
    }

    TEST_CASE("migration 0020 stores the URLs already there without what the legacy id rebuilds") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("before-0020.db"));
        std::vector<Migration> before;
        for (const auto& m : embedded_migrations()) {
            if (m.version < 20) before.push_back(m);
        }
        REQUIRE(before.size() == 19);
        migrate(db, before);
        db.exec("INSERT INTO fetch_runs (id, started_at, source) VALUES (1, 'x', 'ebay')");
        db.exec(
            "INSERT INTO listings (item_id, legacy_item_id, title, item_url, first_seen_run, "
            "last_seen_run, first_seen_on, last_seen_on) VALUES "
            "('v1|1|0', '1', 't', 'https://www.ebay.com/itm/1?hash=a', 1, 1, 'd', 'd'), "
            "('v1|2|0', '2', 't', 'https://www.ebay.com/itm/2', 1, 1, 'd', 'd'), "
            "('v1|3|0', '3', 't', 'https://www.ebay.de/itm/3', 1, 1, 'd', 'd'), "
            "('v1|4|0', NULL, 't', NULL, 1, 1, 'd', 'd')");
        migrate(db);
        constexpr auto kSql = "SELECT l.item_url, " + kListingUrl + " FROM listings l ORDER BY id";
        auto select = db.prepare(kSql);
        const std::vector<std::pair<std::optional<std::string>, std::string>> expected = {
            {"~?hash=a", "https://www.ebay.com/itm/1?hash=a"},
            {"~", "https://www.ebay.com/itm/2"},
            {"https://www.ebay.de/itm/3", "https://www.ebay.de/itm/3"},
            {std::nullopt, ""}};
        for (const auto& [stored, read] : expected) {
            REQUIRE(select.step());
            CHECK(select.optional_text(0) == stored);
            CHECK(select.text(1) == read);
        }
    }

    TEST_CASE("binding a named parameter the statement lacks is an error naming it") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("named.db"));
        auto statement = db.prepare("SELECT :title, :price_cents");
        CHECK(statement.find_parameter(":title") == 1);
        CHECK(statement.find_parameter(":titel") == 0);
        CHECK(statement.parameter_index(":price_cents") == 2);
        CHECK_THROWS_WITH_AS(statement.bind(":titel", std::string("x")),
                             doctest::Contains("':titel'"), SqliteError);
        CHECK_THROWS_WITH_AS(statement.bind_unowned(":price", "x"),
                             doctest::Contains("has no such parameter"), SqliteError);
        // bind_offer binds only what a statement names, and says how many.
        SellerOffer offer;
        fill_offer(offer, "v1|555|0");
        CHECK(bind_offer(statement, offer) == 2);
        REQUIRE(statement.step());
        CHECK(statement.text(0) == offer.title);
        CHECK(statement.int64(1) == offer.price_cents);
    }

    TEST_CASE(
        "a name asked once is answered again; a buffer that now holds another name is asked anew") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("names.db"));
        auto statement = db.prepare("SELECT :a, :bb");
        char name[] = ":a";
        CHECK(statement.find_parameter(name) == 1);
        CHECK(statement.find_parameter(name) == 1);  // found by its address now
        std::strcpy(name, ":b");                     // the same address, another (absent) name
        CHECK(statement.find_parameter(name) == 0);
        CHECK(statement.find_parameter(name) == 0);  // an absence is remembered too
        CHECK(statement.find_parameter(":bb") == 2);
        char absent_first[] = ":x";  // asked while absent, then holding a name the statement has
        CHECK(statement.find_parameter(absent_first) == 0);
        std::strcpy(absent_first, ":a");
        CHECK(statement.find_parameter(absent_first) == 1);
        std::strcpy(name, ":a");
        statement.bind(name, 7).bind(":bb", 8);
        REQUIRE(statement.step());
        CHECK(statement.int64(0) == 7);
        CHECK(statement.int64(1) == 8);
    }
}

}  // namespace test_listing_store
