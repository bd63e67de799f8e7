#include <doctest/doctest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <random>
#include <regex>
#include <thread>

#include "fetcher/browse_parser.hpp"
#include "fetcher/ebay_json.hpp"
#include "fetcher/errors.hpp"
#include "fetcher/fetch_run.hpp"
#include "fetcher/listings_pager.hpp"
#include "fetcher/paging.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/store/coverage_store.hpp"
#include "schema/store/migrations.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/past.hpp"
#include "schema/store/sqlite.hpp"
#include "tests/child_process.hpp"
#include "tests/fake_ebay.hpp"
#include "tests/fake_fetch_config.hpp"
#include "tests/latest_observations.hpp"
#include "tests/manual_clock.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

namespace test_fetch_run {

using namespace gpuprice;
using namespace std::chrono_literals;
using test::FakeEbay;
using test::FakeItem;
using test::Fault;

namespace {

std::vector<FakeItem> items(const std::string& prefix, int count, int first_id = 1) {
    std::vector<FakeItem> result;
    for (int i = 0; i < count; ++i) {
        const auto id = std::to_string(first_id + i);
        FakeItem item;
        item.item_id = "v1|" + prefix + id + "|0";
        item.title = "NVIDIA RTX 3090 24GB #" + id;
        item.price = std::to_string(700 + i % 50) + ".00";
        result.push_back(item);
    }
    return result;
}

// The real ItemSummaries of a search for the RTX 5090 (tests/data/ebay, activescott/gpu-agent):
// each item's JSON text, and its conditionId as eBay sent it.
std::vector<std::pair<std::string, std::string>> real_5090_items() {
    const auto text = test::read_file(test::source_dir() / "tests" / "data" / "ebay" /
                                      "itemsummaries_gpu_rtx_5090_activescott.json");
    simdjson::dom::parser parser;
    simdjson::padded_string json;
    simdjson::dom::element root;
    REQUIRE(fetcher::parse_repaired(parser, text, json, root) == simdjson::SUCCESS);
    std::vector<std::pair<std::string, std::string>> items;
    for (auto item : root.get_array()) {
        std::string_view id;
        REQUIRE(item["conditionId"].get(id) == simdjson::SUCCESS);
        items.emplace_back(simdjson::minify(item), std::string(id));
    }
    return items;
}

std::string join(const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& line : lines) text += line + "\n";
    return text;
}

struct FetchFixture {
    FakeEbay ebay;
    test::TempDir dir;
    schema::Database db{dir.file("fetch.db")};
    fetcher::FetchConfig config = test::fake_fetch_config(ebay, dir);
    fetcher::Credentials credentials{ebay.client_id, ebay.client_secret};

    FetchFixture() {
        schema::migrate(db);
        config.http.low_speed_time = 2s;
    }

    fetcher::FetchOutcome fetch(std::vector<std::string> terms,
                                const std::string& day = "2026-12-01") {
        config.queries = fetcher::family_queries(terms, {schema::ConditionClass::used});
        return fetcher::run_fetch(db, config, credentials, schema::Night::from_text(day), {});
    }

    int count(const std::string& sql) {
        auto stmt = db.prepare(sql);
        REQUIRE(stmt.step());
        return stmt.int32(0);
    }
};

}  // namespace

