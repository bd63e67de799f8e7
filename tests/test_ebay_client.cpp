// The one eBay client every pass goes through, against the fake eBay: the daily quota and a
// burst told apart by getRateLimits, a token eBay refuses even fresh, a token per scope, the
// budget's shares, each with a clock the test runs (no test here waits in real time).
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <filesystem>

#include "fetcher/call_budget.hpp"
#include "fetcher/ebay_client.hpp"
#include "fetcher/ebay_tokens.hpp"
#include "fetcher/fetch_run.hpp"
#include "schema/store/migrations.hpp"
#include "tests/fake_ebay.hpp"
#include "tests/fake_fetch_config.hpp"
#include "tests/manual_clock.hpp"
#include "tests/test_context.hpp"

namespace test_ebay_client {

using namespace gpuprice;
using namespace std::chrono_literals;
using test::Fault;

namespace {

std::vector<test::FakeItem> cards(const std::string& prefix, int count) {
    std::vector<test::FakeItem> result;
    for (int i = 0; i < count; ++i) {
        test::FakeItem item;
        item.item_id = "v1|" + prefix + std::to_string(1000 + i) + "|0";
        item.title = "NVIDIA RTX 3090 24GB #" + std::to_string(i);
        result.push_back(item);
    }
    return result;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& line : lines) text += line + "\n";
    return text;
}

using ClientFixture = test::ClockedFetch;

}  // namespace

