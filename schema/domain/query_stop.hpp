// What kind of query a coverage row describes and why its paging ended: one enum each, their
// text in one table each. The text is what query_coverage rows hold (kind, stopped), so it
// never changes for a value that exists.
#pragma once

#include <optional>
#include <string_view>

namespace gpuprice::schema {

enum class QueryKind {
    search,          // a family's search
    price_band,      // the same search within a price band, when the family exceeds eBay's cap
    item_group,      // get_items_by_item_group: the variations of one multi-variation listing
    other_category,  // a family's search in the marketplace's other GPU category (data centre)
    aspect_filter,   // a family's search under one item aspect value
    // getItem for a listing the night's fully paged searches missed inside a withheld window
    // (fetcher/withheld_check.hpp): a call the listings pass spends, never a coverage row
    withheld_check,
};
// "search", "price-band", "item-group", "other-category", "aspect-filter", "withheld-check".
std::string_view query_kind_name(QueryKind kind);
std::optional<QueryKind> parse_query_kind(std::string_view name);

enum class QueryStop {
    open,           // not ended yet (never stored)
    last_page,      // eBay's last page was read
    split,          // split into price bands, which carry on
    cap,            // eBay's 10,000-item cap reached and the query could not be split
    budget,         // the call budget ran out
    quota,          // eBay's daily quota is spent
    access_denied,  // the token lacks the scope
    credentials,    // no token eBay would take
    deadline,       // the night's deadline, or too many timeouts in a row
    error,          // a page failed after its retries
    missing_pages,  // a replayed sample lacks pages between the first and the last
    stopped,        // the run stopped for another reason
    gone,           // an item group eBay says ended or was not found (11002/11005): not a failure
    throttled,      // eBay kept answering 429/2001 with calls of its quota left
    token_unavailable,  // eBay's token endpoint did not answer (network, 5xx) for minutes
};
// "open", "last-page", "split", "cap", "budget", "quota", "access-denied", "credentials",
// "deadline", "error", "missing-pages", "stopped", "gone", "throttled", "token-unavailable".
std::string_view query_stop_name(QueryStop stop);
std::optional<QueryStop> parse_query_stop(std::string_view name);

}  // namespace gpuprice::schema