TEST_SUITE("fetcher::fetch_run") {
    TEST_CASE(
        "items without conditionId are classed by eBay's condition name, else kept unstated") {
        // Audit D15: under --condition all no query's condition stands in for a missing id. The
        // 101 real summaries are served with their conditionId taken out (the name stays, as
        // eBay writes it), plus names the table lacks or no condition at all.
        FetchFixture f;
        const std::regex condition_id(R"("conditionId":"[0-9]+",?)");
        const std::regex name(R"("condition":"[^"]*")");
        const std::regex item_id(R"("itemId":"v1\|([0-9]+)\|0")");
        std::vector<FakeItem> served;
        std::map<std::string, int> expected;
        for (const auto& [json, id] : real_5090_items()) {
            FakeItem item;
            item.raw = std::regex_replace(json, condition_id, "");
            REQUIRE(item.raw.find("conditionId") == std::string::npos);
            std::smatch m;
            REQUIRE(std::regex_search(item.raw, m, item_id));
            expected["v1|" + m[1].str() + "|0"] = std::stoi(id);
            served.push_back(item);
        }
        const auto first = served.front().raw;
        std::smatch first_id;
        REQUIRE(std::regex_search(first, first_id, item_id));
        const auto base = "v1|" + first_id[1].str();
        const auto variant = [&](const std::string& suffix, const std::string& condition) {
            FakeItem item = served.front();
            item.raw =
                std::regex_replace(item.raw, item_id, R"("itemId":")" + base + suffix + "|0\"");
            item.raw = std::regex_replace(item.raw, name, condition);
            return item;
        };
        served.push_back(variant("1", R"("condition":"For parts or not working")"));
        served.push_back(variant("2", R"("condition":"Gebraucht")"));  // not in the table
        served.push_back(variant("3", R"("conditionNote":"no condition given")"));
        served.push_back(variant("4", R"("condition":"  USED ")"));
        f.ebay.set_items("RTX 5090", served);
        f.config.search.location = fetcher::ItemLocation::anywhere;
        f.config.queries = fetcher::family_queries({"RTX 5090"}, schema::parse_conditions("all"));
        const auto outcome = fetcher::run_fetch(f.db, f.config, f.credentials,
                                                schema::Night::from_text("2026-12-01"), {});
        CHECK(outcome.status == schema::RunStatus::ok);

        auto stored = f.db.prepare("SELECT item_id, condition_id FROM listings");
        std::map<std::string, std::optional<std::int64_t>> ids;
        while (stored.step()) ids[stored.text(0)] = stored.optional_int64(1);
        int classed = 0;
        for (const auto& [item, id] : expected) {
            CAPTURE(item);
            REQUIRE(ids.contains(item));
            CHECK(ids[item] == id);  // the very id eBay had sent, from its name alone
            ++classed;
        }
        CHECK(classed == 101);
        // For parts by name is skipped as for parts by id is; the unknown name and the item
        // without one are stored, visibly without a condition; case and spaces do not matter.
        CHECK_FALSE(ids.contains(base + "1|0"));
        CHECK(f.count("SELECT count FROM run_skips WHERE reason = 'for-parts-condition'") == 1);
        REQUIRE(ids.contains(base + "2|0"));
        CHECK_FALSE(ids[base + "2|0"]);
        REQUIRE(ids.contains(base + "3|0"));
        CHECK_FALSE(ids[base + "3|0"]);
        CHECK(ids[base + "4|0"] == 3000);
        CHECK(ids.size() == 104);
        // Said in the run's notes, not silent.
        CHECK(std::count_if(outcome.notes.begin(), outcome.notes.end(), [](const auto& note) {
                  return note.starts_with("2 listing(s) state no condition");
              }) == 1);
    }

    TEST_CASE("a single-condition search still stands in when neither id nor name says") {
        FetchFixture f;
        auto served = items("7", 4);
        for (auto& item : served) item.condition_id.clear();  // no conditionId in the summary
        served[0].condition = "Used";
        served[1].condition = "Open box";
        served[2].condition = "Refurbished by a friend";  // no name eBay gives
        served[3].condition = "Refurbished by a friend";
        f.ebay.set_items("RTX 3090", {served[0], served[1], served[2]});
        f.ebay.set_items("RTX 4090", {served[3]});
        f.config.queries = fetcher::family_queries({"RTX 3090"}, schema::parse_conditions("all"));
        for (auto& q : fetcher::family_queries({"RTX 4090"}, {schema::ConditionClass::used}))
            f.config.queries.push_back(q);
        const auto outcome = fetcher::run_fetch(f.db, f.config, f.credentials,
                                                schema::Night::from_text("2026-12-01"), {});
        CHECK(outcome.status == schema::RunStatus::ok);
        const auto condition = [&](const std::string& id) {
            auto stmt =
                f.db.prepare("SELECT coalesce(condition_id, 0) FROM listings WHERE item_id = ?1");
            stmt.bind(1, id);
            REQUIRE(stmt.step());
            return stmt.int32(0);
        };
        CHECK(condition(served[0].item_id) == 3000);  // by its name
        CHECK(condition(served[1].item_id) == 1500);
        CHECK(condition(served[2].item_id) == 0);     // all conditions asked: none stands in
        CHECK(condition(served[3].item_id) == 3000);  // the used search's class stands in
    }

    TEST_CASE("pages are fetched in parallel, stored, and a rerun the same night adds nothing") {
        FetchFixture f;
        f.ebay.set_items("RTX 3090", items("1", 450));
        f.ebay.set_items("RTX 4090", items("2", 150));
        const auto outcome = f.fetch({"RTX 3090", "RTX 4090"});
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.pages_stored == 4);
        CHECK(outcome.calls_used == 4);  // no more calls than pages
        CHECK(outcome.listings_seen == 600);
        CHECK(outcome.listings_new == 600);
        CHECK(f.count("SELECT count(*) FROM listings") == 600);
        CHECK(f.count("SELECT count(*) FROM price_observations") == 600);
        CHECK(f.ebay.marketplaces_seen() == std::set<std::string>{"EBAY_US"});
        CHECK(f.ebay.token_calls() == 1);

        const auto again = f.fetch({"RTX 3090", "RTX 4090"});
        CHECK(again.listings_new == 0);
        CHECK(f.count("SELECT count(*) FROM listings") == 600);
        CHECK(f.count("SELECT count(*) FROM price_observations") == 600);
        CHECK(f.ebay.token_calls() == 1);  // the cached token was reused

        f.fetch({"RTX 3090"}, "2026-12-02");  // the next night adds history
        CHECK(f.count("SELECT count(*) FROM price_observations") == 1050);
        CHECK(f.count("SELECT count(*) FROM fetch_runs WHERE status = 'ok'") == 3);
    }

    TEST_CASE("duplicates across pages and bad items are counted, never silently dropped") {
        FetchFixture f;
        auto list = items("1", 250);
        list[210] = list[5];  // eBay repeats items across pages
        list[7].price = "abc";
        list[8].currency = "EUR";
        list[9].condition_id = "7000";  // kept out by the conditionIds filter, as on eBay
        list[10].raw =
            R"({"itemId":"v1|no-price|0","title":"RTX 3090 24GB","buyingOptions":["FIXED_PRICE"]})";
        f.ebay.set_items("RTX 3090", list);
        const auto outcome = f.fetch({"RTX 3090"});
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.listings_seen == 245);
        CHECK(outcome.listings_skipped == 4);
        const auto run = schema::load_run(f.db, outcome.run_id);
        REQUIRE(run.has_value());
        CHECK(run->skips.at("duplicate") == 1);
        CHECK(run->skips.at("bad-price") == 1);
        CHECK(run->skips.at("other-currency") == 1);
        CHECK(run->skips.count("for-parts-condition") == 0);
        CHECK(run->skips.at("missing-price") == 1);
        CHECK(run->listings_skipped == 4);
    }

    TEST_CASE("429 with Retry-After, 429 without, and 500 are retried") {
        FetchFixture f;
        test::ManualClock clock;
        f.config.http.clock = clock.run_clock();
        f.ebay.set_items("RTX 3090", items("1", 10));
        f.ebay.queue_faults(
            {Fault::RateLimited, Fault::RateLimitedNoRetryAfter, Fault::ServerError});
        const auto outcome = f.fetch({"RTX 3090"});
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.listings_seen == 10);
        CHECK(outcome.calls_used == 4);
        CHECK(f.ebay.search_calls() == 4);
        CHECK(clock.elapsed() >= 1s);  // Retry-After: 1 was honoured
    }

    TEST_CASE("a 500 that never ends gives up after the bounded attempts, keeping other pages") {
        FetchFixture f;
        f.config.http.retry.max_attempts = 3;
        f.config.http.retry.base_delay = 1ms;  // the page's requeue waits: 60, 120, 240 ms
        f.ebay.set_items("RTX 3090", items("1", 10));
        f.ebay.set_items("RTX 4090", items("2", 10));
        // 3 attempts a send, the page sent 4 times (put back in the queue 3 times).
        for (int i = 0; i < 12; ++i) f.ebay.queue_faults_for("RTX 4090", {Fault::ServerError});
        const auto outcome = f.fetch({"RTX 3090", "RTX 4090"});
        CHECK(outcome.status == schema::RunStatus::partial);
        CHECK(outcome.pages_failed == 1);
        CHECK(outcome.pages_requeued == fetcher::kPageRequeues);
        CHECK(outcome.listings_seen == 10);
        REQUIRE_FALSE(outcome.problems.empty());
        CHECK(outcome.problems[0].find("HTTP 500, eBay error 10001") != std::string::npos);
        const auto run = schema::load_run(f.db, outcome.run_id);
        CHECK(run->status == schema::RunStatus::partial);
        CHECK(run->message.find("HTTP 500") != std::string::npos);
    }

    TEST_CASE("an expired token mid-run is refreshed once and the run goes on") {
        FetchFixture f;
        f.ebay.set_items("RTX 3090", items("1", 600));
        f.config.http.parallel = 1;
        f.ebay.slow_ms = 1;  // the first search passes; the second finds its token revoked
        f.ebay.queue_faults({Fault::Slow, Fault::ExpireToken});
        const auto outcome = f.fetch({"RTX 3090"});
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.listings_seen == 600);
        CHECK(f.ebay.token_calls() == 2);
    }

    // D1: a token revoked while four pages are in flight costs one 401 per page in flight, one
    // refresh, and one replay each; no page is sent with the dead token after the first 401.
    TEST_CASE("token revoked mid-run with 4 in flight: at most one extra call per request") {
        FetchFixture f;
        std::vector<std::string> terms;
        for (int q = 0; q < 8; ++q) {
            terms.push_back("RTX 30" + std::to_string(q));
            f.ebay.set_items(terms.back(), items(std::to_string(q + 1), 1000));
        }
        f.config.http.parallel = 4;
        f.ebay.set_delay(20ms);
        // The 10th search revokes every token: the ones in flight then all meet a 401.
        for (int i = 0; i < 9; ++i) f.ebay.queue_faults({Fault::Slow});
        f.ebay.slow_ms = 1;
        f.ebay.queue_faults({Fault::ExpireToken});
        const auto outcome = f.fetch(terms);
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.listings_seen == 8000);
        CHECK(f.ebay.token_calls() == 2);  // one refresh for the generation
        CHECK(f.ebay.unauthorized_calls() >= 1);
        CHECK(f.ebay.unauthorized_calls() <= 4);  // one per request in flight
        CHECK(outcome.calls_used == 40 + f.ebay.unauthorized_calls());
    }

    // A token that simply runs out during the run is renewed before dispatch: eBay's two-hour
    // tokens, on a clock that moves ten minutes at every page eBay serves.
    TEST_CASE("a token near its expiry is minted again before the next call") {
        FetchFixture f;
        test::ManualClock clock;
        f.config.http.clock = clock.run_clock();
        f.ebay.set_clock([&] { return clock.now(); });
        f.ebay.set_on_request([&] { clock.advance(10min); });
        f.ebay.set_items("RTX 3090", items("1", 4000));
        f.config.token_margin = 30min;
        f.config.http.parallel = 1;
        const auto outcome = f.fetch({"RTX 3090"});
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.listings_seen == 4000);
        CHECK(clock.elapsed() >= 200min);         // 20 pages: past one token's life
        CHECK(f.ebay.token_calls() == 3);         // renewed at 90 and 180 minutes
        CHECK(f.ebay.unauthorized_calls() == 0);  // always before it expired
        CHECK(outcome.calls_used == 20);
    }

    // A token endpoint that answers tokens already expired (chaos token-expires-negative) must
    // not make the run mint before every call forever: it stops, naming the reason.
    TEST_CASE("a token endpoint answering expired tokens stops the run instead of looping") {
        FetchFixture f;
        f.ebay.set_items("RTX 3090", items("1", 400));
        f.ebay.set_token_lifetime(0s);
        const auto outcome = f.fetch({"RTX 3090"});
        CHECK(outcome.stop == fetcher::StopReason::credentials);
        CHECK(f.ebay.token_calls() == 2);  // the first token, then one renewal, then the stop
        CHECK(f.ebay.search_calls() == 0);
        REQUIRE(outcome.problems.size() == 1);
        CHECK(outcome.problems[0].find("already expired") != std::string::npos);
    }

    // D2: the daily quota runs out mid-run. The run stops at once (the 429 is not retried and no
    // further page is sent), keeps what it has, and says why.
    TEST_CASE("quota exhausted mid-run: stops within one call, partial with the reason") {
        FetchFixture f;
        f.ebay.set_items("RTX 3090", items("1", 3000));
        f.ebay.set_items("RTX 4090", items("2", 3000));
        f.config.http.parallel = 1;
        f.config.check_quota = false;  // eBay's counter says nothing in advance here
        f.ebay.set_daily_quota(7);
        const auto outcome = f.fetch({"RTX 3090", "RTX 4090"});
        CHECK(outcome.stop == fetcher::StopReason::quota);
        CHECK(outcome.status == schema::RunStatus::partial);
        CHECK(f.ebay.search_calls() == 8);  // 7 pages, then the one 429
        CHECK(outcome.pages_stored == 7);
        CHECK(f.count("SELECT count(*) FROM listings") == 1400);
        const auto run = schema::load_run(f.db, outcome.run_id);
        CHECK(run->status == schema::RunStatus::partial);
        CHECK(run->message.find("quota is spent") != std::string::npos);
        CHECK(run->message.find("2001") != std::string::npos);
        CHECK(run->message.find("The request limit has been reached") != std::string::npos);
        for (const auto& q : outcome.coverage) {
            CHECK_FALSE(q.complete);
            CHECK(q.stopped == schema::QueryStop::quota);
        }

        FetchFixture g;  // with four in flight: those four, no more
        for (int q = 0; q < 4; ++q) {
            g.ebay.set_items("RTX 40" + std::to_string(q), items(std::to_string(q + 1), 3000));
        }
        g.config.http.parallel = 4;
        g.config.check_quota = false;
        g.ebay.set_daily_quota(10);
        const auto four = g.fetch({"RTX 400", "RTX 401", "RTX 402", "RTX 403"});
        CHECK(four.stop == fetcher::StopReason::quota);
        CHECK(g.ebay.search_calls() <= 10 + 4);
    }

    TEST_CASE("the quota read first bounds the plan; a quota that reads zero stops at once") {
        FetchFixture f;
        f.ebay.set_items("RTX 3090", items("1", 3000));
        f.ebay.set_daily_quota(60);
        f.config.quota_reserve = 55;
        const auto outcome = f.fetch({"RTX 3090"});
        CHECK(f.ebay.rate_limit_calls() == 1);
        REQUIRE(outcome.quota.has_value());
        CHECK(outcome.quota->remaining == 60);
        CHECK(outcome.calls_budget == 5);
        CHECK(outcome.calls_used == 5);
        CHECK(outcome.budget_reached);
        CHECK(outcome.stop == fetcher::StopReason::none);

        f.config.quota_reserve = 60;  // 55 left now, all of it reserved
        const auto none = f.fetch({"RTX 3090"});
        CHECK(none.stop == fetcher::StopReason::quota);
        CHECK(none.status == schema::RunStatus::partial);
        CHECK(f.ebay.search_calls() == 5);  // not one more search
        const auto run = schema::load_run(f.db, none.run_id);
        CHECK(run->message.find("calls left") != std::string::npos);
    }

    TEST_CASE("403 errorId 1100 stops the run at once and names the scope") {
        FetchFixture f;
        for (const std::string term : {"RTX 3090", "RTX 4090", "RTX 4080"}) {
            f.ebay.set_items(term, items(term.substr(4), 10));
        }
        f.config.http.parallel = 1;
        f.ebay.queue_faults({Fault::AccessDenied});
        const auto outcome = f.fetch({"RTX 3090", "RTX 4090", "RTX 4080"});
        CHECK(outcome.stop == fetcher::StopReason::access_denied);
        CHECK(f.ebay.search_calls() == 1);
        REQUIRE_FALSE(outcome.problems.empty());
        CHECK(outcome.problems[0].find("https://api.ebay.com/oauth/api_scope") !=
              std::string::npos);
        CHECK(outcome.problems[0].find("Insufficient permissions") != std::string::npos);
    }

    // D9: a 200 whose warnings say eBay ignored a filter is not a silent success.
    TEST_CASE("a filter warning on a 200 marks the query degraded and the run not ok") {
        FetchFixture f;
        f.ebay.set_items("RTX 3090", items("1", 10));
        f.ebay.set_items("RTX 4090", items("2", 10));
        f.ebay.queue_faults_for("RTX 4090", {Fault::FilterWarning});
        const auto outcome = f.fetch({"RTX 3090", "RTX 4090"});
        CHECK(outcome.status == schema::RunStatus::partial);
        CHECK(outcome.queries_degraded == 1);
        CHECK(outcome.listings_seen == 20);
        bool logged = false;
        for (const auto& p : outcome.problems) {
            logged = logged || (p.find("12002") != std::string::npos &&
                                p.find("conditionIds") != std::string::npos);
        }
        CHECK(logged);
        const auto coverage = schema::load_coverage(f.db, outcome.run_id);
        REQUIRE(coverage.size() == 2);
        CHECK(coverage[0].query == "RTX 3090");
        CHECK(coverage[0].complete);
        CHECK_FALSE(coverage[1].complete);
        CHECK(coverage[1].warnings.find("12002") != std::string::npos);
    }

    TEST_CASE("the call budget stops the run cleanly") {
        FetchFixture f;
        f.ebay.set_items("RTX 3090", items("1", 1000));
        f.config.max_calls = 3;
        f.config.http.parallel = 1;
        const auto outcome = f.fetch({"RTX 3090"});
        CHECK(outcome.budget_reached);
        CHECK(outcome.status == schema::RunStatus::partial);
        CHECK(outcome.pages_failed == 0);
        CHECK(outcome.calls_used == 3);
        CHECK(f.ebay.search_calls() == 3);
        CHECK(outcome.listings_seen == 600);
        const auto run = schema::load_run(f.db, outcome.run_id);
        CHECK(run->message.find("call budget") != std::string::npos);
    }

    // D7: a cut budget goes to every family's first pages first, not to the queue's order.
    TEST_CASE("a short budget covers every family's first page before any second page") {
        FetchFixture f;
        std::vector<std::string> terms;
        for (int q = 0; q < 6; ++q) {
            terms.push_back("RTX 40" + std::to_string(q));
            f.ebay.set_items(terms.back(), items(std::to_string(q + 1), q == 0 ? 4000 : 600));
        }
        f.config.max_calls = 9;
        const auto outcome = f.fetch(terms);
        CHECK(outcome.budget_reached);
        const auto coverage = schema::load_coverage(f.db, outcome.run_id);
        REQUIRE(coverage.size() == 6);
        for (const auto& q : coverage) {
            CAPTURE(q.query);
            CHECK(q.pages >= 1);
            CHECK(q.pages <= 2);
            CHECK(q.stopped == schema::QueryStop::budget);
        }
    }

    TEST_CASE("a T4 listed in category 3761 is found by the other-category query") {
        FetchFixture f;
        auto list = items("4", 30);
        for (auto& item : list) item.title = "NVIDIA Tesla T4 16GB " + item.item_id;
        for (int i = 0; i < 5; ++i) list[static_cast<std::size_t>(i)].category = "3761";
        f.ebay.set_items("Tesla T4", list);
        const auto catalog = schema::load_catalog(test::catalog_dir());
        f.config.queries = fetcher::family_queries({"Tesla T4"}, {schema::ConditionClass::used});
        for (auto& q :
             fetcher::other_category_queries(catalog, {"Tesla T4"}, {schema::ConditionClass::used},
                                             f.config.search.marketplace)) {
            f.config.queries.push_back(q);
        }
        const auto outcome = fetcher::run_fetch(f.db, f.config, f.credentials,
                                                schema::Night::from_text("2026-12-01"), {});
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(f.count("SELECT count(*) FROM listings") == 30);
        CHECK(outcome.calls_used == 2);
    }

    // Variation expansions never take budget the family's own pages still need.
    TEST_CASE("a short budget goes to search pages before variation expansions") {
        FetchFixture f;
        auto list = items("5", 1000);
        for (int g = 0; g < 10; ++g) {  // ten multi-variation listings on the first page
            auto& summary = list[static_cast<std::size_t>(g * 7)];
            summary.group_id = "77" + std::to_string(g);
            f.ebay.set_item_group(summary.group_id, {summary});
        }
        f.ebay.set_items("RTX 3090", list);
        f.config.max_calls = 8;
        const auto outcome = f.fetch({"RTX 3090"});
        CHECK(outcome.calls_used == 8);
        const auto coverage = schema::load_coverage(f.db, outcome.run_id);
        int groups = 0;
        for (const auto& q : coverage) {
            if (q.kind == schema::QueryKind::item_group && q.pages == 1) ++groups;
            if (q.query == "RTX 3090") {
                CHECK(q.pages == 5);
                CHECK(q.complete);
            }
        }
        CHECK(groups == 3);
        // The three expanded groups' variations replaced their summaries; seven stay flagged.
        CHECK(f.count("SELECT count(*) FROM listings WHERE price_flags & 2") == 7);
    }

    // get_items_by_item_group returns every variation, sold out or not: one eBay says is out
    // of stock (or has none left) is no asking price (ebay_audit_2 E2).
    TEST_CASE("a sold-out variation of an item group is skipped and counted, never priced") {
        FetchFixture f;
        auto list = items("6", 3);
        list[0].group_id = "5150";
        std::vector<FakeItem> variations;
        for (int v = 1; v <= 3; ++v) {
            FakeItem option;
            option.item_id = "v1|5150|" + std::to_string(v);
            option.group_id = "5150";
            option.title = "RTX 3090 24GB, pick yours";
            option.price = std::to_string(600 + v) + ".00";
            variations.push_back(option);
        }
        variations[1].availability = "OUT_OF_STOCK";
        variations[2].available_quantity = 0;
        f.ebay.set_item_group("5150", variations);
        f.ebay.set_items("RTX 3090", list);
        const auto outcome = f.fetch({"RTX 3090"});
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(f.count("SELECT count(*) FROM listings WHERE item_id LIKE 'v1|5150|%'") == 1);
        CHECK(f.count("SELECT count FROM run_skips WHERE reason = 'sold-out'") == 2);
    }

    // Pages follow `next`; the page without one ends paging, and a query whose pages held
    // eBay's whole total is complete.
    TEST_CASE("paging ends at the page without next, and the coverage says so") {
        FetchFixture f;
        f.ebay.set_items("RTX 4090", items("2", 450));
        const auto exact = f.fetch({"RTX 4090"});
        CHECK(exact.calls_used == 3);
        const auto coverage = schema::load_coverage(f.db, exact.run_id);
        REQUIRE(coverage.size() == 1);
        CHECK(coverage[0].total == 450);
        CHECK(coverage[0].pages == 3);
        CHECK(coverage[0].items == 450);
        CHECK(coverage[0].stopped == schema::QueryStop::last_page);
        CHECK(coverage[0].complete);
        CHECK(coverage[0].warnings.empty());
    }

    TEST_CASE("a page is never taken for the last by its length: next and total decide") {
        // The audit's probe: a short page with `next` in the middle of 5,000 items.
        CHECK(fetcher::more_pages(400, 200, 197, true, 5000, false));
        CHECK(fetcher::more_pages(400, 200, 197, true, std::nullopt, false));
        // A short page without `next` is eBay's last, whatever the total says.
        CHECK_FALSE(fetcher::more_pages(400, 200, 197, false, 5000, false));
        // A full page without `next`: one more page when the total is missing or says more.
        CHECK(fetcher::more_pages(400, 200, 200, false, std::nullopt, false));
        CHECK(fetcher::more_pages(400, 200, 200, false, 5000, false));
        CHECK_FALSE(fetcher::more_pages(400, 200, 200, false, 600, false));
        // An empty page ends paging, even with `next`.
        CHECK_FALSE(fetcher::more_pages(400, 200, 0, true, 5000, false));
        // A cut page goes on when `next` or the total says there is more.
        CHECK(fetcher::more_pages(0, 200, 37, false, 450, true));
        CHECK_FALSE(fetcher::more_pages(0, 200, 37, false, 150, true));

        CHECK(fetcher::items_short_of_total(1900, 1891) == 9);
        CHECK_FALSE(fetcher::items_short_of_total(1900, 1900));
        CHECK_FALSE(fetcher::items_short_of_total(1900, 1903));  // repeats across pages
        CHECK_FALSE(fetcher::items_short_of_total(std::nullopt, 10));
        // eBay serves 10,000 at most: a capped query is measured against that.
        CHECK(fetcher::items_short_of_total(25000, 9990) == 10);
    }

    TEST_CASE(
        "a truncated page keeps its first items; an errors body with HTTP 200 fails the page") {
        FetchFixture f;
        f.ebay.set_items("RTX 3090", items("1", 100));
        f.ebay.set_items("RTX 4090", items("2", 100));
        f.config.http.retry.base_delay = 1ms;
        f.ebay.queue_faults_for("RTX 3090", {Fault::Truncated});
        // A failed page goes back in the queue three times before its query fails.
        f.ebay.queue_faults_for("RTX 4090", {Fault::ErrorsBody200, Fault::ErrorsBody200,
                                             Fault::ErrorsBody200, Fault::ErrorsBody200});
        const auto outcome = f.fetch({"RTX 3090", "RTX 4090"});
        CHECK(outcome.status == schema::RunStatus::partial);
        CHECK(outcome.pages_failed == 1);
        CHECK(outcome.listings_seen > 0);
        CHECK(outcome.listings_seen < 100);
        bool truncated = false, errors = false;
        for (const auto& p : outcome.problems) {
            truncated = truncated || p.find("ends early") != std::string::npos;
            errors = errors || p.find("eBay error 12001") != std::string::npos;
        }
        CHECK(truncated);
        CHECK(errors);
    }

    TEST_CASE("an HTML page with HTTP 200 fails that page, not the run") {
        FetchFixture f;
        f.ebay.set_items("RTX 3090", items("1", 10));
        f.ebay.set_items("RTX 4090", items("2", 10));
        f.config.http.retry.base_delay = 1ms;
        f.ebay.queue_faults_for("RTX 4090",
                                {Fault::NotJson, Fault::NotJson, Fault::NotJson, Fault::NotJson});
        const auto outcome = f.fetch({"RTX 3090", "RTX 4090"});
        CHECK(outcome.status == schema::RunStatus::partial);
        CHECK(outcome.pages_failed == 1);
        CHECK(outcome.listings_seen == 10);
        REQUIRE_FALSE(outcome.problems.empty());
        CHECK(outcome.problems[0].find("HTTP 200 but not a JSON object") != std::string::npos);
    }

    TEST_CASE("a server that stalls mid-body is given up on and retried") {
        FetchFixture f;
        f.config.http.total_timeout = 300ms;  // the stall holds 5 s
        f.ebay.set_items("RTX 3090", items("1", 50));
        f.ebay.queue_faults({Fault::Stall});
        const auto outcome = f.fetch({"RTX 3090"});
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.listings_seen == 50);
        CHECK(f.ebay.search_calls() == 2);
    }

    TEST_CASE("rejected credentials stop before anything is written, and the secret is not said") {
        FetchFixture f;
        f.credentials.client_secret = "wrong-secret-value";
        try {
            f.fetch({"RTX 3090"});
            FAIL("bad credentials were accepted");
        } catch (const fetcher::CredentialsError& e) {
            const std::string what = e.what();
            CHECK(what.find("HTTP 401 invalid_client") != std::string::npos);
            CHECK(what.find("wrong-secret-value") == std::string::npos);
        }
        CHECK(f.count("SELECT count(*) FROM fetch_runs") == 0);
    }

    TEST_CASE("connection refused is a failed run, not a crash") {
        FetchFixture f;
        f.config.http.retry.max_attempts = 2;
        // Get a token from the fake, then point searches at a closed port.
        f.ebay.set_items("RTX 3090", items("1", 5));
        f.fetch({"RTX 3090"});
        f.config.search.api_base = "http://127.0.0.1:1";
        const auto outcome = f.fetch({"RTX 3090"});
        CHECK(outcome.status == schema::RunStatus::failed);
        REQUIRE_FALSE(outcome.problems.empty());
        CHECK(outcome.problems[0].find("network") != std::string::npos);
    }
}

