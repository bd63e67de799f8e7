// A fetch configuration pointed at the fake eBay: its search and token URLs, a token cache in the
// test's folder, retries fast enough for a test. Suites change what they test from there.
#pragma once

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "fetcher/fetch_run.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/migrations.hpp"
#include "tests/fake_ebay.hpp"
#include "tests/manual_clock.hpp"
#include "tests/test_context.hpp"

namespace gpuprice::test {

inline fetcher::FetchConfig fake_fetch_config(const FakeEbay& ebay, const TempDir& dir) {
    using namespace std::chrono_literals;
    fetcher::FetchConfig config;
    config.search.api_base = ebay.api_base();
    config.auth_url = ebay.token_url();
    config.token_cache_path = dir.file("token");
    config.http.retry.base_delay = 10ms;
    config.http.retry.max_delay = 50ms;
    config.max_calls = 100;
    return config;
}

// A client of the fake eBay opened as a night opens it (a token, then the budget of
// config.max_calls shared by `shares`), for the tests of one pass.
inline std::unique_ptr<fetcher::EbayClient> open_fake_client(
    const fetcher::FetchConfig& config, const fetcher::Credentials& credentials,
    fetcher::BudgetShares shares = {}) {
    auto client =
        std::make_unique<fetcher::EbayClient>(fetcher::client_config(config), credentials);
    fetcher::open_night(*client, config, shares);
    return client;
}

// A listings pass against the fake eBay into a fresh database, one request at a time, on a clock
// the test runs: the fake's requests and the fetch's waits move it (ManualClock), and
// schema::now is the night's own (GPUPRICE_NOW), so that nothing reads the wall clock.
struct ClockedFetch {
    FakeEbay ebay;
    TempDir dir;
    ManualClock clock;
    schema::Database db{dir.file("fetch.db")};
    fetcher::FetchConfig config = fake_fetch_config(ebay, dir);
    fetcher::Credentials credentials{ebay.client_id, ebay.client_secret};

    ClockedFetch() {
        ::setenv(schema::kClockVariable, "2026-12-01T03:00:00Z", 1);
        schema::migrate(db);
        config.http.clock = clock.run_clock();
        config.http.parallel = 1;
        ebay.set_clock([this] { return clock.now(); });
    }
    ~ClockedFetch() { ::unsetenv(schema::kClockVariable); }
    ClockedFetch(const ClockedFetch&) = delete;
    ClockedFetch& operator=(const ClockedFetch&) = delete;

    // The night of 2026-12-01 for `terms`, used listings.
    fetcher::FetchOutcome fetch(const std::vector<std::string>& terms) {
        return fetch_queries(fetcher::family_queries(terms, {schema::ConditionClass::used}));
    }
    // The night `night` (its clock 03:00 UTC) for `queries`.
    fetcher::FetchOutcome fetch_queries(std::vector<fetcher::Query> queries,
                                        const std::string& night = "2026-12-01") {
        ::setenv(schema::kClockVariable, (night + "T03:00:00Z").c_str(), 1);
        config.queries = std::move(queries);
        return fetcher::run_fetch(db, config, credentials, schema::Night::from_text(night), {});
    }

    int count(const std::string& sql) {
        auto stmt = db.prepare(sql);
        stmt.step();
        return stmt.int32(0);
    }
};

}  // namespace gpuprice::test
