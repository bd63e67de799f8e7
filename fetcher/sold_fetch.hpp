// `fetch --sold`: the last 90 days of sold items from eBay Marketplace Insights
// (item_sales/search), for the catalog's families, every buying format (an auction that ended in
// a sale is a sale), within the sold pass's share of the night's calls, through the night's eBay
// client. The Insights scope is a Limited Release few keysets have: its own token is asked for,
// and a refusal (invalid_scope at the token, 403 errorId 1100 or 400 errorId 100017 at the
// first call) ends this pass quietly with scope_refused set, never the night; so does a category
// or a marketplace Insights does not serve (409 errorId 100015, 100005), said once. The first
// family is asked alone, so that such a refusal costs one call, not one per family. Insights has
// its own daily quota (getRateLimits): the pass sends no more calls than it has left, and when it
// is spent ends, said, without failing the night (audit 3, F9).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fetcher/ebay_client.hpp"
#include "fetcher/keyword_join.hpp"
#include "fetcher/price_rules.hpp"
#include "fetcher/stop_reason.hpp"
#include "schema/domain/night.hpp"
#include "schema/domain/run_status.hpp"
#include "schema/domain/sold_item.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::fetcher {

// How far back eBay keeps sales for Marketplace Insights.
inline constexpr int kSoldHistoryDays = 90;

struct SoldFetchConfig {
    std::vector<std::string> terms;  // one per family
    std::string condition_ids;       // for conditionIds, '|'-separated
    SellerRule seller;               // the listings' seller rule
    int page_limit = 200;
    // How q's words are joined (keyword_join.hpp): what `gpuprice probe` saw, else as documented.
    KeywordJoin keyword_join = documented_join(EbayApi::insights);
    // Read Insights' own quota (getRateLimits) first: the pass sends no more than it has left.
    bool check_quota = true;
};

struct SoldOutcome {
    std::int64_t run_id = 0;  // 0 when no run was started (no Insights token)
    bool scope_refused = false;
    bool category_refused = false;     // Insights does not serve the marketplace's category
    bool marketplace_refused = false;  // Insights does not serve the marketplace (409/100005)
    // Insights' own quota as getRateLimits read it (nullopt: not listed or not read), and
    // whether the pass stopped because it was spent.
    std::optional<std::int64_t> insights_calls_left;
    bool insights_quota_spent = false;
    StopReason stop = StopReason::none;  // why the pass ended early (quota, credentials, ...)
    schema::RunStatus status = schema::RunStatus::ok;
    int calls_used = 0;
    int pages_stored = 0;
    int pages_failed = 0;
    int items_stored = 0;
    int items_kept_out = 0;  // stored, but kept out of medians (abroad, variation, seller)
    int items_skipped = 0;
    bool budget_reached = false;
    std::vector<std::string> problems;
    std::vector<std::string> notes;  // e.g. a smaller page size served, an invalid total
};

// The filter of a sold search: conditions, the marketplace's country, every buying format, and
// sales from `from` to `to`.
std::string sold_filter(const SoldFetchConfig& config, const schema::Market& market,
                        std::chrono::system_clock::time_point from,
                        std::chrono::system_clock::time_point to);
// One page of a sold search at `api_base`, asking for `limit` items; q's words joined by the
// config's keyword join, a comma sent as itself (eBay's example: q=iphone,ipad).
std::string sold_search_url(const std::string& api_base, const schema::Market& market,
                            const SoldFetchConfig& config, const std::string& term,
                            std::int64_t offset, std::chrono::system_clock::time_point now,
                            int limit);

// Why a sale is kept out of medians, by the very rules listings follow (price_rules): the price
// flags' names ("abroad", "variations", "low-feedback-seller"), comma-separated; empty if none.
std::string sold_kept_out(const schema::SoldItem& sale, const PriceRules& rules);

// Runs the sold pass into `db` as its own run (source 'ebay-sold') through a client opened for
// the night, as a run of `night`; `now` is gpuprice's clock. Its share of the budget is closed at
// the end. Never throws for eBay's answers: a token that cannot be had ends the pass (stop
// `credentials`).
SoldOutcome run_sold_fetch(schema::Database& db, const SoldFetchConfig& config, EbayClient& client,
                           schema::Night night, std::chrono::system_clock::time_point now);

}  // namespace gpuprice::fetcher
