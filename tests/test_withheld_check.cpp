// The night's getItem check of the listings its searches missed inside a withheld window
// (fetcher/withheld_check.hpp), against the fake eBay on 127.0.0.1 and a real SQLite file: whole
// nights through app::run_night, on a clock the test moves (ManualClock) and a frozen
// gpuprice clock, so that nothing reads the wall clock.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "app/night.hpp"
#include "fetcher/withheld_check.hpp"
#include "tests/fake_fetch_fixture.hpp"
#include "tests/frozen_clock.hpp"
#include "tests/manual_clock.hpp"

namespace test_withheld_check {

using namespace gpuprice;

namespace {

constexpr int kCards = 450;  // three pages of 200, newest first

// Card i, created i minutes after 2026-11-01: a later card is newer.
test::FakeItem card(int i) {
    auto item = test::fake_card(std::to_string(200000 + i),
                                "NVIDIA GeForce RTX 3090 24GB Founders Edition");
    char created[48];
    std::snprintf(created, sizeof created, "2026-11-%02dT%02d:%02d:00.000Z", 1 + i / 1440,
                  i / 60 % 24, i % 60);
    item.created_at = created;
    item.price = std::to_string(600 + i) + ".00";
    return item;
}

// The card at place `rank` of the first night's newest-first order.
int at_rank(int rank) {
    return kCards - 1 - rank;
}

// Two nights of one family, RTX 3090: the first serves every card; before the second, three
// cards sell, and on it every second page comes back three items short with `next` (page 2, whose
// window runs from page 3's newest to page 1's oldest). Sold at ranks 250 and 300 lie inside that
// window (the second stays known to getItem as ended: 200 with an itemEndDate past and
// OUT_OF_STOCK), rank 10 outside it; the second night's short page leaves out the three cards at
// its ranks 397-399, still listed.
struct TwoNights {
    test::FakeFetchFixture f;
    test::ManualClock clock;
    app::NightPlan plan;
    std::vector<test::FakeItem> cards;
    std::string inside_404, inside_ended, outside;
    std::optional<int> second_night_max_calls;  // the first night's 200 when not set

    TwoNights() {
        for (int i = 0; i < kCards; ++i) cards.push_back(card(i));
        inside_404 = cards[at_rank(250)].item_id;
        inside_ended = cards[at_rank(300)].item_id;
        outside = cards[at_rank(10)].item_id;
        f.config.http.clock = clock.run_clock();
        f.config.http.parallel = 1;
        f.config.max_calls = 200;
        f.ebay.set_clock([this] { return clock.now(); });
        plan.conditions = {schema::ConditionClass::used};
        plan.queries = {"RTX 3090"};
        plan.check_share = 0.25;  // 50 calls
        plan.fetch = f.config;
    }

    app::NightResult night(const std::string& date) {
        const test::FrozenClock frozen(date + "T03:00:00Z");
        plan.night = schema::Night::from_text(date);
        return app::run_night(f.db, f.rule_set, f.matchers, plan, &f.credentials, {});
    }

    // The first night, the sales, and the second night's answer.
    app::NightResult play() {
        f.ebay.set_market(cards);
        const auto first = night("2026-12-01");
        REQUIRE(first.fetch.status == schema::RunStatus::ok);
        REQUIRE(count("SELECT count(*) FROM match_results WHERE reason = 'ok'") == kCards);
        std::vector<test::FakeItem> tonight;
        for (auto item : cards) {
            if (item.item_id == inside_404 || item.item_id == outside) continue;
            if (item.item_id == inside_ended) item.ended_at = "2026-12-01T12:00:00.000Z";
            tonight.push_back(item);
        }
        f.ebay.set_market(tonight);
        f.ebay.set_short_pages(2, 3);
        if (second_night_max_calls) plan.fetch.max_calls = *second_night_max_calls;
        return night("2026-12-02");
    }

