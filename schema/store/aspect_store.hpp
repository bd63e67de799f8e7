// Item aspects eBay holds for listings (Memory Size, Chipset/GPU Model, form factor words), as
// evidence for the title matcher beside the title, and the getItem answers already had, so that
// an item is never asked twice.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "schema/domain/item_lookup_status.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

// Where a listing's aspects came from: the aspect_filter search it was seen under, or getItem.
enum class AspectSource { aspect_filter, item };

// The source as listing_aspects.source holds it: "aspect-filter", "item".
std::string_view aspect_source_name(AspectSource source);

// Records aspects for a listing, replacing earlier values of the same source and name.
void store_aspects(Database& db, std::int64_t listing_id, AspectSource source,
                   const std::vector<std::pair<std::string, std::string>>& aspects,
                   const std::string& seen_at);

// Records `name` = `value` (source aspect-filter) on the listings with these eBay item ids, in one
// transaction: they were seen under a search filtered on that value. A listing seen under two
// values of one aspect in the same run (same `seen_at`) keeps both, '|'-separated, which settles
// nothing; a later run's value replaces an earlier one's.
void store_filter_aspect(Database& db, const std::vector<std::string>& item_ids,
                         const std::string& name, const std::string& value,
                         const std::string& seen_at);

struct ListingToAsk {
    std::int64_t listing_id = 0;
    std::string item_id;
};

// Listings seen in `run_id` (still listed tonight) whose verdict is `ambiguous` and whose item
// eBay has not answered about yet, newest first, at most `limit`: one skipped for lack of calls
// or whose lookup failed is asked on a later night.
std::vector<ListingToAsk> ambiguous_listings_to_ask(Database& db, std::int64_t run_id, int limit);

// Remembers what getItem answered for the listing.
void record_item_lookup(Database& db, std::int64_t listing_id, const std::string& asked_at,
                        ItemLookupStatus status);

}  // namespace gpuprice::schema