namespace {

// Runs the gpuprice binary against the fake eBay; returns the child's pid.
pid_t spawn_fetch(const FakeEbay& ebay, const std::string& db, const std::string& token_cache) {
    return test::spawn(
        {GPUPRICE_BINARY, "--db", db, "fetch", "--query", "RTX 3090", "--condition", "used",
         "--parallel", "1", "--api-base", ebay.api_base(), "--auth-url", ebay.token_url(),
         "--token-cache", token_cache, "--retry-base-ms", "10"},
        {"EBAY_CLIENT_ID=" + ebay.client_id, "EBAY_CLIENT_SECRET=" + ebay.client_secret});
}

}  // namespace

TEST_SUITE("fetcher::fetch_run") {
    // Pages are committed one transaction each: a kill at any moment leaves whole pages, a
    // consistent file, and a run marked unfinished that the next run closes.
    TEST_CASE("kill -9 in the middle of a fetch, then a rerun completes") {
        FakeEbay ebay;
        ebay.set_items("RTX 3090", items("1", 2000));
        ebay.set_delay(25ms);
        test::TempDir dir;
        const auto db_path = dir.file("killed.db");
        const auto token = dir.file("token");
        const int kRounds = 20;
        std::mt19937 random(20261202);  // seeded: a failure can be replayed
        // Killed once eBay was asked for its k-th page (and a moment later, so that some kills
        // land while a page commits): counted by the fake, not by the clock, so that a loaded
        // machine that starts the binary slowly still kills it mid-run.
        std::uniform_int_distribution<int> kill_at_page(1, 9);
        std::uniform_int_distribution<int> then_ms(0, 20);
        int killed_mid_run = 0;  // rounds that stopped with some pages committed, not all
        for (int round = 0; round < kRounds; ++round) {
            CAPTURE(round);
            const int before = ebay.searches_started();
            const int k = kill_at_page(random);
            const pid_t pid = spawn_fetch(ebay, db_path, token);
            for (int waited = 0; ebay.searches_started() - before < k && waited < 30000;
                 waited += 2) {
                std::this_thread::sleep_for(2ms);  // polling another process: a real boundary
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(then_ms(random)));
            kill(pid, SIGKILL);
            CHECK(test::wait_exit(pid) == 128 + SIGKILL);
            schema::Database db(db_path);
            auto check = db.prepare("PRAGMA integrity_check");
            REQUIRE(check.step());
            CHECK(check.text(0) == "ok");
            // Killed before its first migration committed: an empty, consistent file.
            auto schema = db.prepare(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'listings'");
            REQUIRE(schema.step());
            if (schema.int64(0) == 0) continue;
            auto listings = db.prepare("SELECT count(*), count(DISTINCT item_id) FROM listings");
            REQUIRE(listings.step());
            CHECK(listings.int64(0) == listings.int64(1));
            CHECK(listings.int64(0) % 200 == 0);  // whole pages only
            auto duplicated = db.prepare(
                "SELECT count(*) FROM (SELECT listing_id, observed_on FROM price_observations "
                "GROUP BY listing_id, observed_on HAVING count(*) > 1)");
            REQUIRE(duplicated.step());
            CHECK(duplicated.int64(0) == 0);
            if (listings.int64(0) > 0 && listings.int64(0) < 2000) ++killed_mid_run;
        }
        CHECK(killed_mid_run > 0);
        ebay.set_delay(0ms);
        const pid_t pid = spawn_fetch(ebay, db_path, token);
        CHECK(test::wait_exit(pid) == 0);
        schema::Database db(db_path);
        auto counts = db.prepare(
            "SELECT (SELECT count(*) FROM listings), (SELECT count(*) FROM price_observations), "
            "(SELECT count(*) FROM fetch_runs WHERE status = 'running'), "
            "(SELECT status FROM fetch_runs ORDER BY id DESC LIMIT 1)");
        REQUIRE(counts.step());
        CHECK(counts.int64(0) == 2000);
        CHECK(counts.int64(1) == 2000);  // one observation per listing per night, never two
        CHECK(counts.int64(2) == 0);     // the killed runs were closed as failed
        CHECK(counts.text(3) == "ok");
    }
}

TEST_SUITE("fetcher::coverage") {
    // The market as eBay shows it: one family larger than the 10,000 items eBay serves per
    // query, ordinary families, items located abroad, multi-variation listings, and a Best Match
    // order that re-ranks between calls. The default plan must store nearly every valid US
    // listing for barely more calls than the minimal number of pages, and no abroad or
    // multi-variation summary may reach a median.
    TEST_CASE("three-part coverage: >10,000-listing family, abroad items, variations") {
        FetchFixture f;
        const std::vector<std::pair<std::string, int>> families = {
            {"RTX 3060", 12500}, {"RTX 3090", 1900}, {"RTX 4090", 640}, {"Tesla V100", 75}};
        int valid_us = 0, minimal_calls = 0, id = 1;
        std::vector<std::string> terms;
        std::set<std::string> abroad, summaries, variations;
        for (const auto& [term, count] : families) {
            std::vector<FakeItem> list;
            int us_items = 0;
            const auto add = [&](FakeItem item) {
                item.item_id = "v1|" + std::to_string(id) + "|0";
                item.title = "NVIDIA " + term + " #" + std::to_string(id);
                item.price =
                    std::to_string(150 + (id * 7919) % 900) + "." + std::to_string(10 + id % 90);
                item.condition_id = id % 3 == 0 ? "1000" : "3000";
                ++id;
                list.push_back(item);
                return list.back().item_id;
            };
            for (int i = 0; i < count; ++i) add({});
            valid_us += count;
            us_items += count;
            for (int i = 0; i < count / 10; ++i) {  // located abroad, as a third of real ones are
                FakeItem item;
                item.country = i % 2 ? "CN" : "JP";
                abroad.insert(add(item));
            }
            for (int g = 0; g < 3; ++g) {  // multi-variation listings, each a group of three
                FakeItem summary;
                summary.group_id = std::to_string(900000 + id);
                const auto group_id = summary.group_id;
                summaries.insert(add(summary));
                std::vector<FakeItem> options;
                for (int v = 1; v <= 3; ++v) {
                    FakeItem option;
                    option.item_id = "v1|" + group_id + "|" + std::to_string(v);
                    option.group_id = group_id;
                    option.title = "Graphics card, pick your model";
                    option.price = std::to_string(200 * v) + ".00";
                    option.aspects = R"([{"type":"STRING","name":"Chipset/GPU Model","value":")" +
                                     term + " option " + std::to_string(v) + R"("}])";
                    variations.insert(option.item_id);
                    options.push_back(option);
                }
                f.ebay.set_item_group(group_id, options);
                ++us_items;
                ++minimal_calls;  // one get_items_by_item_group per group
            }
            f.ebay.set_items(term, list);
            terms.push_back(term);
            minimal_calls += (us_items + 199) / 200;
        }
        f.config.max_calls = 1000;
        f.config.queries = fetcher::family_queries(terms, schema::parse_conditions("all"));
        const auto outcome = fetcher::run_fetch(f.db, f.config, f.credentials,
                                                schema::Night::from_text("2026-12-01"), {});
        CHECK(outcome.status == schema::RunStatus::ok);

        // 1. Coverage: >= 99% of the valid US listings stored, every query complete.
        const int stored = f.count(
            "SELECT count(*) FROM listings WHERE location_country = 'US' AND price_flags = 0 "
            "AND item_id NOT LIKE 'v1|9_____|_'");
        CHECK(stored >= valid_us * 99 / 100);
        const auto coverage = schema::load_coverage(f.db, outcome.run_id);
        int bands = 0, groups = 0;
        for (const auto& q : coverage) {
            CAPTURE(q.query);
            CHECK(q.complete);
            if (q.kind == schema::QueryKind::price_band) ++bands;
            if (q.kind == schema::QueryKind::item_group) ++groups;
            if (q.kind == schema::QueryKind::price_band)
                CHECK(q.total < fetcher::kMaxReachableItems);
            if (q.query == "RTX 3060") CHECK(q.stopped == schema::QueryStop::split);
        }
        CHECK(bands >= 2);
        CHECK(groups == 12);
        // Conditions come from each item, not from the query: one query asked for all of them.
        CHECK(f.count("SELECT count(DISTINCT condition_id) FROM listings") == 2);

        // 2. Cost: within 10% of the minimal number of calls.
        CHECK(outcome.calls_used <= minimal_calls * 11 / 10);
        MESSAGE("stored " << stored << " of " << valid_us << " valid US listings with "
                          << outcome.calls_used << " calls; minimal " << minimal_calls);

        // 3. What reaches a median: every stored listing taken as matched, then read back the
        // way the report reads it.
        const auto medians = [&](int excluded) {
            f.db.exec("DELETE FROM match_results");
            f.db.exec(
                "INSERT INTO match_results (listing_id, model, reason) "
                "SELECT id, 'RTX 3060', 'ok' FROM listings");
            return gpuprice::test::latest_observations(
                f.db, schema::Past::read(f.db, test::us_market()), "2026-12-01", "2026-12-02",
                schema::Details::With, {test::us_market(), excluded});
        };
        std::set<std::string> in_median;
        for (const auto& o : medians(schema::kAllPriceFlags)) in_median.insert(o.item_id);
        for (const auto& item : summaries) CHECK_FALSE(in_median.contains(item));
        for (const auto& item : abroad) CHECK_FALSE(in_median.contains(item));
        for (const auto& item : variations) CHECK(in_median.contains(item));  // expanded
        CHECK(f.count("SELECT count(*) FROM listings WHERE price_flags & 2") == 12);

        // Widened to items anywhere: those abroad are fetched and kept, flagged, and still out
        // of the medians unless a report asks for them.
        f.config.search.location = fetcher::ItemLocation::anywhere;
        f.config.expand_variations = false;
        const auto wide = fetcher::run_fetch(f.db, f.config, f.credentials,
                                             schema::Night::from_text("2026-12-02"), {});
        CHECK(wide.status == schema::RunStatus::ok);
        CHECK(f.count("SELECT count(*) FROM listings WHERE price_flags & 1") ==
              static_cast<int>(abroad.size()));
        in_median.clear();
        for (const auto& o : medians(schema::kAllPriceFlags)) in_median.insert(o.item_id);
        for (const auto& item : abroad) CHECK_FALSE(in_median.contains(item));
        in_median.clear();
        for (const auto& o : medians(schema::kAllPriceFlags & ~schema::kFlagAbroad)) {
            in_median.insert(o.item_id);
        }
        for (const auto& item : abroad) CHECK(in_median.contains(item));
        // Shipping estimates come back because the buyer's place is sent.
        const auto contexts = f.ebay.end_user_contexts();
        // (sent URL-encoded, as eBay asks; cpp-httplib hands the server the decoded value)
        CHECK(contexts.contains("contextualLocation=country=US,zip=66044"));
    }
}