TEST_SUITE("fetcher::ebay_client") {
    // eBay documents 2001 as the daily quota, but a 429 with it could also be a short burst
    // (ebay_audit_2 E13). getRateLimits, on its own quota, tells them apart.
    TEST_CASE("a 429 errorId 2001 with quota left is a burst: waited out, the night completes") {
        ClientFixture f;
        f.ebay.set_items("RTX 3090", cards("1", 450));
        f.ebay.queue_faults_for("RTX 3090", {Fault::Burst, Fault::Burst});
        const auto outcome = f.fetch({"RTX 3090"});
        CAPTURE(joined(outcome.problems));
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.stop == fetcher::StopReason::none);
        CHECK(outcome.listings_seen == 450);
        CHECK(f.ebay.search_calls() == 5);      // 3 pages, the first sent three times
        CHECK(f.ebay.rate_limit_calls() == 3);  // read first, then once per burst
        CHECK(f.clock.elapsed() >= 2s);         // Retry-After: 1, honoured twice
        CHECK(outcome.calls_used == 5);         // eBay counts every call
        CHECK(joined(outcome.notes).find("throttled, not the quota") != std::string::npos);
    }

    TEST_CASE("a 429 errorId 2001 with the quota spent stops at once") {
        ClientFixture f;
        f.ebay.set_items("RTX 3090", cards("1", 3000));
        f.ebay.set_items("RTX 4090", cards("2", 3000));
        f.config.check_quota = false;  // eBay's counter says nothing in advance here
        f.ebay.set_daily_quota(7);
        const auto outcome = f.fetch({"RTX 3090", "RTX 4090"});
        CHECK(outcome.stop == fetcher::StopReason::quota);
        CHECK(outcome.status == schema::RunStatus::partial);
        CHECK(f.ebay.search_calls() == 8);      // 7 pages, then the one 429: never sent again
        CHECK(f.ebay.rate_limit_calls() == 1);  // read after the 429: none left
        CHECK(f.clock.elapsed() < 1s);          // no wait
        REQUIRE(outcome.problems.size() == 1);
        CHECK(outcome.problems[0].find("quota is spent") != std::string::npos);
        CHECK(outcome.problems[0].find("0 calls left") != std::string::npos);
    }

    // Throttling is never "quota" while getRateLimits says calls are left (audit 3, F6): the
    // calls wait it out, within --max-throttle-minutes (fetcher::outages tests the bound).
    TEST_CASE("bursts with quota left are waited out however many, never called quota") {
        ClientFixture f;
        f.ebay.set_items("RTX 3090", cards("1", 10));
        f.ebay.queue_faults({Fault::Burst, Fault::Burst, Fault::Burst, Fault::Burst});
        const auto outcome = f.fetch({"RTX 3090"});
        CHECK(outcome.stop == fetcher::StopReason::none);
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(f.ebay.search_calls() == 5);  // sent, then 4 more after a wait each
        CHECK(f.clock.elapsed() >= 4s);
        CHECK(f.clock.elapsed() < 5min);  // each wait at most a minute
    }

    // A shorter window that is spent (calls per minute, say) is waited for until its reset.
    TEST_CASE("getRateLimits: a spent window shorter than a day gives the time to wait for") {
        const auto quota = fetcher::parse_browse_quota(
            R"({"rateLimits":[{"resources":[{"name":"buy.browse","rates":[)"
            R"({"limit":5000,"remaining":4000,"reset":"2026-12-04T08:00:00.000Z","timeWindow":86400},)"
            R"({"limit":100,"remaining":0,"reset":"2026-12-03T10:01:00.000Z","timeWindow":60}]}]}]})");
        REQUIRE(quota);
        CHECK(quota->remaining == 4000);
        CHECK(quota->spent_window_reset == "2026-12-03T10:01:00.000Z");
        const auto fresh = fetcher::parse_browse_quota(
            R"({"rateLimits":[{"resources":[{"name":"buy.browse","rates":[)"
            R"({"limit":5000,"remaining":4000,"reset":"2026-12-04T08:00:00.000Z","timeWindow":86400},)"
            R"({"limit":100,"remaining":3,"reset":"2026-12-03T10:01:00.000Z","timeWindow":60}]}]}]})");
        REQUIRE(fresh);
        CHECK(fresh->spent_window_reset.empty());
    }

    // A keyset of one environment against the other's API (a sandbox --auth-url with the
    // production --api-base): every token is refused, fresh or not (ebay_audit_2 E11).
    TEST_CASE("a 401 that a fresh token does not cure stops as credentials, after one mint") {
        ClientFixture f;
        for (const auto* term : {"RTX 3090", "RTX 4090", "RTX 3080"}) {
            f.ebay.set_items(term, cards(std::string(term).substr(4, 2), 10));
        }
        f.ebay.set_reject_tokens(true);
        const auto outcome = f.fetch({"RTX 3090", "RTX 4090", "RTX 3080"});
        CAPTURE(joined(outcome.problems));
        CHECK(outcome.stop == fetcher::StopReason::credentials);
        CHECK(f.ebay.token_calls() == 2);   // the first token, one renewal: no more
        CHECK(f.ebay.search_calls() == 2);  // the call, and its replay with the new token
        CHECK(outcome.pages_failed == 0);   // the night's reason, not a failed page
        REQUIRE_FALSE(outcome.problems.empty());
        CHECK(outcome.problems[0].find("refused a token it had just issued") != std::string::npos);
        // Each of the three searches has its row, stopped by the credentials (none complete).
        REQUIRE(outcome.coverage.size() == 3);
        for (const auto& q : outcome.coverage) CHECK(q.stopped == schema::QueryStop::credentials);
    }

    TEST_CASE("a token per scope, each in its own cache file keyed by the scope") {
        test::FakeEbay ebay;
        ebay.set_insights(true);
        test::TempDir dir;
        const fetcher::Credentials credentials{ebay.client_id, ebay.client_secret};
        const auto base = dir.file("cache/token");
        {
            fetcher::ClientConfig config;
            config.endpoints = {ebay.api_base(), ebay.token_url()};
            config.token_cache_path = base;
            fetcher::EbayClient client(config, credentials);
            CHECK(client.ensure_token(fetcher::EbayApi::browse).failure ==
                  fetcher::MintFailure::none);
            CHECK(client.ensure_token(fetcher::EbayApi::insights).failure ==
                  fetcher::MintFailure::none);
            // Analytics and Taxonomy share the public scope's token.
            CHECK(client.ensure_token(fetcher::EbayApi::analytics).failure ==
                  fetcher::MintFailure::none);
            CHECK(ebay.token_calls() == 2);
        }
        CHECK(std::filesystem::exists(base));
        CHECK(std::filesystem::exists(base + ".buy.marketplace.insights"));
        // A later night takes both from the cache; a token file copied to the other scope's
        // name is not taken for it.
        std::filesystem::copy_file(base, base + ".buy.marketplace.insights",
                                   std::filesystem::copy_options::overwrite_existing);
        chmod((base + ".buy.marketplace.insights").c_str(), 0600);
        fetcher::ClientConfig config;
        config.endpoints = {ebay.api_base(), ebay.token_url()};
        config.token_cache_path = base;
        fetcher::EbayClient client(config, credentials);
        client.ensure_token(fetcher::EbayApi::browse);
        CHECK(ebay.token_calls() == 2);
        client.ensure_token(fetcher::EbayApi::insights);
        CHECK(ebay.token_calls() == 3);  // the copied token's key names the public scope
    }

    TEST_CASE("a token that could not be cached is said, not ignored") {
        test::FakeEbay ebay;
        test::TempDir dir;
        const auto folder = dir.file("shared");
        std::filesystem::create_directory(folder);
        chmod(folder.c_str(), 0777);  // others could plant a token: not used, not written
        fetcher::ClientConfig config;
        config.endpoints = {ebay.api_base(), ebay.token_url()};
        config.token_cache_path = folder + "/token";
        fetcher::EbayClient client(config, {ebay.client_id, ebay.client_secret});
        client.ensure_token(fetcher::EbayApi::browse);
        const auto notes = joined(client.take_notes());
        CHECK(notes.find("could not be cached") != std::string::npos);
        CHECK(notes.find("writable by group or others") != std::string::npos);
        CHECK_FALSE(std::filesystem::exists(folder + "/token"));
    }
}

