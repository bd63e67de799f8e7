// getItem (GET /buy/browse/v1/item/{item_id}) for the listings whose title left the variant
// open: eBay's item aspects (localizedAspects: Memory Size, Chipset/GPU Model, form factor
// words) become evidence beside the title. One call per item, so it runs only for listings
// still ambiguous, within the getItem pass's share of the night's calls (call_budget), through
// the night's eBay client (a spent quota stops it at once; a revoked token is renewed). Each
// item is asked once: the answer (even one without aspects, or "item gone": eBay's 11001 under
// 400, or a 404) is recorded per listing; one that failed or was not asked for lack of calls is
// asked on a later night. search and getItems return no aspects (Browse API: getItems is
// limited to partners and returns price fields only; shared/reviews/ebay_fetcher_audit.md
// section 3).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fetcher/ebay_client.hpp"
#include "fetcher/stop_reason.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::fetcher {

// The share of the night's calls reserved for getItem by default (--item-share).
inline constexpr double kDefaultItemCallShare = 0.10;

struct ItemToAsk {
    std::int64_t listing_id = 0;
    std::string item_id;  // eBay's RESTful id, e.g. v1|296057072805|0
};

struct ItemAspectsOutcome {
    int calls_used = 0;
    int items_answered = 0;      // 200: aspects stored (maybe none)
    int items_with_aspects = 0;  // ... with at least one aspect
    int items_gone = 0;          // 400/11001 or 404: ended or removed; recorded, not asked again
    int items_failed = 0;        // anything else: not recorded, asked again another night
    int items_not_asked = 0;     // the calls ran out, or eBay stopped the client: a later night
    bool budget_reached = false;
    StopReason stop = StopReason::none;  // the client stopped Browse (quota, credentials, ...)
    std::vector<std::string> problems;
};

// GET .../buy/browse/v1/item/{item_id}, the id percent-encoded.
std::string item_url(const std::string& api_base, const std::string& item_id);

// Sends getItem for `item_ids` in order, as `pass`'s share of the budget allows, `parallel` at a
// time through the night's client, until eBay stops Browse; each answer goes to
// `answered(index, answer)`. Returns how many were sent: the rest were not asked. (The check of
// listings missed inside a withheld window asks the same way: withheld_check.hpp.)
std::size_t send_item_calls(EbayClient& client, Pass pass, const std::vector<std::string>& item_ids,
                            bool buyer_context,
                            const std::function<void(std::size_t, EbayAnswer&&)>& answered);

// The (name, value) pairs of an item's localizedAspects; empty when there are none or the body
// is not an item.
std::vector<std::pair<std::string, std::string>> parse_item_aspects(std::string_view body);

// Asks eBay for each item's aspects, in order, until the pass's calls are spent or eBay stops
// the client; stores them (source `item`) and records each answered item so that it is never
// asked twice. The pass's share of the budget is closed at the end.
ItemAspectsOutcome fetch_item_aspects(schema::Database& db, EbayClient& client,
                                      const std::vector<ItemToAsk>& items);

}  // namespace gpuprice::fetcher