TEST_SUITE("fetcher::short_pages") {
    // eBay serves pages shorter than the limit in the middle of a result (users of a public
    // client since late 2025: matecsaj/ebay_rest#102, a pager that advanced by the items received
    // then asked offsets eBay refused). Here every third page holds three items fewer than its
    // limit, with `next` and `total` as usual. A pager that took the first short page for the
    // last stored 31.7% of such a market and called every family complete.
    TEST_CASE("a night of short pages stores >= 99% of the listings, complete by paging") {
        FetchFixture f;
        f.ebay.set_short_pages(3, 3);
        const std::vector<std::pair<std::string, int>> families = {
            {"RTX 3090", 1900}, {"RTX 4090", 640}, {"RTX 3080", 450}, {"Tesla V100", 75}};
        int valid = 0, id = 1;
        std::vector<std::string> terms;
        for (const auto& [term, count] : families) {
            auto list = items(std::to_string(id), count, 1);
            for (auto& item : list) {
                item.item_id = "v1|" + std::to_string(100000 + id++) + "|0";
                item.title = "NVIDIA " + term + " " + item.item_id;
            }
            f.ebay.set_items(term, list);
            terms.push_back(term);
            valid += count;
        }
        f.config.max_calls = 1000;
        const auto outcome = f.fetch(terms);
        const int stored = f.count("SELECT count(*) FROM listings");
        MESSAGE("stored " << stored << " of " << valid << " listings with " << outcome.calls_used
                          << " calls");
        CHECK(stored * 100 >= valid * 99);
        // Every offset asked is a multiple of the limit: the pager moves by the limit asked.
        for (const auto offset : f.ebay.offsets_requested()) CHECK(offset % 200 == 0);
        // Every family was paged to its end (no `next` left), so every one is complete (audit
        // 3, F1: eBay's total is only an indicator); the gap to eBay's total is a metric, kept
        // per query with the items the short pages withheld that explain it.
        const auto coverage = schema::load_coverage(f.db, outcome.run_id);
        REQUIRE(coverage.size() == 4);
        for (const auto& q : coverage) {
            CAPTURE(q.query);
            CHECK(q.stopped == schema::QueryStop::last_page);
            CHECK(q.complete);
            if (q.query != "Tesla V100") {
                CHECK(q.items < *q.total);
                CHECK(q.total_gap == *q.total - q.items);
                // Explained by short pages with `next`; RTX 3080's short page is its last (no
                // `next`), so its gap is one nothing explains.
                CHECK(q.short_page_deficit == (q.query == "RTX 3080" ? 0 : q.total_gap));
            } else {
                CHECK(q.total_gap == 0);
            }
        }
        CHECK(outcome.queries_with_gap == 3);
        CHECK(outcome.total_gap == valid - stored);
        CHECK_FALSE(outcome.listings_missing());  // gpuprice fetch exits 0
        CHECK(outcome.status == schema::RunStatus::ok);
        const auto notes = join(outcome.notes);
        CAPTURE(notes);
        CHECK(notes.find("query 'RTX 3090': eBay's total said 1900 listings, its pages served "
                         "1891 and ended without next (a gap of 9; 0 multi-variation summaries "
                         "among the items, 9 withheld by short pages)") != std::string::npos);
        CHECK(notes.find("eBay's total exceeded the items served on 3 family queries") !=
              std::string::npos);
    }
}

