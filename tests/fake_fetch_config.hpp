// A fetch configuration pointed at the fake eBay: its search and token URLs, a token cache in the
// test's folder, retries fast enough for a test. Suites change what they test from there.
#pragma once

#include <chrono>
#include <memory>

#include "fetcher/fetch_run.hpp"
#include "tests/fake_ebay.hpp"
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

}  // namespace gpuprice::test
