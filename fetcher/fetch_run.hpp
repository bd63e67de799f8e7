// One nightly fetch: a token, the remaining quota, then the queries' pages, each parsed and
// committed as it arrives. Pages are dispatched by priority (the family with the fewest pages
// so far goes next, so every family's first pages come first and a cut budget shortens the
// largest families evenly), a family larger than eBay's 10,000-item cap is split into price
// bands, and paging follows `next` (a short page is not the last one) until the pages account
// for eBay's total. Whatever happens, committed pages stay committed, and the run row and its
// per-query coverage say how it ended.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "fetcher/aspect_filter.hpp"
#include "fetcher/credentials.hpp"
#include "fetcher/http_engine.hpp"
#include "fetcher/price_rules.hpp"
#include "fetcher/query_plan.hpp"
#include "fetcher/rate_limits.hpp"
#include "schema/domain/query_coverage.hpp"
#include "schema/store/listing_store.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::fetcher {

struct FetchConfig {
    SearchSettings search{.marketplace = schema::default_market()};
    std::string auth_url = "https://api.ebay.com/identity/v1/oauth2/token";
    std::vector<Query> queries;
    std::string token_cache_path;
    // A token is renewed before dispatch when it has less than this left (eBay: "two hours or
    // less"); a cached token with less is not used.
    std::chrono::seconds token_margin{300};
    // getRateLimits is read once per run; the run plans within min(max_calls, remaining -
    // reserve), leaving the reserve for manual runs the same day.
    bool check_quota = true;
    int quota_reserve = 50;
    // Sent as X-EBAY-C-ENDUSERCTX contextualLocation (with the marketplace's country) so that
    // search estimates CALCULATED shipping for a buyer there; empty: the marketplace's default.
    std::string delivery_postal_code;
    SellerRule seller;
    // Multi-variation listings are expanded with get_items_by_item_group (one call per group)
    // when the budget allows; until then they are flagged and kept out of medians.
    bool expand_variations = true;
    // Per family (a search query's `family`): the aspect values to search it under once its
    // first page's refinement says which exist (fetcher/aspect_filter.hpp). Such searches, like
    // variation expansions, only spend budget the family searches no longer need.
    std::map<std::string, std::vector<AspectSplit>> aspect_splits;
    HttpOptions http;  // http.max_calls is --max-calls
    // The whole run (token, quota, pages) ends by then: a trickling server cannot stretch one
    // night into the next (scripts/nightly holds its lock meanwhile). A stopped run is partial.
    std::chrono::seconds deadline{std::chrono::hours(4)};
};

struct FetchProgress {
    int pages_done = 0;
    int pages_planned = 0;
    int listings = 0;
    int calls_used = 0;
    int calls_budget = 0;
};

// Why a run stopped before its plan was done.
enum class StopReason {
    none,
    budget,         // --max-calls (or the quota's share of it) reached: a clean stop
    quota,          // eBay's daily quota is spent (429 errorId 2001, or getRateLimits read 0)
    access_denied,  // 403 errorId 1100: the token lacks the scope
    credentials,    // a token refresh was refused
    deadline,       // the run's deadline passed, or too many timeouts in a row
};
std::string_view stop_reason_name(StopReason reason);

struct FetchOutcome {
    std::int64_t run_id = 0;
    schema::RunStatus status = schema::RunStatus::ok;
    StopReason stop = StopReason::none;
    int calls_used = 0;
    int calls_budget = 0;
    std::optional<BrowseQuota> quota;  // as read at the start
    int pages_stored = 0;
    int pages_failed = 0;
    int pages_truncated = 0;   // stored up to the cut: the run is partial
    int queries_degraded = 0;  // eBay ignored part of the request (a warning on HTTP 200)
    int queries_short = 0;     // paging ended with fewer items than eBay's total
    int listings_seen = 0;
    int listings_new = 0;
    int listings_skipped = 0;
    bool budget_reached = false;
    std::vector<schema::QueryCoverage> coverage;
    std::vector<std::string> problems;  // one line each; never a secret
    std::vector<std::string> notes;     // e.g. a family split into price bands

    // Listings may be missing: a page failed or was cut short, eBay ignored part of a query, a
    // query's pages held fewer items than eBay's total, or the run's deadline stopped it. (A
    // stop at the call budget alone is a clean partial.) `gpuprice fetch` exits 6 then.
    bool listings_missing() const {
        return pages_failed > 0 || pages_truncated > 0 || queries_degraded > 0 ||
               queries_short > 0 || stop == StopReason::deadline;
    }
};

using ProgressFn = std::function<void(const FetchProgress&)>;

// Closes the run's row with the outcome's status, calls, notes and problems, and stores its
// coverage.
void finish(schema::Database& db, const FetchOutcome& outcome);

// Runs the fetch into `db` as one run. Throws CredentialsError when eBay refuses the
// credentials (before any run row is written).
FetchOutcome run_fetch(schema::Database& db, const FetchConfig& config,
                       const Credentials& credentials, const std::string& observed_on,
                       const ProgressFn& progress);

}  // namespace gpuprice::fetcher