TEST_SUITE("fetcher::call_budget") {
    TEST_CASE("shares are reserved up front; what a pass leaves goes to the next") {
        fetcher::CallBudget budget(1000, std::nullopt, 50, {.sold = 0.10, .item_aspects = 0.10});
        CHECK(budget.total() == 1000);
        CHECK(budget.reserved(fetcher::Pass::listings) == 800);
        CHECK(budget.reserved(fetcher::Pass::sold) == 100);
        CHECK(budget.reserved(fetcher::Pass::item_aspects) == 100);
        // A busy market cannot take the later passes' shares.
        int listings = 0;
        while (budget.take(fetcher::Pass::listings)) ++listings;
        CHECK(listings == 800);
        CHECK(budget.left(fetcher::Pass::sold) == 100);
        budget.close(fetcher::Pass::listings);
        for (int i = 0; i < 30; ++i) CHECK(budget.take(fetcher::Pass::sold));
        budget.close(fetcher::Pass::sold);  // 70 left over
        CHECK(budget.left(fetcher::Pass::item_aspects) == 170);
        CHECK(budget.used() == 830);
        CHECK_FALSE(budget.take(fetcher::Pass::sold));  // closed
    }

    // The withheld check (fetcher/withheld_check.hpp) has its share and what the listings left;
    // the sold pass and getItem keep theirs.
    TEST_CASE("the withheld check spends its share and what the listings left") {
        fetcher::CallBudget budget(1000, std::nullopt, 50,
                                   {.sold = 0.10, .item_aspects = 0.10, .withheld_check = 0.05});
        CHECK(budget.reserved(fetcher::Pass::listings) == 750);
        CHECK(budget.reserved(fetcher::Pass::withheld_check) == 50);
        for (int i = 0; i < 700; ++i) CHECK(budget.take(fetcher::Pass::listings));
        budget.close(fetcher::Pass::listings);  // 50 left
        int checked = 0;
        while (budget.take(fetcher::Pass::withheld_check)) ++checked;
        CHECK(checked == 100);
        budget.close(fetcher::Pass::withheld_check);
        CHECK(budget.left(fetcher::Pass::sold) == 100);
        budget.close(fetcher::Pass::sold);  // unused: getItem takes its 100 again, no more
        CHECK(budget.left(fetcher::Pass::item_aspects) == 200);
        // A night without the check: its share goes on untouched when the sold pass ends.
        fetcher::CallBudget quiet(1000, std::nullopt, 50, {.sold = 0.10, .withheld_check = 0.05});
        for (int i = 0; i < 800; ++i) CHECK(quiet.take(fetcher::Pass::listings));
        quiet.close(fetcher::Pass::listings);  // 50 left, carried by the check
        quiet.close(fetcher::Pass::sold);      // closes the check first: its 50 and the 50
        CHECK(quiet.left(fetcher::Pass::item_aspects) == 0);  // no getItem share: capped at 0
        CHECK(quiet.used() == 800);
        CHECK_FALSE(quiet.take(fetcher::Pass::withheld_check));  // closed with the sold pass
    }

    TEST_CASE("--max-calls 5000: getItem keeps its share and at most as much again") {
        const fetcher::BrowseQuota quota{5000, 5000, "2026-12-04T08:00:00.000Z", ""};
        fetcher::CallBudget budget(5000, quota, 50, {.sold = 0.0, .item_aspects = 0.10});
        CHECK(budget.total() == 4950);
        CHECK(budget.reserved(fetcher::Pass::item_aspects) == 495);
        for (int i = 0; i < 700; ++i) CHECK(budget.take(fetcher::Pass::listings));
        budget.close(fetcher::Pass::listings);
        budget.close(fetcher::Pass::sold);
        int items = 0;
        while (budget.take(fetcher::Pass::item_aspects)) ++items;
        CHECK(items == 990);
        CHECK(budget.used() == 1690);  // 3,260 of the budget left for the day's manual runs
    }

    TEST_CASE("the quota bounds the budget; a quiet night passes its calls on") {
        const fetcher::BrowseQuota quota{5000, 250, "2026-12-04T08:00:00.000Z", ""};
        fetcher::CallBudget budget(1000, quota, 50, {.sold = 0.0, .item_aspects = 0.10});
        CHECK(budget.total() == 200);
        CHECK(budget.reserved(fetcher::Pass::item_aspects) == 20);
        for (int i = 0; i < 12; ++i) CHECK(budget.take(fetcher::Pass::listings));
        budget.close(fetcher::Pass::listings);
        budget.close(fetcher::Pass::sold);  // no sold pass tonight
        // getItem takes its share again of the 168 left, not all of them (audit 3, F11).
        CHECK(budget.left(fetcher::Pass::item_aspects) == 20 + 20);
        CHECK(fetcher::describe_budget(budget, quota) ==
              "budget 200 calls (eBay quota: 250 of 5000 Browse calls left): listings 180, "
              "withheld check 0, sold items 0, getItem 20 reserved");
        fetcher::CallBudget none(1000, fetcher::BrowseQuota{5000, 20, "", ""}, 50, {});
        CHECK(none.total() == 0);
        CHECK_FALSE(none.take(fetcher::Pass::listings));
    }
}

}  // namespace test_ebay_client
