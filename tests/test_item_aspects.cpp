// getItem for listings the title left ambiguous, against the fake eBay: localizedAspects
// stored and used by the matcher, aspects missing, "Not Specified" or contradicting, an item
// gone, the call budget share, and each item asked only once.
#include <doctest/doctest.h>

#include "analysis/listing_attributes.hpp"
#include "analysis/title_matcher.hpp"
#include "app/stored_matching.hpp"
#include "fetcher/fetch_run.hpp"
#include "fetcher/item_aspects.hpp"
#include "schema/rules/attribute_rules.hpp"
#include "schema/rules/match_rules.hpp"
#include "schema/store/aspect_store.hpp"
#include "schema/store/catalog_store.hpp"
#include "schema/store/migrations.hpp"
#include "tests/child_process.hpp"
#include "tests/fake_ebay.hpp"
#include "tests/fake_fetch_fixture.hpp"
#include "tests/test_context.hpp"

namespace test_item_aspects {

using namespace gpuprice;
using namespace std::chrono_literals;
using test::FakeEbay;

namespace {

using test::fake_card;

struct AspectsFixture : test::FakeFetchFixture {
    AspectsFixture() {
        ebay.set_items("RTX 3080", {fake_card("1", "EVGA GeForce RTX 3080 FTW3 Ultra"),
                                    fake_card("2", "ASUS TUF GeForce RTX 3080 OC"),
                                    fake_card("3", "MSI GeForce RTX 3080 Gaming X Trio"),
                                    fake_card("4", "ZOTAC GeForce RTX 3080 Trinity"),
                                    fake_card("5", "NVIDIA GeForce RTX 3080 10GB"),
                                    fake_card("6", "EVGA GeForce RTX 3080 XC3 Ultra")});
        ebay.set_item_details("v1|1|0", R"({"type":"STRING","name":"Memory Size","value":"12 GB"},
                                          {"type":"STRING","name":"Brand","value":"EVGA"})");
        ebay.set_item_details("v1|2|0", R"({"type":"STRING","name":"Memory Size",
                                           "value":"Not Specified"})");
        ebay.set_item_details("v1|3|0", "");  // no localizedAspects at all
        // item 4: gone (404)
        ebay.set_item_details("v1|5|0",
                              R"({"type":"STRING","name":"Memory Size","value":"12 GB"})");
        ebay.set_item_details("v1|6|0", R"({"type":"STRING","name":"Memory Size","value":"16 GB"},
                                          {"type":"STRING","name":"Chipset/GPU Model"})");
    }

    std::int64_t fetch_and_match(const std::string& day) {
        config.queries =
            fetcher::family_queries({"RTX 3080"}, {gpuprice::schema::ConditionClass::used});
        const auto outcome =
            fetcher::run_fetch(db, config, credentials, schema::Night::from_text(day), {});
        REQUIRE(outcome.status == schema::RunStatus::ok);
        app::match_listings(db, matchers, schema::WhichListings::WithoutVerdictOrSeenInRun,
                            outcome.run_id, day + "T03:00:00Z");
        return outcome.run_id;
    }

    // The listings of `run` still ambiguous and never asked, as getItem takes them.
    std::vector<fetcher::ItemToAsk> items_to_ask(std::int64_t run) {
        std::vector<fetcher::ItemToAsk> items;
        for (const auto& a : schema::ambiguous_listings_to_ask(db, run, 100)) {
            items.push_back({a.listing_id, a.item_id});
        }
        return items;
    }

    // The getItem pass alone, with `max_calls` calls all its own.
    fetcher::ItemAspectsOutcome ask(const std::vector<fetcher::ItemToAsk>& items,
                                    int max_calls = 100) {
        auto pass_config = config;
        pass_config.max_calls = max_calls;
        const auto client = test::open_fake_client(pass_config, credentials, {.item_aspects = 1.0});
        client->budget()->close(fetcher::Pass::listings);
        client->budget()->close(fetcher::Pass::sold);
        return fetcher::fetch_item_aspects(db, *client, items);
    }

    std::string verdict(const std::string& item_id) { return test::stored_verdict(db, item_id); }
};

}  // namespace

