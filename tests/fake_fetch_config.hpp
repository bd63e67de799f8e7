// A fetch configuration pointed at the fake eBay: its search and token URLs, a token cache in the
// test's folder, retries fast enough for a test. Suites change what they test from there.
#pragma once

#include <chrono>

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
    config.http.max_calls = 100;
    return config;
}

}  // namespace gpuprice::test
