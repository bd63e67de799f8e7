// Paging rules both eBay searches follow, the listings' (Browse item_summary/search) and the
// sales' (Marketplace Insights item_sales/search): pages are asked one at a time, `next` and a
// full page say there is more, `total` is an indicator only, and eBay may serve fewer items per
// page than asked.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gpuprice::fetcher {

// eBay serves at most offset + limit = 10,000 items per query (Browse search, error 12029).
inline constexpr std::int64_t kMaxReachableItems = 10000;

// The page size to page by: eBay may serve fewer items per page than asked and says so in the
// page's `limit`; a larger, zero or negative `limit` is ignored (the size asked stands).
int served_page_size(std::int64_t answered, int asked);

// One query's paging state.
struct Paging {
    int limit = 0;             // the page size asked: the configured one until eBay serves fewer
    bool total_noted = false;  // an invalid total is said once per query
};

// After a page whose `limit` eBay answered: pages from now on are asked at the size it serves
// (paging.limit). Returns the night's note when the size changes ("... 50 items per page where
// 200 were asked; paging by 50"); `unit` is what a page holds ("items", "sales").
std::optional<std::string> follow_served_size(Paging& paging, std::int64_t answered,
                                              std::string_view where, std::string_view unit);

// A `total` that is not a count (negative, a float, a string) or is missing: paging does not
// rely on it (it follows `next` and full pages, and asks once more after a full page that has
// no `next`), but the night says, once per query, that the server's total was not believed.
std::optional<std::string> unbelieved_total(Paging& paging,
                                            const std::optional<std::int64_t>& total,
                                            const std::string& total_problem,
                                            std::string_view where);

// Is there a page after the one at `offset`? `next` and a full page say so. A full page without
// `next` is not trusted to be the last when its total is missing or says more: one more page
// settles it (an empty page ends paging). A page cut short still has the `next` and `total`
// eBay sends before the items, and paging goes on past the cut.
bool more_pages(std::int64_t offset, int limit, std::int64_t returned, bool has_next,
                const std::optional<std::int64_t>& total, bool cut);

// Paging ended more than a page away from eBay's total (within the 10,000 eBay serves): the
// total is wrong (an absurd 10^9, say) or listings went away meanwhile.
bool total_not_reached(const std::optional<std::int64_t>& total, std::int64_t reached, int limit);

}  // namespace gpuprice::fetcher