TEST_SUITE("fetcher::marketplaces") {
    // D3: another marketplace end to end: its currency, its own observations, its own report
    // with the currency named, and no mixing with EBAY_US prices.
    TEST_CASE("--marketplace EBAY_GB stores GBP prices and reports them apart from EBAY_US") {
        FakeEbay ebay;
        auto gb = items("1", 30);
        for (auto& item : gb) {
            item.currency = "GBP";
            item.country = "GB";
            item.shipping_cost = "4.99";
        }
        ebay.set_items("RTX 3090", gb);
        test::TempDir dir;
        const auto db = dir.file("gb.db");
        const std::vector<std::string> env = {"EBAY_CLIENT_ID=" + ebay.client_id,
                                              "EBAY_CLIENT_SECRET=" + ebay.client_secret};
        CHECK(test::wait_exit(
                  test::spawn({GPUPRICE_BINARY, "--db", db, "fetch", "--query", "RTX 3090",
                               "--marketplace", "EBAY_GB", "--api-base", ebay.api_base(),
                               "--auth-url", ebay.token_url(), "--token-cache", dir.file("token")},
                              env, dir.file("fetch.out"), dir.file("fetch.err"))) == 0);
        CHECK(ebay.marketplaces_seen() == std::set<std::string>{"EBAY_GB"});
        CHECK(ebay.filters_seen().front().find("itemLocationCountry:GB") != std::string::npos);
        CHECK(test::wait_exit(test::spawn({GPUPRICE_BINARY, "--db", db, "report", "--marketplace",
                                           "EBAY_GB", "--output", dir.file("out")},
                                          {}, dir.file("r.out"), dir.file("r.err"))) == 0);
        std::string csv;
        for (const auto& file : std::filesystem::directory_iterator(dir.file("out"))) {
            const auto name = file.path().filename().string();
            // The summary report only: not its -listings or -cleared companions.
            if (std::regex_match(name,
                                 std::regex(R"(gpuprice-EBAY_GB-used-\d{4}-\d\d-\d\d\.csv)"))) {
                csv = test::read_file(file.path());
            }
        }
        REQUIRE_FALSE(csv.empty());
        CHECK(csv.find(",price_basis,currency,") != std::string::npos);
        CHECK(csv.find("RTX 3090") != std::string::npos);
        CHECK(test::csv_cell(csv, "RTX 3090", "currency") == "GBP");
        // Pounds everywhere a person reads money: the table, the chart, the plans; no dollar.
        CHECK(test::wait_exit(
                  test::spawn({GPUPRICE_BINARY, "--db", db, "report", "--marketplace", "EBAY_GB",
                               "--output", dir.file("out"), "--chart", "--format", "table"},
                              {}, dir.file("t.out"), dir.file("t.err"))) == 0);
        const auto table = test::read_file(dir.file("t.out"));
        CHECK(table.find("£") != std::string::npos);
        CHECK(table.find('$') == std::string::npos);
        std::string svg;
        for (const auto& file : std::filesystem::directory_iterator(dir.file("out"))) {
            if (file.path().extension() == ".svg") svg = test::read_file(file.path());
        }
        CHECK(svg.find("GFLOPS per GBP") != std::string::npos);
        CHECK(svg.find("(£") != std::string::npos);
        CHECK(svg.find('$') == std::string::npos);
        CHECK(
            test::wait_exit(test::spawn({GPUPRICE_BINARY, "--db", db, "recommend", "--marketplace",
                                         "EBAY_GB", "--budget", "5000", "--count", "2"},
                                        {}, dir.file("p.out"), dir.file("p.err"))) == 0);
        const auto plans = test::read_file(dir.file("p.out"));
        CHECK(plans.find("budget £5,000") != std::string::npos);
        CHECK(plans.find('$') == std::string::npos);
        // history takes the market too: GB prices for EBAY_GB, none for the default market.
        CHECK(test::wait_exit(test::spawn({GPUPRICE_BINARY, "--db", db, "history", "--model",
                                           "RTX 3090", "--marketplace", "EBAY_GB"},
                                          {}, dir.file("h.out"), dir.file("h.err"))) == 0);
        CHECK(test::read_file(dir.file("h.out")).find("RTX 3090") != std::string::npos);
        CHECK(test::wait_exit(
                  test::spawn({GPUPRICE_BINARY, "--db", db, "history", "--model", "RTX 3090"}, {},
                              dir.file("hu.out"), dir.file("hu.err"))) == 1);
        // The EBAY_US report has no prices: GBP never enters a USD median.
        CHECK(test::wait_exit(
                  test::spawn({GPUPRICE_BINARY, "--db", db, "report", "--output", dir.file("us")},
                              {}, dir.file("u.out"), dir.file("u.err"))) == 1);
        schema::Database check(db);
        auto stmt = check.prepare(
            "SELECT count(*), min(currency), min(marketplace) FROM price_observations");
        REQUIRE(stmt.step());
        CHECK(stmt.int64(0) == 30);
        CHECK(stmt.text(1) == "GBP");
        CHECK(stmt.text(2) == "EBAY_GB");
    }
}

