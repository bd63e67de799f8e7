// The listings pass of a night: the queries' pages, asked through the night's eBay client, each
// parsed and committed as it arrives. Which page goes next and what a page means for its query
// is the pager's (listings_pager); the calls, tokens and eBay's errors are the client's
// (ebay_client); the pages are stored by the run writer (run_writer). Whatever happens,
// committed pages stay committed, and the run row and its per-query coverage say how it ended.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "fetcher/aspect_filter.hpp"
#include "fetcher/call_budget.hpp"
#include "fetcher/credentials.hpp"
#include "fetcher/ebay_client.hpp"
#include "fetcher/group_memory.hpp"
#include "fetcher/http_engine.hpp"
#include "fetcher/price_rules.hpp"
#include "fetcher/query_plan.hpp"
#include "fetcher/rate_limits.hpp"
#include "fetcher/stop_reason.hpp"
#include "fetcher/withheld_check.hpp"
#include "schema/domain/night.hpp"
#include "schema/domain/query_coverage.hpp"
#include "schema/store/listing_store.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::fetcher {

struct FetchConfig {
    SearchSettings search{.marketplace = schema::default_market()};
    std::string auth_url{kProductionAuthUrl};
    std::vector<Query> queries;
    std::string token_cache_path;
    // A token is renewed before dispatch when it has less than this left (eBay: "two hours or
    // less"); a cached token with less is not used.
    std::chrono::seconds token_margin{300};
    // --max-calls: the night's calls, every pass's (call_budget.hpp).
    int max_calls = 1000;
    // getRateLimits is read once per night; the night plans within min(max_calls, remaining -
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
    // An item group's answer is kept and replayed on later nights while its search summary is
    // unchanged, for this many nights (group_memory.hpp); 0: every group is asked every night.
    int group_memory_nights = kGroupMemoryNights;
    // Per family (a search query's `family`): the aspect values to search it under once its
    // first page's refinement says which exist (fetcher/aspect_filter.hpp). Such searches, like
    // variation expansions, only spend budget the family searches no longer need.
    std::map<std::string, std::vector<AspectSplit>> aspect_splits;
    HttpOptions http;
    // The whole run (token, quota, pages) ends by then: a trickling server cannot stretch one
    // night into the next (scripts/nightly holds its lock meanwhile). A stopped run is partial.
    std::chrono::seconds deadline{std::chrono::hours(4)};
    // eBay's outages (ClientConfig): how long throttling (429/2001 with quota left) and a
    // failing token endpoint are waited for before the night ends partial.
    std::chrono::seconds max_throttle_wait{std::chrono::minutes(10)};
    std::chrono::seconds token_outage_wait{std::chrono::minutes(2)};
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
    StopReason stop = StopReason::none;
    int calls_used = 0;
    int calls_budget = 0;
    std::optional<BrowseQuota> quota;  // as read at the start
    int pages_stored = 0;
    int pages_failed = 0;
    int pages_truncated = 0;   // stored up to the cut: the run is partial
    int queries_degraded = 0;  // eBay ignored part of the request (a warning on HTTP 200)
    // eBay's total against the items served (a metric, never incompleteness): the family
    // queries whose pages ended short of their total, and by how many items in all.
    int queries_with_gap = 0;
    std::int64_t total_gap = 0;
    int pages_requeued = 0;   // failed pages put back in the queue (each time)
    int groups_gone = 0;      // item groups eBay said ended (11002/11005): not failures
    int groups_replayed = 0;  // item groups read from an earlier night's answer, not asked
    int extras_failed = 0;    // aspect searches and item groups that failed: evidence only
    std::map<schema::QueryKind, int> calls_by_kind;  // calls eBay answered, by query kind
    // getItem for the listings tonight's searches missed inside a withheld window, at the end of
    // the pass (withheld_check.hpp): its calls are the pass's, under calls_by_kind's
    // withheld-check.
    WithheldCheckOutcome withheld_check;
    int listings_seen = 0;
    int listings_new = 0;
    int listings_skipped = 0;
    bool budget_reached = false;
    std::vector<schema::QueryCoverage> coverage;
    std::vector<std::string> problems;  // one line each; never a secret
    std::vector<std::string> notes;     // e.g. a family split into price bands

    // Listings may be missing: a family page failed (after being put back) or was cut short,
    // eBay ignored part of a family query, or the run's deadline stopped it. (A stop at the call
    // budget alone is a clean partial.) `gpuprice fetch` exits 6 then. eBay's total against
    // the items served never decides it, nor does an aspect search or an item group.
    bool listings_missing() const {
        return pages_failed > 0 || pages_truncated > 0 || queries_degraded > 0 ||
               stop == StopReason::deadline || outage();
    }
    // eBay, not the user, stopped the night: throttling with quota left, or a token endpoint
    // that stayed down. A partial night (exit 6) whose reports are written.
    bool outage() const {
        return stop == StopReason::throttled || stop == StopReason::token_unavailable;
    }
};

using ProgressFn = std::function<void(const FetchProgress&)>;

// Closes the run's row with the outcome's status, calls, notes and problems, and stores its
// coverage.
void finish(schema::Database& db, const FetchOutcome& outcome);

// The night's eBay client settings from the fetch configuration.
ClientConfig client_config(const FetchConfig& config);

// Opens the night with eBay, before any run row is written: the Browse token (throws
// CredentialsError when eBay refuses the keyset), then, when config.check_quota, the quota
// (getRateLimits), and the client's budget planned from them with `shares`.
void open_night(EbayClient& client, const FetchConfig& config, BudgetShares shares);

// The listings pass, into `db` as one run, through a client opened with open_night. Its share of
// the budget is closed at the end: what it left goes to the next pass.
FetchOutcome run_fetch(schema::Database& db, const FetchConfig& config, EbayClient& client,
                       schema::Night night, const ProgressFn& progress);

// A night of the listings pass alone: a client of its own, the whole budget to it. Throws
// CredentialsError when eBay refuses the credentials (before any run row is written).
FetchOutcome run_fetch(schema::Database& db, const FetchConfig& config,
                       const Credentials& credentials, schema::Night night,
                       const ProgressFn& progress);

}  // namespace gpuprice::fetcher