    int count(const std::string& sql) {
        auto stmt = f.db.prepare(sql);
        REQUIRE(stmt.step());
        return stmt.int32(0);
    }
    std::string text(const std::string& sql, const std::string& item_id) {
        auto stmt = f.db.prepare(sql);
        stmt.bind(1, item_id);
        if (!stmt.step()) return "none";
        return stmt.text(0);
    }
    // "cleared 2026-12-02", "pending", or "none" (no row: still listed).
    std::string clearance(const std::string& item_id) {
        return text(
            "SELECT c.outcome || coalesce(' ' || c.night, '') FROM listing_clearances c "
            "JOIN listings l ON l.id = c.listing_id WHERE l.item_id = ?1",
            item_id);
    }
    std::string checked(const std::string& item_id) {
        return text(
            "SELECT k.outcome || ' ' || k.night FROM listing_withheld_checks k "
            "JOIN listings l ON l.id = k.listing_id WHERE l.item_id = ?1",
            item_id);
    }
    std::string last_seen(const std::string& item_id) {
        return text("SELECT last_seen_on FROM listings WHERE item_id = ?1", item_id);
    }
};

// The three cards the second night's short page left out, still listed.
std::vector<std::string> withheld_cards(const TwoNights& n) {
    std::vector<std::string> ids;
    int rank = 0;
    for (int i = kCards - 1; i >= 0; --i) {
        const auto& id = n.cards[static_cast<std::size_t>(i)].item_id;
        // Not served tonight: sold, or ended (inside_ended is known to getItem only).
        if (id == n.inside_404 || id == n.outside || id == n.inside_ended) continue;
        if (rank >= 397 && rank <= 399) ids.push_back(id);
        ++rank;
    }
    return ids;
}

}  // namespace

TEST_SUITE("fetcher::withheld_check") {
    TEST_CASE(
        "a sale inside a window is cleared that night; a withheld listing is seen, not sold") {
        TwoNights n;
        const auto second = n.play();
        CHECK(second.fetch.status == schema::RunStatus::ok);
        const auto& check = second.fetch.withheld_check;
        CHECK(check.missed == 5);
        CHECK(check.ended == 2);
        CHECK(check.listed == 3);
        CHECK(check.undecided == 0);
        CHECK(second.fetch.calls_by_kind.at(schema::QueryKind::withheld_check) == 5);
        CHECK(n.f.ebay.item_calls() == 5);
        const auto notes = [&] {
            std::string all;
            for (const auto& note : second.fetch.notes) all += note + "\n";
            return all;
        }();
        CHECK(notes.find("checked 5 listing(s) missed inside withheld windows: 2 ended, 3 still "
                         "listed, 0 undecided") != std::string::npos);
        // Sold inside the window: 404 with errorId 11001, and 200 with an end date past.
        CHECK(n.clearance(n.inside_404) == "cleared 2026-12-02");
        CHECK(n.checked(n.inside_404) == "ended 2026-12-02");
        CHECK(n.clearance(n.inside_ended) == "cleared 2026-12-02");
        CHECK(n.checked(n.inside_ended) == "ended 2026-12-02");
        // Sold outside every window: the searches decide it alone, getItem is not asked.
        CHECK(n.clearance(n.outside) == "cleared 2026-12-02");
        CHECK(n.checked(n.outside) == "none");
        // Left out by the short page, still for sale: seen tonight at getItem's price.
        const auto withheld = withheld_cards(n);
        REQUIRE(withheld.size() == 3);
        for (const auto& id : withheld) {
            CAPTURE(id);
            CHECK(n.checked(id) == "listed 2026-12-02");
            CHECK(n.last_seen(id) == "2026-12-02");
            CHECK(n.clearance(id) == "none");
        }
        CHECK(n.count("SELECT count(*) FROM listing_clearances WHERE outcome = 'cleared'") == 3);
        CHECK(n.count("SELECT count(*) FROM listings WHERE last_seen_on = '2026-12-02'") ==
              kCards - 3);
    }

    // The same nights without the check: the two sales inside the window wait, and the three
    // withheld cards with them. What the check decides is the check's.
    TEST_CASE("without the check (--check-share 0) the sales inside the window wait") {
        TwoNights n;
        n.plan.check_share = 0;
        const auto second = n.play();
        CHECK(second.fetch.withheld_check.missed == 0);
        CHECK(n.f.ebay.item_calls() == 0);
        CHECK(n.clearance(n.inside_404) == "pending");
        CHECK(n.clearance(n.inside_ended) == "pending");
        CHECK(n.clearance(n.outside) == "cleared 2026-12-02");
        for (const auto& id : withheld_cards(n)) CHECK(n.clearance(id) == "pending");
    }

    TEST_CASE("getItem failing (5xx after the retries) leaves them pending; the night exits 0") {
        TwoNights n;
        for (int i = 0; i < 200; ++i) n.f.ebay.queue_item_faults({test::Fault::ServerError});
        const auto second = n.play();
        // Exit 0 (cli/command_fetch.cpp exit_code): an ok run, no later pass failed.
        CHECK(second.fetch.status == schema::RunStatus::ok);
        CHECK_FALSE(second.fetch.listings_missing());
        CHECK_FALSE(second.later_pass_failed);
        const auto& check = second.fetch.withheld_check;
        CHECK(check.missed == 5);
        CHECK(check.undecided == 5);
        CHECK(check.ended + check.listed == 0);
        CHECK(n.clearance(n.inside_404) == "pending");
        CHECK(n.clearance(n.inside_ended) == "pending");
        CHECK(n.checked(n.inside_404) == "undecided 2026-12-02");
        for (const auto& id : withheld_cards(n)) {
            CHECK(n.clearance(id) == "pending");
            CHECK(n.last_seen(id) == "2026-12-01");
        }
        CHECK(n.clearance(n.outside) == "cleared 2026-12-02");
    }

    TEST_CASE("the night's budget caps the check's calls, oldest-missing first, the rest wait") {
        // How many calls the second night's listings pass takes, from a night with calls to
        // spare; then the same night with two calls more than that.
        TwoNights spare;
        const auto measured = spare.play();
        const int listings = measured.fetch.calls_used - measured.fetch.withheld_check.calls_used;
        TwoNights n;
        n.second_night_max_calls = listings + 2;
        n.plan.check_share = 1.5 / (listings + 2);  // one call reserved, one the listings leave
        const auto second = n.play();
        const auto& check = second.fetch.withheld_check;
        CHECK(check.missed == 5);
        CHECK(check.calls_used == 2);
        CHECK(n.f.ebay.item_calls() == 2);
        CHECK(check.not_asked == 3);
        CHECK(check.ended + check.listed + check.undecided == 2);
        CHECK(n.count("SELECT count(*) FROM listing_withheld_checks") == 2);
        bool said = false;
        for (const auto& note : second.fetch.notes)
            said = said || note.find("3 undecided (3 not asked") != std::string::npos;
        CHECK(said);
        // All five were last seen the same night, so listing id order decides: the first night
        // stored the newest first, so the sales (ranks 250 and 300) come before the three the
        // short page left out (ranks 400-402 of that night). Those wait.
        CHECK(n.clearance(n.inside_404) == "cleared 2026-12-02");
        CHECK(n.clearance(n.inside_ended) == "cleared 2026-12-02");
        for (const auto& id : withheld_cards(n)) {
            CHECK(n.checked(id) == "none");
            CHECK(n.clearance(id) == "pending");
        }
    }

    // A first night has nothing the check could ask: its share stays with the listings.
    TEST_CASE("the check's share is reserved only on a night after one that saw listings") {
        TwoNights n;
        const auto market = schema::default_market();
        const auto first = schema::Night::from_text("2026-12-01");
        const auto second = schema::Night::from_text("2026-12-02");
        CHECK(fetcher::withheld_check_share(n.f.db, market, first, 0.25) == 0);
        n.f.ebay.set_market(n.cards);
        n.night("2026-12-01");
        CHECK(fetcher::withheld_check_share(n.f.db, market, first, 0.25) == 0);
        CHECK(fetcher::withheld_check_share(n.f.db, market, second, 0.25) == 0.25);
        CHECK(fetcher::withheld_check_share(n.f.db, market, second, 0) == 0);
        // A month later the first night's listings are past the check's lookback.
        CHECK(fetcher::withheld_check_share(n.f.db, market,
                                            second.plus(fetcher::kWithheldCheckNights), 0.25) == 0);
    }

    // What one answer says (Browse API overview, "item" resource: itemEndDate and
    // estimatedAvailabilityStatus; 404 with errorId 11001 for an item eBay no longer serves).
    TEST_CASE("what a getItem answer says: ended, listed, or undecided") {
        const auto now = *schema::parse_iso_utc("2026-12-02T03:00:00Z");
        const auto answer = [](long status, std::string body, std::int64_t error = 0) {
            fetcher::EbayAnswer a;
            a.response.status = status;
            a.response.body = std::move(body);
            if (error) a.errors.push_back({error, "API_BROWSE", "REQUEST", "", "", {}});
            return a;
        };
        const auto outcome = [&](const fetcher::EbayAnswer& a) {
            return fetcher::read_check_answer(a, "USD", now).outcome;
        };
        using schema::WithheldCheck;
        CHECK(outcome(answer(404, "{}", 11001)) == WithheldCheck::ended);
        CHECK(outcome(answer(400, "{}", 11001)) == WithheldCheck::ended);
        CHECK(outcome(answer(404, "Not Found")) == WithheldCheck::undecided);  // a proxy's
        CHECK(outcome(answer(500, "{}", 10000)) == WithheldCheck::undecided);
        auto item = card(1);
        const auto live = test::item_json(item);
        const auto with = [&](const std::string& extra) {
            return live.substr(0, live.size() - 1) + extra + "}";
        };
        const auto listed = fetcher::read_check_answer(answer(200, live), "USD", now);
        CHECK(listed.outcome == WithheldCheck::listed);
        REQUIRE(listed.listing);
        CHECK(listed.listing->item_id == item.item_id);
        CHECK(listed.listing->price_cents == 60100);
        CHECK(outcome(answer(200, with(R"(,"itemEndDate":"2026-12-01T12:00:00.000Z")"))) ==
              WithheldCheck::ended);
        CHECK(outcome(answer(200, with(R"(,"itemEndDate":"2026-12-30T12:00:00.000Z")"))) ==
              WithheldCheck::listed);
        CHECK(outcome(answer(200, with(R"(,"estimatedAvailabilities":[)"
                                       R"({"estimatedAvailabilityStatus":"OUT_OF_STOCK"}])"))) ==
              WithheldCheck::ended);
        CHECK(outcome(answer(200, with(R"(,"estimatedAvailabilities":[)"
                                       R"({"estimatedAvailabilityStatus":"IN_STOCK"}])"))) ==
              WithheldCheck::listed);
        CHECK(outcome(answer(200, "not json")) == WithheldCheck::undecided);
        auto euro = item;
        euro.currency = "EUR";
        CHECK(outcome(answer(200, test::item_json(euro))) == WithheldCheck::undecided);
    }
}

}  // namespace test_withheld_check
