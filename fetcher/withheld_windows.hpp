// Where a query's pages may have left a still-listed item out tonight, as spans of eBay's
// itemCreationDate. Searches are sorted newlyListed (query_plan.cpp), so a query's items come
// newest first and a full page is a run of consecutive items: a listing created between two items
// of one full page, with nothing withheld around it, would have been served. Items may go missing
// only on a page that came back short with `next` (eBay serves those mid-result), on a page whose
// items carry no creation date, at the seam between two pages (an item that ended while the query
// was paged shifts the rest up a place), and on the last page when the pages do not account for
// eBay's total under either reading eBay gives of it (listings, or listings with their variations).
// A listing missing tonight is evidence that it left only outside these spans.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schema/domain/created_window.hpp"

namespace gpuprice::fetcher {

// One page of a query, in paging order.
struct PageSpan {
    std::optional<std::string> newest, oldest;  // its items' creation dates; nullopt: none dated
    std::int64_t items = 0;                     // items served, stored or skipped
    bool short_with_next = false;               // fewer than the page size, with `next`
};

struct PagedQuery {
    std::vector<PageSpan> pages;
    // Every dated item no newer than the one served before it: what the positions mean. When
    // eBay's order is not creation order, nothing can be said of where an item went missing.
    bool in_creation_order = true;
    bool last_page_suspect = false;  // total_accounted said no
};

// Whether the items a query's pages served account for eBay's total: the gap (total less items
// served, 0 when there is none) is what its short pages with `next` withheld, or that plus what
// its multi-variation summaries' variations add when eBay counts each variation (variation_excess:
// the groups' variations less one per group, nullopt when a group's size is unknown). Anything
// else is an item withheld where nothing shows it: on the last page.
bool total_accounted(std::int64_t gap, std::int64_t short_deficit,
                     const std::optional<std::int64_t>& variation_excess);

// The query's windows, merged, oldest first; none for a query paged in creation order with no
// suspect page and no seam (one full page).
std::vector<schema::CreatedWindow> withheld_windows(const PagedQuery& query);

}  // namespace gpuprice::fetcher
