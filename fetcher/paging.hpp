// Paging rules both eBay searches follow, the listings' (Browse item_summary/search) and the
// sales' (Marketplace Insights item_sales/search): pages are asked one at a time, `next` and a
// full page say there is more, a query is complete only when its pages account for eBay's
// `total`, and eBay may serve fewer items per page than asked.
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

// Is there a page after the one at `offset`? eBay's `next` says so, and so does a full page
// whose total is missing or says more (one more page settles it). Never the page's length alone:
// eBay serves short pages in the middle of a result (a pager that took a short page for the last
// one stored 32% of a market and called it complete), so a short page with `next` is followed,
// and the next page is always asked at offset + limit, never offset + items received (which
// eBay refuses, 12515). An empty page ends paging whatever it says; a page cut short still has
// the `next` and `total` eBay sends before the items.
bool more_pages(std::int64_t offset, int limit, std::int64_t returned, bool has_next,
                const std::optional<std::int64_t>& total, bool cut);

// The items a query's pages fell short of eBay's count once paging ended: eBay's total (the
// lowest one its pages gave, since listings that end while the query is paged leave it; that is
// what eBay withdrew) within the 10,000 eBay serves, less the items its pages held. nullopt when
// they account for it, or when there is no total to compare with.
std::optional<std::int64_t> items_short_of_total(const std::optional<std::int64_t>& lowest_total,
                                                 std::int64_t seen);

}  // namespace gpuprice::fetcher