TEST_SUITE("fetcher::item_aspects") {
    TEST_CASE("localizedAspects are read; a malformed aspect or body costs only itself") {
        const auto aspects = fetcher::parse_item_aspects(
            R"({"itemId":"v1|1|0","localizedAspects":[{"type":"STRING","name":"Memory Size",
            "value":"12 GB"},{"name":"Brand"},42,{"name":"Chipset/GPU Model",
            "value":"NVIDIA GeForce RTX 3080"}]})");
        REQUIRE(aspects.size() == 2);
        CHECK(aspects[0] == std::pair<std::string, std::string>{"Memory Size", "12 GB"});
        CHECK(aspects[1].first == "Chipset/GPU Model");
        CHECK(fetcher::parse_item_aspects(R"({"itemId":"v1|1|0"})").empty());
        CHECK(fetcher::parse_item_aspects("<html>").empty());
        CHECK(fetcher::item_url("http://x", "v1|123|0") ==
              "http://x/buy/browse/v1/item/v1%7C123%7C0");
    }

    TEST_CASE("ambiguous new listings are asked once, within the budget; aspects settle them") {
        AspectsFixture f;
        const auto run = f.fetch_and_match("2026-12-01");
        CHECK(f.verdict("v1|5|0") == "ok|rtx-3080-10gb|title");
        // Only what the title left open is asked about: not the 10GB card.
        auto asked = schema::ambiguous_listings_to_ask(f.db, run, 100);
        REQUIRE(asked.size() == 5);
        for (const auto& a : asked) CHECK(a.item_id != "v1|5|0");

        // A budget of 3 calls: three items asked, the rest wait.
        std::vector<fetcher::ItemToAsk> items;
        for (const auto& a : asked) items.push_back({a.listing_id, a.item_id});
        auto first = f.ask(items, 3);
        CHECK(first.calls_used == 3);
        CHECK(first.budget_reached);
        CHECK(first.items_not_asked == 2);
        CHECK(f.ebay.item_calls() == 3);

        asked = schema::ambiguous_listings_to_ask(f.db, run, 100);
        CHECK(asked.size() == 2);  // the answered ones are never asked again
        items.clear();
        for (const auto& a : asked) items.push_back({a.listing_id, a.item_id});
        const auto second = f.ask(items);
        CHECK(second.calls_used == 2);
        CHECK_FALSE(second.budget_reached);
        CHECK(first.items_gone + second.items_gone == 1);
        CHECK(first.items_answered + second.items_answered == 4);
        CHECK(f.ebay.item_calls() == 5);
        CHECK(schema::ambiguous_listings_to_ask(f.db, run, 100).empty());
        // What each answer was is stored as its status text: the 404 item gone, the rest ok.
        auto lookups = f.db.prepare(
            "SELECT l.item_id, k.status FROM item_lookups k JOIN listings l ON l.id = k.listing_id "
            "ORDER BY l.item_id");
        std::vector<std::string> statuses;
        while (lookups.step()) statuses.push_back(lookups.text(0) + " " + lookups.text(1));
        CHECK(statuses == std::vector<std::string>{"v1|1|0 ok", "v1|2|0 ok", "v1|3|0 ok",
                                                   "v1|4|0 gone", "v1|6|0 ok"});

        app::match_listings(f.db, f.matchers, schema::WhichListings::WithoutVerdictOrSeenInRun, run,
                            "2026-12-01T03:10:00Z");
        CHECK(f.verdict("v1|1|0") == "ok|rtx-3080-12gb|aspect");  // Memory Size decided
        CHECK(f.verdict("v1|2|0") == "ambiguous||title");         // "Not Specified" is nothing
        CHECK(f.verdict("v1|3|0") == "ambiguous||title");         // no aspects at all
        CHECK(f.verdict("v1|4|0") == "ambiguous||title");         // gone
        CHECK(f.verdict("v1|6|0") == "ambiguous||aspect");        // 16 GB: no 3080 has it

        // The next night the same listings were all answered: nothing is asked.
        const auto night2 = f.fetch_and_match("2026-12-02");
        CHECK(schema::ambiguous_listings_to_ask(f.db, night2, 100).empty());
        CHECK(f.verdict("v1|1|0") == "ok|rtx-3080-12gb|aspect");  // stored aspects still count
    }

    // getItem counts in the daily Browse quota: once eBay says it is spent (429 errorId 2001,
    // and getRateLimits confirms), nothing more is asked; the listings wait for a later night.
    TEST_CASE("getItem stops at the first 429 errorId 2001 when the quota is spent") {
        AspectsFixture f;
        const auto run = f.fetch_and_match("2026-12-01");
        const auto items = f.items_to_ask(run);
        REQUIRE(items.size() == 5);
        f.config.http.parallel = 1;
        f.ebay.set_daily_quota(f.ebay.search_calls() + 1);  // one more call, then spent
        const auto outcome = f.ask(items);
        CAPTURE(outcome.problems.size());
        CHECK(outcome.stop == fetcher::StopReason::quota);
        CHECK(f.ebay.item_calls() == 2);  // the one answered, the one that met the 429
        CHECK(outcome.items_answered == 1);
        CHECK(outcome.items_not_asked == 4);
        CHECK(f.items_to_ask(run).size() == 4);
    }

    TEST_CASE("a revoked token during getItem is renewed once and the pass goes on") {
        AspectsFixture f;
        const auto run = f.fetch_and_match("2026-12-01");
        const auto items = f.items_to_ask(run);
        const int tokens_before = f.ebay.token_calls();
        f.ebay.queue_item_faults({test::Fault::ExpireToken});
        const auto outcome = f.ask(items);
        CHECK(outcome.stop == fetcher::StopReason::none);
        CHECK(outcome.items_answered + outcome.items_gone == 5);
        CHECK(f.ebay.token_calls() == tokens_before + 1);
        CHECK(f.ebay.item_calls() == 5 + f.ebay.unauthorized_calls());
    }

    TEST_CASE("an aspect contradicting the title's own VRAM makes it ambiguous") {
        AspectsFixture f;
        const auto run = f.fetch_and_match("2026-12-01");
        const auto id = [&] {
            auto stmt = f.db.prepare("SELECT id FROM listings WHERE item_id = 'v1|5|0'");
            REQUIRE(stmt.step());
            return stmt.int64(0);
        }();
        // The 10GB card's getItem says 12 GB (a seller's slip): not trusted either way.
        const auto outcome = f.ask({{id, "v1|5|0"}});
        CHECK(outcome.items_answered == 1);
        app::match_listings(f.db, f.matchers, schema::WhichListings::All, run,
                            "2026-12-01T03:10:00Z");
        CHECK(f.verdict("v1|5|0") == "ambiguous||aspect");
    }

    TEST_CASE("gpuprice fetch asks getItem within --item-share and stores what decided") {
        AspectsFixture f;
        auto run = [&](const std::string& share, const std::string& max_calls) {
            const pid_t pid = test::spawn({GPUPRICE_BINARY,
                                           "--db",
                                           f.dir.file("cli.db"),
                                           "--quiet",
                                           "fetch",
                                           "--query",
                                           "RTX 3080",
                                           "--condition",
                                           "used",
                                           "--parallel",
                                           "1",
                                           "--no-quota-check",
                                           "--max-calls",
                                           max_calls,
                                           "--item-share",
                                           share,
                                           "--api-base",
                                           f.ebay.api_base(),
                                           "--auth-url",
                                           f.ebay.token_url(),
                                           "--token-cache",
                                           f.dir.file("cli-token"),
                                           "--retry-base-ms",
                                           "10"},
                                          {"EBAY_CLIENT_ID=" + f.ebay.client_id,
                                           "EBAY_CLIENT_SECRET=" + f.ebay.client_secret});
            return test::wait_exit(pid);
        };
        CHECK(run("1.5", "20") == 2);  // not a share
        CHECK(run("0", "20") == 0);
        CHECK(f.ebay.item_calls() == 0);
        // Two calls, half reserved for getItem: the search's page, then one getItem call for
        // the first ambiguous listing; the others wait for a later night.
        CHECK(run("0.5", "2") == 0);
        CHECK(f.ebay.item_calls() == 1);
        schema::Database cli_db(f.dir.file("cli.db"));
        CHECK(test::stored_verdict(cli_db, "v1|1|0") == "ok|rtx-3080-12gb|aspect");
        CHECK(test::stored_verdict(cli_db, "v1|6|0") == "ambiguous||title");
        // The next night asks the ones left (not new any more), with its reserved share and
        // what the search leaves of 20 calls.
        CHECK(run("0.1", "20") == 0);
        CHECK(f.ebay.item_calls() == 5);
        CHECK(test::stored_verdict(cli_db, "v1|6|0") == "ambiguous||aspect");
    }
}

}  // namespace test_item_aspects
