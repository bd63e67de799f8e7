// `fetch --sold`: the last 90 days of sold items from eBay Marketplace Insights
// (item_sales/search), for the catalog's families, every buying format (an auction that ended in
// a sale is a sale), within what is left of the call budget. The Insights scope is a Limited
// Release few keysets have: its own token is asked for, and a refusal (invalid_scope, or 403
// errorId 1100) ends this part quietly with scope_refused set, never the night's fetch.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fetcher/credentials.hpp"
#include "fetcher/http_engine.hpp"
#include "fetcher/price_rules.hpp"
#include "schema/domain/market.hpp"
#include "schema/domain/run_status.hpp"
#include "schema/domain/sold_item.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::fetcher {

// How far back eBay keeps sales for Marketplace Insights.
inline constexpr int kSoldHistoryDays = 90;

struct SoldFetchConfig {
    std::string api_base = "https://api.ebay.com";
    std::string auth_url = "https://api.ebay.com/identity/v1/oauth2/token";
    // Its id, country (itemLocationCountry, as for listings), currency (sales in others are
    // skipped) and graphics-card category.
    schema::Market market = schema::default_market();
    SellerRule seller;               // the listings' seller rule
    std::vector<std::string> terms;  // one per family
    std::string condition_ids;       // for conditionIds, '|'-separated
    int page_limit = 200;
    std::string token_cache_path;  // the Insights token's own cache file
    HttpOptions http;              // max_calls: what is left of --max-calls
};

struct SoldOutcome {
    std::int64_t run_id = 0;  // 0 when no run was started (scope refused at the token)
    bool scope_refused = false;
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
std::string sold_filter(const SoldFetchConfig& config, std::chrono::system_clock::time_point from,
                        std::chrono::system_clock::time_point to);
// One page of a sold search, asking for `limit` items (config.page_limit when not given: eBay may
// answer a smaller page size).
std::string sold_search_url(const SoldFetchConfig& config, const std::string& term,
                            std::int64_t offset, std::chrono::system_clock::time_point now,
                            std::optional<int> limit = std::nullopt);

// Why a sale is kept out of medians, by the very rules listings follow (price_rules): the price
// flags' names ("abroad", "variations", "low-feedback-seller"), comma-separated; empty if none.
std::string sold_kept_out(const schema::SoldItem& sale, const PriceRules& rules);

// Runs the sold fetch into `db` as its own run (source 'ebay-sold'). `now` is gpuprice's clock.
SoldOutcome run_sold_fetch(schema::Database& db, const SoldFetchConfig& config,
                           const Credentials& credentials,
                           std::chrono::system_clock::time_point now);

}  // namespace gpuprice::fetcher
