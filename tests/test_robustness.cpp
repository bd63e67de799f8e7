#include <doctest/doctest.h>

#include <signal.h>
#include <sys/wait.h>

#include <filesystem>
#include <thread>

#include "fetcher/browse_parser.hpp"
#include "fetcher/fetch_run.hpp"
#include "schema/store/migrations.hpp"
#include "schema/store/sqlite.hpp"
#include "tests/child_process.hpp"
#include "tests/fake_ebay.hpp"
#include "tests/fake_fetch_config.hpp"
#include "tests/test_context.hpp"

namespace test_robustness {

using namespace gpuprice;
using namespace std::chrono_literals;

namespace {

const std::string kItem =
    R"({"itemId":"v1|42|0","legacyItemId":"42","title":"NVIDIA RTX 3090 24GB",)"
    R"("price":{"value":"799.99","currency":"USD"},"conditionId":"3000",)"
    R"("seller":{"username":"s","feedbackPercentage":"99.1","feedbackScore":10},)"
    R"("shippingOptions":[{"shippingCostType":"FIXED","shippingCost":{"value":"5.00","currency":"USD"}}],)"
    R"("buyingOptions":["FIXED_PRICE"],"itemWebUrl":"https://www.ebay.com/itm/42",)"
    R"("itemLocation":{"country":"US"},"itemCreationDate":"2026-11-01T00:00:00.000Z"})";

// The item with `field`'s value replaced (or the field removed when replacement is empty).
std::string mutate(const std::string& field, const std::string& replacement) {
    const auto key = "\"" + field + "\":";
    auto start = kItem.find(key);
    REQUIRE(start != std::string::npos);
    auto end = start + key.size();
    int depth = 0;
    bool in_string = false;
    for (; end < kItem.size(); ++end) {
        const char c = kItem[end];
        if (in_string) {
            if (c == '"') in_string = false;
            continue;
        }
        if (c == '"') in_string = true;
        if (c == '{' || c == '[') ++depth;
        if (c == '}' || c == ']') {
            if (depth == 0) break;
            --depth;
        }
        if (c == ',' && depth == 0) break;
    }
    if (replacement.empty()) {
        if (kItem[end] == ',')
            ++end;
        else if (kItem[start - 1] == ',')
            --start;
        return kItem.substr(0, start) + kItem.substr(end);
    }
    return kItem.substr(0, start) + key + replacement + kItem.substr(end);
}

fetcher::FetchConfig config_for(const test::FakeEbay& ebay, const test::TempDir& dir) {
    auto config = test::fake_fetch_config(ebay, dir);
    config.http.retry.base_delay = 5ms;
    config.http.retry.max_delay = 20ms;
    config.max_calls = 500;
    return config;
}

std::vector<test::FakeItem> cards(int count) {
    std::vector<test::FakeItem> items;
    for (int i = 0; i < count; ++i) {
        test::FakeItem item;
        item.item_id = "v1|" + std::to_string(1000 + i) + "|0";
        item.title = "NVIDIA RTX 3090 24GB";
        items.push_back(item);
    }
    return items;
}

bool file_contains(const std::string& path, const std::string& needle) {
    std::string text;
    try {
        text = test::read_file(path);
    } catch (...) {
        return false;
    }
    return text.find(needle) != std::string::npos;
}

}  // namespace

TEST_SUITE("robustness::bad_input") {
    // Every field of an item missing, null, of the wrong type, or huge: the item is kept (an
    // optional field) or skipped with a reason, its neighbours are kept, nothing crashes.
    TEST_CASE("each field of an item broken in each way") {
        const std::string huge = "\"" + std::string(1 << 20, 'x') + "\"";
        const std::vector<std::string> fields = {"itemId",          "legacyItemId",    "title",
                                                 "price",           "conditionId",     "seller",
                                                 "shippingOptions", "buyingOptions",   "itemWebUrl",
                                                 "itemLocation",    "itemCreationDate"};
        const std::vector<std::string> replacements = {
            "", "null", "17", "-3.5", "true", "[]", "{}", "\"\"", huge, "[1,{\"a\":null}]"};
        int cases = 0;
        for (const auto& field : fields) {
            for (const auto& replacement : replacements) {
                CAPTURE(field);
                CAPTURE(replacement.substr(0, 20));
                const auto other = [](int id) {
                    auto item = kItem;
                    item.replace(item.find("v1|42|0"), 7, "v1|" + std::to_string(id) + "|0");
                    return item;
                };
                const auto body = R"({"total":3,"itemSummaries":[)" + other(1) + "," +
                                  mutate(field, replacement) + "," + other(2) + "]}";
                const auto page = fetcher::parse_search_page(body, "USD");
                CHECK(page.page_problem.empty());
                int skipped = 0;
                for (const auto& [reason, count] : page.skips) skipped += count;
                CHECK(page.listings.size() + skipped == 3);
                REQUIRE(page.listings.size() >= 2);
                CHECK(page.listings.front().item_id == "v1|1|0");
                CHECK(page.listings.back().item_id == "v1|2|0");
                ++cases;
            }
        }
        CHECK(cases == 110);
    }

    TEST_CASE("prices negative, absurd, malformed; invalid UTF-8; empty pages") {
        for (const char* price : {"\"-1.00\"", "\"1e9\"", "\"99999999999999.99\"", "\"12.345\"",
                                  "\"NaN\"", "\"\"", "\" 12.00\"", "\"0x10\""}) {
            CAPTURE(price);
            const auto body =
                R"({"itemSummaries":[)" +
                mutate("price", std::string(R"({"value":)") + price + R"(,"currency":"USD"})") +
                "]}";
            const auto page = fetcher::parse_search_page(body, "USD");
            CHECK(page.listings.empty());
            CHECK(page.skips.at(gpuprice::schema::SkipReason::bad_price) == 1);
        }
        CHECK(fetcher::parse_search_page(R"({"total":0,"itemSummaries":[]})", "USD")
                  .listings.empty());
        CHECK(fetcher::parse_search_page(R"({"itemSummaries":null})", "USD").page_problem.empty() ==
              false);
        CHECK(fetcher::parse_search_page("{", "USD").page_problem.size() > 0);
        CHECK(fetcher::parse_search_page(std::string("\xff\xfe{\"a\":1}"), "USD")
                  .page_problem.size() > 0);
    }
}

TEST_SUITE("robustness::faults") {
    TEST_CASE("a 429 storm is ridden out within the retry bounds") {
        test::FakeEbay ebay;
        ebay.set_items("RTX 3090", cards(1000));  // 5 pages
        test::TempDir dir;
        schema::Database db(dir.file("storm.db"));
        schema::migrate(db);
        auto config = config_for(ebay, dir);
        config.http.retry.max_attempts = 10;
        config.queries =
            fetcher::family_queries({"RTX 3090"}, {gpuprice::schema::ConditionClass::used});
        // Eight refusals in a row: the first page needs nine attempts.
        ebay.queue_faults(
            {test::Fault::RateLimitedNoRetryAfter, test::Fault::RateLimitedNoRetryAfter,
             test::Fault::RateLimitedNoRetryAfter, test::Fault::RateLimitedNoRetryAfter,
             test::Fault::RateLimitedNoRetryAfter, test::Fault::RateLimitedNoRetryAfter,
             test::Fault::ServerError, test::Fault::ServerError});
        const auto outcome = fetcher::run_fetch(db, config, {ebay.client_id, ebay.client_secret},
                                                schema::Night::from_text("2026-12-01"), {});
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK(outcome.listings_seen == 1000);
        CHECK(outcome.calls_used == 5 + 8);
    }

    TEST_CASE("a credential revoked mid-run: the pages before stay, the run says why") {
        test::FakeEbay ebay;
        ebay.set_items("RTX 3090", cards(600));
        test::TempDir dir;
        schema::Database db(dir.file("revoked.db"));
        schema::migrate(db);
        auto config = config_for(ebay, dir);
        config.http.parallel = 1;
        config.queries =
            fetcher::family_queries({"RTX 3090"}, {gpuprice::schema::ConditionClass::used});
        // On the second page eBay revokes the application: the token stops working and the
        // refresh is refused (401 invalid_client).
        ebay.queue_faults({test::Fault::Slow, test::Fault::RevokeClient});
        ebay.slow_ms = 50;
        const auto outcome = fetcher::run_fetch(db, config, {ebay.client_id, ebay.client_secret},
                                                schema::Night::from_text("2026-12-01"), {});
        CHECK(outcome.status == schema::RunStatus::partial);
        CHECK(outcome.listings_seen == 200);
        bool said = false;
        for (const auto& p : outcome.problems) {
            CHECK(p.find(ebay.client_secret) == std::string::npos);
            said = said || p.find("invalid_client") != std::string::npos;
        }
        CHECK(said);
    }
}

TEST_SUITE("robustness::faults") {
    // D2 end to end: the quota runs out in the middle of the night. The fetch stops at once with
    // exit 7, the run is partial with the reason, and scripts/nightly still writes the night's
    // reports from what was fetched and says the night was partial.
    TEST_CASE("quota exhausted mid-run: nightly writes the reports and says partial") {
        test::FakeEbay ebay;
        ebay.set_items("RTX 3090", cards(3000));
        ebay.set_daily_quota(4);
        test::TempDir dir;
        const auto home = dir.file("home");
        const pid_t pid = test::spawn(
            {std::string(GPUPRICE_SOURCE_DIR) + "/scripts/nightly", "--query", "RTX 3090",
             "--condition", "used", "--parallel", "1", "--api-base", ebay.api_base(), "--auth-url",
             ebay.token_url(), "--token-cache", dir.file("token"), "--no-quota-check",
             "--retry-base-ms", "10"},
            {"EBAY_CLIENT_ID=" + ebay.client_id, "EBAY_CLIENT_SECRET=" + ebay.client_secret,
             "GPUPRICE_HOME=" + home, std::string("GPUPRICE_BIN=") + GPUPRICE_BINARY},
            dir.file("out"), dir.file("err"));
        CHECK(test::wait_exit(pid) == 7);
        CHECK(ebay.search_calls() == 4 + 1);  // four pages, then one 429 and nothing after
        const auto err = test::read_file(dir.file("err"));
        CHECK(err.find("partial night (exit 7") != std::string::npos);
        CHECK(err.find("quota") != std::string::npos);
        bool report = false;
        for (const auto& night : std::filesystem::directory_iterator(home + "/reports")) {
            if (!night.is_directory()) continue;  // latest.html, the last night's page
            for (const auto& file : std::filesystem::directory_iterator(night.path())) {
                report = report || file.path().filename().string().starts_with("gpuprice-all-");
            }
        }
        CHECK(report);
        schema::Database db(home + "/gpuprice.db");
        auto run = db.prepare("SELECT status, message FROM fetch_runs ORDER BY id DESC LIMIT 1");
        REQUIRE(run.step());
        CHECK(run.text(0) == "partial");
        CHECK(run.text(1).find("quota") != std::string::npos);
    }
}

TEST_SUITE("robustness::security") {
    // The client secret and the access token never reach argv, stdout, stderr, the database or
    // its WAL, even with --verbose and even when eBay refuses.
    TEST_CASE("no secret or token in output, logs or the database") {
        test::FakeEbay ebay;
        ebay.set_items("RTX 3090", cards(300));
        test::TempDir dir;
        const auto db = dir.file("secure.db");
        const std::vector<std::string> args = {
            GPUPRICE_BINARY,  "--verbose",     "--db",           db,
            "fetch",          "--query",       "RTX 3090",       "--condition",
            "used",           "--api-base",    ebay.api_base(),  "--auth-url",
            ebay.token_url(), "--token-cache", dir.file("token")};
        CHECK(test::wait_exit(test::spawn(
                  args,
                  {"EBAY_CLIENT_ID=" + ebay.client_id, "EBAY_CLIENT_SECRET=" + ebay.client_secret},
                  dir.file("out1"), dir.file("err1"))) == 0);
        ebay.queue_faults({test::Fault::ExpireToken});  // a refresh, so a second token exists
        CHECK(test::wait_exit(test::spawn(
                  args,
                  {"EBAY_CLIENT_ID=" + ebay.client_id, "EBAY_CLIENT_SECRET=" + ebay.client_secret},
                  dir.file("out2"), dir.file("err2"))) == 0);
        // And a refused secret.
        CHECK(test::wait_exit(test::spawn(
                  {GPUPRICE_BINARY, "--verbose", "--db", db, "fetch", "--api-base", ebay.api_base(),
                   "--auth-url", ebay.token_url(), "--token-cache", dir.file("token-bad")},
                  {"EBAY_CLIENT_ID=" + ebay.client_id, "EBAY_CLIENT_SECRET=wrong-secret-4242"},
                  dir.file("out3"), dir.file("err3"))) == 5);
        CHECK(file_contains(dir.file("err3"), "invalid_client"));
        // probe says the same as fetch: the usual causes and where the keyset came from (UX P20).
        CHECK(test::wait_exit(test::spawn(
                  {GPUPRICE_BINARY, "--db", db, "probe", "--term", "RTX 3090", "--api-base",
                   ebay.api_base(), "--auth-url", ebay.token_url(), "--token-cache",
                   dir.file("token-bad")},
                  {"EBAY_CLIENT_ID=" + ebay.client_id, "EBAY_CLIENT_SECRET=wrong-secret-4242"},
                  dir.file("out4"), dir.file("err4"))) == 5);
        for (const char* err : {"err3", "err4"}) {
            CAPTURE(err);
            CHECK(file_contains(dir.file(err), "the usual causes: a Sandbox keyset"));
            CHECK(
                file_contains(dir.file(err),
                              "(the credentials came from EBAY_CLIENT_ID and EBAY_CLIENT_SECRET)"));
        }
        const std::string cached = test::read_file(dir.file("token"));
        const auto token =
            cached.substr(cached.find('\n', cached.find('\n') + 1) + 1, cached.size());
        REQUIRE(token.find("fake-token") != std::string::npos);
        for (const char* file : {"out1", "err1", "out2", "err2", "out3", "err3", "out4", "err4",
                                 "secure.db", "secure.db-wal"}) {
            CAPTURE(file);
            CHECK_FALSE(file_contains(dir.file(file), ebay.client_secret));
            CHECK_FALSE(file_contains(dir.file(file), "wrong-secret-4242"));
            CHECK_FALSE(file_contains(dir.file(file), "fake-token"));
        }
    }
}

TEST_SUITE("robustness::concurrency") {
    TEST_CASE("report runs again and again while a fetch writes") {
        test::FakeEbay ebay;
        ebay.set_items("RTX 3090", cards(6000));
        ebay.set_delay(100ms);
        test::TempDir dir;
        const auto db = dir.file("busy.db");
        REQUIRE(test::wait_exit(
                    test::spawn({GPUPRICE_BINARY, "--db", db, "fetch", "--sample"}, {})) == 0);
        const pid_t fetch = test::spawn(
            {GPUPRICE_BINARY, "--db", db, "fetch", "--query", "RTX 3090", "--condition", "used",
             "--parallel", "2", "--api-base", ebay.api_base(), "--auth-url", ebay.token_url(),
             "--token-cache", dir.file("token")},
            {"EBAY_CLIENT_ID=" + ebay.client_id, "EBAY_CLIENT_SECRET=" + ebay.client_secret});
        bool overlapped = false;  // a report finished while the fetch was still writing
        int fetch_status = -1;
        for (int reports = 0; reports < 8; ++reports) {
            CAPTURE(reports);
            CHECK(test::wait_exit(test::spawn(
                      {GPUPRICE_BINARY, "--db", db, "report", "--output", dir.file("out")}, {},
                      "/dev/null", dir.file("report.err"))) == 0);
            if (fetch_status >= 0) continue;
            int status = 0;
            const pid_t done = waitpid(fetch, &status, WNOHANG);
            if (done == 0) {
                overlapped = true;
            } else if (done == fetch) {
                fetch_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            }
        }
        CHECK(overlapped);
        if (fetch_status < 0) fetch_status = test::wait_exit(fetch);
        CHECK(fetch_status == 0);
        schema::Database check(db);
        auto count = check.prepare("SELECT count(*) FROM listings WHERE length(item_id) = 9");
        REQUIRE(count.step());
        CHECK(count.int64(0) >= 6000);
    }
}

}  // namespace test_robustness
