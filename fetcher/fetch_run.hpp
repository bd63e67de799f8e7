// One nightly fetch: token, paged searches over the HTTP engine, each page parsed and committed
// as it arrives. Whatever happens, committed pages stay committed and the run row says how it
// ended (ok, partial, failed).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "fetcher/credentials.hpp"
#include "fetcher/http_engine.hpp"
#include "fetcher/query_plan.hpp"
#include "schema/store/listing_store.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::fetcher {

struct FetchConfig {
    std::string api_base = "https://api.ebay.com";
    std::string auth_url = "https://api.ebay.com/identity/v1/oauth2/token";
    std::string marketplace = "EBAY_US";
    std::vector<SearchQuery> queries;
    int page_limit = 200;
    std::string token_cache_path;
    HttpOptions http;
};

struct FetchProgress {
    int pages_done = 0;
    int pages_planned = 0;
    int listings = 0;
    int calls_used = 0;
    int calls_budget = 0;
};

struct FetchOutcome {
    std::int64_t run_id = 0;
    schema::RunStatus status = schema::RunStatus::ok;
    int calls_used = 0;
    int pages_stored = 0;
    int pages_failed = 0;
    int listings_seen = 0;
    int listings_new = 0;
    int listings_skipped = 0;
    bool budget_reached = false;
    std::vector<std::string> problems;  // one line each; never a secret
    std::vector<std::string> notes;     // e.g. queries larger than eBay's 10,000-item cap
};

using ProgressFn = std::function<void(const FetchProgress&)>;

// Closes the run's row with the outcome's status, calls, notes and problems.
void finish(schema::Database& db, const FetchOutcome& outcome);

// Runs the fetch into `db` as one run. Throws CredentialsError when eBay refuses the
// credentials (before any run row is written).
FetchOutcome run_fetch(schema::Database& db, const FetchConfig& config,
                       const Credentials& credentials, const std::string& observed_on,
                       const ProgressFn& progress);

}  // namespace gpuprice::fetcher