// Hostile responses (reliability findings F2, F3, F4, F6, F7, F20; code review problem 7): a
// fragment is never a page, no body outgrows the cap, a cut page, a smaller page size or a bad
// `total` never loses listings unsaid, and no server holds the run past its deadline.
TEST_SUITE("fetcher::hostile") {
    bool said(const fetcher::FetchOutcome& outcome, const std::string& text) {
        return std::any_of(outcome.problems.begin(), outcome.problems.end(),
                           [&](const std::string& p) { return p.find(text) != std::string::npos; });
    }

    TEST_CASE("a gzip bomb is refused at the body cap and not retried") {
        FetchFixture f;
        f.config.http.low_speed_time = 30s;  // the fake takes a second to build the bomb
        f.ebay.set_items("RTX 3090", items("1", 10));
        f.ebay.set_items("RTX 4090", items("2", 10));
        f.config.http.retry.base_delay = 1ms;  // the page's requeue waits: 60, 120, 240 ms
        // The page is put back in the queue three times (audit 3, F3) before its query fails.
        f.ebay.queue_faults_for(
            "RTX 4090", {Fault::GzipBomb, Fault::GzipBomb, Fault::GzipBomb, Fault::GzipBomb});
        const auto outcome = f.fetch({"RTX 3090", "RTX 4090"});
        const auto problems = join(outcome.problems);
        CAPTURE(problems);
        CHECK(outcome.status == schema::RunStatus::partial);
        CHECK(outcome.pages_failed == 1);
        CHECK(outcome.listings_seen == 10);
        CHECK(said(outcome, "query 'RTX 4090' offset 0: network: response larger than 64 MB"));
        // A body over the cap is not retried at once, only sent again once put back.
        CHECK(f.ebay.search_calls() == 1 + 4);
    }

    TEST_CASE("a body that never ends stops at the cap") {
        FetchFixture f;
        f.config.http.max_body_bytes = std::size_t{8} << 20;
        f.ebay.set_items("RTX 3090", items("1", 10));
        f.config.http.retry.base_delay = 1ms;
        f.ebay.queue_faults(
            {Fault::NeverEnding, Fault::NeverEnding, Fault::NeverEnding, Fault::NeverEnding});
        const auto outcome = f.fetch({"RTX 3090"});
        const auto problems = join(outcome.problems);
        CAPTURE(problems);
        CHECK(outcome.status == schema::RunStatus::failed);
        CHECK(outcome.listings_seen == 0);
        CHECK(said(outcome, "response larger than 8 MB (after HTTP 200)"));
        CHECK(f.ebay.search_calls() == 4);  // sent, then put back three times
    }

    TEST_CASE("a body cut after HTTP 200 fails the page with curl's error, nothing stored") {
        FetchFixture f;
        f.config.http.retry.max_attempts = 3;
        f.config.http.retry.base_delay = 1ms;
        f.ebay.set_items("RTX 3090", items("1", 100));
        f.ebay.set_items("RTX 4090", items("2", 10));
        for (int i = 0; i < 12; ++i) f.ebay.queue_faults_for("RTX 3090", {Fault::CutBody});
        const auto outcome = f.fetch({"RTX 3090", "RTX 4090"});
        const auto problems = join(outcome.problems);
        CAPTURE(problems);
        CHECK(outcome.status == schema::RunStatus::partial);
        CHECK(outcome.pages_failed == 1);
        CHECK(outcome.listings_seen == 10);  // the other query only: no fragment parsed
        CHECK(f.count("SELECT count(*) FROM listings WHERE item_id LIKE 'v1|1%'") == 0);
        CHECK(said(outcome, "query 'RTX 3090' offset 0: network: transfer closed with"));
        CHECK(said(outcome, "(after HTTP 200)"));
        CHECK(f.ebay.search_calls() == 13);  // 3 attempts, 4 times (put back 3), the other
    }

    TEST_CASE("too many timeouts in a row stop the run, partial, with the reason") {
        FetchFixture f;
        f.config.http.parallel = 1;
        f.config.http.total_timeout = 300ms;  // a trickle of 10 bytes a second never finishes
        f.config.http.retry.max_attempts = 1;
        f.config.http.max_consecutive_timeouts = 2;
        for (const auto* term : {"RTX 3090", "RTX 4090", "RTX 3080", "RTX 4080"}) {
            f.ebay.set_items(term, items(term[4] == '3' ? "1" : "2", 5));
        }
        f.ebay.queue_faults(
            {Fault::Slowloris, Fault::Slowloris, Fault::Slowloris, Fault::Slowloris});
        const auto outcome = f.fetch({"RTX 3090", "RTX 4090", "RTX 3080", "RTX 4080"});
        const auto problems = join(outcome.problems);
        CAPTURE(problems);
        CHECK(outcome.stop == fetcher::StopReason::deadline);
        CHECK(outcome.status == schema::RunStatus::failed);
        CHECK(f.ebay.search_calls() == 2);
        // The two pages that timed out were put back in the queue (noted); the stop then ends
        // every query, theirs too, with the reason.
        CHECK(join(outcome.notes).find("Operation timed out") != std::string::npos);
        CHECK(said(outcome, "stopped: 2 requests in a row timed out"));
        int stopped = 0;
        for (const auto& q : outcome.coverage)
            stopped += q.stopped == schema::QueryStop::deadline ? 1 : 0;
        CHECK(stopped == 4);
    }

    TEST_CASE("the run's deadline ends it: nothing starts after, the rest is closed") {
        FetchFixture f;
        test::ManualClock clock;
        f.config.http.clock = clock.run_clock();
        f.ebay.set_clock([&] { return clock.now(); });
        f.ebay.set_on_request([&] { clock.advance(25min); });  // a slow eBay tonight
        f.config.http.parallel = 1;
        f.config.deadline = 1h;
        std::vector<std::string> terms = {"RTX 3090", "RTX 4090", "RTX 3080", "RTX 4080",
                                          "RTX 3070", "RTX 4070", "RTX 3060", "RTX 4060"};
        for (std::size_t i = 0; i < terms.size(); ++i) {
            f.ebay.set_items(terms[i], items(std::to_string(i + 1), 3));
        }
        const auto outcome = f.fetch(terms);
        const auto problems = join(outcome.problems);
        CAPTURE(problems);
        CHECK(outcome.stop == fetcher::StopReason::deadline);
        CHECK(outcome.status == schema::RunStatus::partial);
        CHECK(outcome.pages_stored == 3);  // sent at 0, 25 and 50 minutes; none after 60
        CHECK(f.ebay.search_calls() == 3);
        CHECK(said(outcome, "stopped: the run's deadline"));
        CHECK(outcome.listings_missing());  // exit 6, as documented
    }

    // F4: the JSON is cut but the transfer is whole (a correct Content-Length): the parser keeps
    // the items before the cut. The run is partial, the items lost are counted as eBay's
    // `limit` and `total` say, and paging goes on past the cut.
    TEST_CASE("a page cut with a correct Content-Length: partial, the lost items counted") {
        FetchFixture f;
        f.ebay.set_items("RTX 3090", items("1", 450));
        f.ebay.set_items("RTX 4090", items("2", 3));
        f.ebay.queue_faults_for("RTX 3090", {Fault::Truncated});
        f.ebay.queue_faults_for("RTX 4090", {Fault::Truncated});
        const auto outcome = f.fetch({"RTX 3090", "RTX 4090"});
        const auto problems = join(outcome.problems);
        CAPTURE(problems);
        CHECK(outcome.status == schema::RunStatus::partial);
        CHECK(outcome.pages_truncated == 2);
        CHECK(outcome.pages_failed == 0);
        CHECK(outcome.listings_missing());  // gpuprice fetch exits 6
        const int kept_3090 = f.count("SELECT count(*) FROM listings WHERE item_id LIKE 'v1|1%'");
        const int kept_4090 = f.count("SELECT count(*) FROM listings WHERE item_id LIKE 'v1|2%'");
        REQUIRE(kept_3090 > 250);  // the cut page's first items, then pages 2 and 3 whole
        REQUIRE(kept_3090 < 450);
        REQUIRE(kept_4090 < 3);
        // Lost = min(limit, total - offset) - returned: 200 - kept on the first page of 450, and
        // 3 - kept of a query with 3.
        const int lost_3090 = 450 - kept_3090;
        const int lost_4090 = 3 - kept_4090;
        CHECK(f.count("SELECT count FROM run_skips WHERE reason = 'truncated-page'") ==
              lost_3090 + lost_4090);
        CHECK(outcome.listings_skipped == lost_3090 + lost_4090);
        CHECK(said(outcome, "query 'RTX 3090' offset 0: page ends early after " +
                                std::to_string(200 - lost_3090) + " items"));
        CHECK(said(outcome, "; " + std::to_string(lost_3090) + " items lost"));
        CHECK(said(outcome, "; " + std::to_string(lost_4090) + " items lost"));
        CHECK(f.ebay.offsets_requested().size() == 4);  // 3090 at 0, 200, 400; 4090 at 0
        for (const auto& q : outcome.coverage) {
            CAPTURE(q.query);
            CHECK_FALSE(q.complete);
            CHECK(q.warnings.find("truncated page") != std::string::npos);
        }
    }

    // A cut page that says neither its total nor a next page lost an unknown number of items:
    // one skip under its own reason, so the count is not read as exactly one item lost.
    TEST_CASE("a cut page of unknown size is stored as truncated-page-unknown, not as one") {
        FetchFixture f;
        f.ebay.set_items("RTX 4090", items("2", 3));
        f.ebay.queue_faults_for("RTX 4090", {Fault::TruncatedNoTotal});
        const auto outcome = f.fetch({"RTX 4090"});
        const auto problems = join(outcome.problems);
        CAPTURE(problems);
        CHECK(outcome.status == schema::RunStatus::partial);
        CHECK(outcome.pages_truncated == 1);
        CHECK(said(outcome, "an unknown number of items lost (no total, no next)"));
        CHECK(f.count("SELECT count(*) FROM run_skips WHERE reason = 'truncated-page'") == 0);
        CHECK(f.count("SELECT count FROM run_skips WHERE reason = 'truncated-page-unknown'") == 1);
        CHECK(outcome.listings_skipped == 1);
    }

    TEST_CASE("the count of a cut page without total or next is unknown, at least one") {
        const auto page = fetcher::parse_search_page(
            R"({"href":"x","limit":200,"offset":0,"itemSummaries":[{"itemId":"v1|1|0"},{"item)",
            "USD");
        REQUIRE_FALSE(page.page_problem.empty());
        CHECK_FALSE(fetcher::items_lost(page, 200));
        auto with_next = page;
        with_next.next = "https://api.ebay.com/buy/browse/v1/item_summary/search?offset=200";
        CHECK(fetcher::items_lost(with_next, 200) == 199);
        auto with_total = page;
        with_total.total = 150;
        with_total.offset = 100;
        CHECK(fetcher::items_lost(with_total, 200) == 49);  // min(200, 150 - 100) - 1
    }

    // F6: eBay answers a smaller `limit` than asked (50 for 200): paging goes on by 50, at
    // offsets eBay accepts (a multiple of the limit asked, else error 12515), so nothing is lost.
    TEST_CASE("a server that caps the page size at 50 is paged by 50, nothing skipped") {
        FetchFixture f;
        f.ebay.set_items("RTX 3090", items("1", 440));
        f.ebay.queue_faults_for(
            "RTX 3090", {Fault::ShortLimit, Fault::ShortLimit, Fault::ShortLimit, Fault::ShortLimit,
                         Fault::ShortLimit, Fault::ShortLimit, Fault::ShortLimit, Fault::ShortLimit,
                         Fault::ShortLimit});
        const auto outcome = f.fetch({"RTX 3090"});
        const auto problems = join(outcome.problems);
        CAPTURE(problems);
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.listings_seen == 440);
        CHECK(outcome.pages_failed == 0);
        CHECK(f.ebay.offsets_requested() ==
              std::vector<std::int64_t>{0, 50, 100, 150, 200, 250, 300, 350, 400});
        REQUIRE(outcome.coverage.size() == 1);
        CHECK(outcome.coverage[0].complete);
        CHECK(outcome.coverage[0].items == 440);
        CHECK(std::any_of(outcome.notes.begin(), outcome.notes.end(), [](const std::string& n) {
            return n.find("eBay serves 50 items per page where 200 were asked") !=
                   std::string::npos;
        }));
    }

    TEST_CASE("a page size eBay lowers mid-query keeps the offsets aligned") {
        FetchFixture f;
        f.ebay.set_items("RTX 3090", items("1", 520));
        // Page 1 whole (200; Slow at 1 ms stands for no fault), then capped: 200, 250, ... by 50.
        f.ebay.queue_faults_for(
            "RTX 3090",
            {Fault::Slow, Fault::ShortLimit, Fault::ShortLimit, Fault::ShortLimit,
             Fault::ShortLimit, Fault::ShortLimit, Fault::ShortLimit, Fault::ShortLimit});
        f.ebay.slow_ms = 1;
        const auto outcome = f.fetch({"RTX 3090"});
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.listings_seen == 520);
        CHECK(f.ebay.offsets_requested() ==
              std::vector<std::int64_t>{0, 200, 250, 300, 350, 400, 450, 500});
    }

    // F7: a `total` that is not a count neither ends paging (the pages' `next` and size lead) nor
    // passes unsaid: the run's notes and the query's coverage say it.
    TEST_CASE("a negative, float, string or missing total: every page fetched, a note") {
        for (const auto& bad : test::kInvalidTotals) {
            CAPTURE(bad);
            FetchFixture f;
            f.ebay.bad_total = bad;
            f.ebay.set_items("RTX 3090", items("1", 440));
            f.ebay.queue_faults_for("RTX 3090",
                                    {Fault::BadTotal, Fault::BadTotal, Fault::BadTotal});
            const auto outcome = f.fetch({"RTX 3090"});
            const auto problems = join(outcome.problems);
            CAPTURE(problems);
            CHECK(outcome.status == schema::RunStatus::ok);  // nothing missing: a note only
            CHECK(outcome.listings_seen == 440);
            CHECK(f.ebay.search_calls() == 3);
            REQUIRE(outcome.coverage.size() == 1);
            CHECK_FALSE(outcome.coverage[0].total);
            CHECK(outcome.coverage[0].warnings.find("invalid total") != std::string::npos);
            const auto notes = join(outcome.notes);
            CAPTURE(notes);
            CHECK(notes.find("query 'RTX 3090' offset 0: eBay's total is ") != std::string::npos);
            CHECK(notes.find("paging follows next and full pages instead") != std::string::npos);
        }
    }

    TEST_CASE("a full page without next and without a valid total: one more page settles it") {
        FetchFixture f;
        f.ebay.bad_total = R"("400")";
        f.ebay.set_items("RTX 3090", items("1", 400));  // page 2 is full and has no `next`
        f.ebay.queue_faults_for("RTX 3090", {Fault::BadTotal, Fault::BadTotal, Fault::BadTotal});
        const auto outcome = f.fetch({"RTX 3090"});
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.listings_seen == 400);
        CHECK(f.ebay.offsets_requested() == std::vector<std::int64_t>{0, 200, 400});
        REQUIRE(outcome.coverage.size() == 1);
        CHECK(outcome.coverage[0].stopped == schema::QueryStop::last_page);
        // With a valid total the same full page ends paging: no call spent on an empty page.
        FetchFixture g;
        g.ebay.set_items("RTX 3090", items("1", 400));
        g.fetch({"RTX 3090"});
        CHECK(g.ebay.offsets_requested() == std::vector<std::int64_t>{0, 200});
    }

    TEST_CASE("an absurd total with pages that end: all stored, the mismatch noted") {
        FetchFixture f;
        f.config.max_calls = 40;
        // 10^9 claimed, 440 served: the family is split (as for any total over 10,000), and each
        // band's paging ends far short of the claim.
        f.ebay.bad_total = "1000000000";
        f.ebay.set_items("RTX 3090", items("1", 440));
        f.ebay.queue_faults_for("RTX 3090", std::initializer_list<Fault>{
                                                Fault::BadTotal, Fault::BadTotal, Fault::BadTotal,
                                                Fault::BadTotal, Fault::BadTotal, Fault::BadTotal,
                                                Fault::BadTotal, Fault::BadTotal, Fault::BadTotal});
        const auto outcome = f.fetch({"RTX 3090"});
        const auto notes = join(outcome.notes);
        CAPTURE(notes);
        // Every listing is stored and every band was paged to its end (no `next` left): the
        // bands are complete, the absurd claim is only a gap, noted per band and for the night.
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK_FALSE(outcome.listings_missing());
        for (const auto& q : outcome.coverage) CHECK(q.complete);
        CHECK(f.count("SELECT count(*) FROM listings") == 440);
        CHECK(f.ebay.search_calls() == 7);  // split twice over (220 > 200 a band), never deeper
        CHECK(notes.find("eBay's total said 1000000000 listings, its pages served") !=
              std::string::npos);
        CHECK(outcome.queries_with_gap > 0);
        CHECK(outcome.total_gap > 0);
    }

    TEST_CASE("an option libcurl refuses fails that request, never hangs the loop") {
        fetcher::HttpEngine engine(fetcher::HttpOptions{});
        fetcher::HttpRequest request;
        // libcurl refuses strings over CURL_MAX_INPUT_LENGTH (8 MB) in curl_easy_setopt.
        request.url = "http://127.0.0.1:1/" + std::string(std::size_t{9} << 20, 'a');
        fetcher::HttpResponse response;
        bool done = false;
        engine.submit(request, [&](fetcher::HttpResponse&& r) {
            response = std::move(r);
            done = true;
        });
        engine.run();
        REQUIRE(done);
        CHECK(response.curl_code == CURLE_BAD_FUNCTION_ARGUMENT);
        CHECK(response.curl_error.find("libcurl refused CURLOPT_URL") == 0);
        CHECK_FALSE(response.complete());
    }
}

}  // namespace test_fetch_run
