// What to ask eBay: search terms derived from the catalog (one per model family, VRAM and form
// factor left to the matcher), condition groups, and the search URL for one page.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "schema/rules/catalog.hpp"

namespace gpuprice::fetcher {

inline constexpr int kGraphicsCardsCategory = 27386;
// eBay serves at most offset + limit = 10,000 items per query.
inline constexpr std::int64_t kMaxReachableItems = 10000;

// A condition filter. Refurbished and open box are their own groups, never mixed into new;
// for parts (7000) is never fetched as a price.
struct ConditionGroup {
    std::string name;           // new, open-box, refurbished, used
    std::string condition_ids;  // eBay conditionIds, '|'-separated
};

// For --condition new|used|refurbished|open-box|all; throws std::invalid_argument otherwise.
std::vector<ConditionGroup> condition_groups(std::string_view condition);

// One search term per catalog model family: "RTX 3080 10GB" and "RTX 3080 12GB" both become
// "RTX 3080"; "A100 PCIe 40GB" and "A100 SXM4 80GB" become "A100".
std::vector<std::string> search_terms(const schema::Catalog& catalog);

struct SearchQuery {
    std::string term;
    ConditionGroup condition;
};

// GET .../buy/browse/v1/item_summary/search for one page of a query.
std::string search_url(const std::string& api_base, const SearchQuery& query, int limit,
                       std::int64_t offset);

// The offsets of the pages after the first, each a multiple of `limit`, never past the 10,000
// items eBay serves.
std::vector<std::int64_t> later_page_offsets(std::int64_t total, int limit);

}  // namespace gpuprice::fetcher
