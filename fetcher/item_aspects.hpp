// getItem (GET /buy/browse/v1/item/{item_id}) for the listings whose title left the variant
// open: eBay's item aspects (localizedAspects: Memory Size, Chipset/GPU Model, form factor
// words) become evidence beside the title. One call per item, so it runs only for listings
// still ambiguous and new tonight, within its own share of the call budget, and each item is
// asked once: the answer (even one without aspects, or "item gone") is recorded per listing.
// search and getItems return no aspects (Browse API: getItems is limited to partners and
// returns price fields only; shared/reviews/ebay_fetcher_audit.md section 3).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fetcher/credentials.hpp"
#include "fetcher/http_engine.hpp"
#include "schema/domain/market.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::fetcher {

// The share of --max-calls getItem may use by default.
inline constexpr double kDefaultItemCallShare = 0.10;

// The calls getItem may use: `share` of --max-calls, never more than the searches left.
int item_call_budget(int max_calls, double share, int calls_used);

struct ItemAspectsConfig {
    std::string api_base = "https://api.ebay.com";
    std::string auth_url = "https://api.ebay.com/identity/v1/oauth2/token";
    schema::Market market = schema::default_market();
    std::string token_cache_path;  // the Browse token's cache, shared with the search
    HttpOptions http;              // max_calls: this pass's share of the budget
};

struct ItemToAsk {
    std::int64_t listing_id = 0;
    std::string item_id;  // eBay's RESTful id, e.g. v1|296057072805|0
};

struct ItemAspectsOutcome {
    int calls_used = 0;
    int items_answered = 0;      // 200: aspects stored (maybe none)
    int items_with_aspects = 0;  // ... with at least one aspect
    int items_gone = 0;          // 404: ended or removed; recorded, not asked again
    int items_failed = 0;        // anything else: not recorded, asked again another night
    bool budget_reached = false;
    std::vector<std::string> problems;
};

// GET .../buy/browse/v1/item/{item_id}, the id percent-encoded.
std::string item_url(const std::string& api_base, const std::string& item_id);

// The (name, value) pairs of an item's localizedAspects; empty when there are none or the body
// is not an item.
std::vector<std::pair<std::string, std::string>> parse_item_aspects(std::string_view body);

// Asks eBay for each item's aspects, in order, until the budget is spent; stores them (source
// `item`) and records each answered item so that it is never asked twice.
ItemAspectsOutcome fetch_item_aspects(schema::Database& db, const ItemAspectsConfig& config,
                                      const Credentials& credentials,
                                      const std::vector<ItemToAsk>& items);

}  // namespace gpuprice::fetcher
