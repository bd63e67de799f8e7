// Parsing eBay Browse API search responses (SearchPagedCollection) into listings with simdjson.
// Never throws on bad data: a malformed item is skipped and counted by reason, a malformed page
// says so.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fetcher/ebay_error.hpp"
#include "schema/domain/listing.hpp"
#include "schema/domain/skip_reason.hpp"

namespace simdjson::dom {
class object;
}

namespace gpuprice::fetcher {

struct SearchPage {
    // eBay's `total`, when it is a non-negative integer. Anything else (negative, a float, a
    // string) leaves it empty and says why in `total_problem`; an absent total says nothing.
    std::optional<std::int64_t> total;
    std::string total_problem;
    std::int64_t offset = 0;
    std::int64_t limit = 0;
    std::string next;  // empty on the last page
    std::vector<schema::Listing> listings;
    // Skipped items by reason: missing-item-id, missing-title, bad-title, missing-price,
    // bad-price, other-currency, auction-only, missing-buying-options, for-parts-condition,
    // malformed-item, invalid-utf8, sold-out (a variation of an item group).
    schema::SkipCounts skips;
    std::vector<EbayError> errors;
    std::vector<EbayError> warnings;  // with HTTP 200
    // Set when the body is not a JSON object at all, or ends early: what came before is kept.
    std::string page_problem;
};

// The items a page read: stored plus skipped.
std::int64_t items_read(const SearchPage& page);

// How many items a page lost: none when it is whole; when it ends early (page_problem), what it
// should have held, min(limit, total - offset), less the items it read. Without a valid total, a
// page with `next` should have been full; nullopt when neither tells (the count is unknown).
std::optional<std::int64_t> items_lost(const SearchPage& page, std::int64_t limit);

// A paged response's `total` (Browse search, Marketplace Insights alike): the count when it is a
// non-negative integer; otherwise no count and the reason (empty when there is no total).
struct PageTotal {
    std::optional<std::int64_t> count;
    std::string problem;
};
PageTotal read_total(const simdjson::dom::object& root);

// Parses pages with buffers kept from one page to the next.
class BrowseParser {
  public:
    BrowseParser();
    ~BrowseParser();
    BrowseParser(const BrowseParser&) = delete;
    BrowseParser& operator=(const BrowseParser&) = delete;
    // Items priced in another currency than `currency` (the marketplace's) are skipped.
    SearchPage parse(std::string_view body, std::string_view currency);

  private:
    struct Parsers;
    std::unique_ptr<Parsers> parsers_;
};

// An Item as getItem (GET /item/{item_id}) answers it: the listing read as a search summary is
// read (nullopt, with the skip reason when there is one, when it is not a usable listing), and
// what says whether it is still for sale: its itemEndDate and whether estimatedAvailabilities
// say OUT_OF_STOCK everywhere (Browse API overview, "item" resource: "Check if the listing is
// available for purchase by reviewing the itemEndDate and estimatedAvailabilityStatus fields").
struct ItemAnswer {
    std::optional<schema::Listing> listing;
    std::optional<schema::SkipReason> skip;
    std::string item_end_date;  // empty: none given
    bool sold_out = false;
    bool is_item = false;  // the body is a JSON object with an itemId
};
ItemAnswer parse_item(std::string_view body, std::string_view currency);

// One page with a parser of its own (tests, one-off use).
SearchPage parse_search_page(std::string_view body, std::string_view currency);

// "1500.00" -> 150000; nullopt for anything that is not a plain non-negative decimal.
std::optional<std::int64_t> parse_price_cents(std::string_view value);

// Item bodies bigger than this are not titles but abuse (eBay allows 80 characters).
inline constexpr std::size_t kMaxTitleBytes = 1000;
// Prices above this many cents are typos or placeholders, not offers.
inline constexpr std::int64_t kMaxPriceCents = 100'000'000;

}  // namespace gpuprice::fetcher
