// What one query of a fetch run covered: eBay's total, the pages and items it returned, why
// paging ended, and whether every listing eBay serves for the query was seen. Stored per run and
// query, so that a listing missing from a complete query can be taken as gone (cleared), and a
// night's figures can be compared knowing what they were drawn from.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schema/domain/created_window.hpp"
#include "schema/domain/query_stop.hpp"

namespace gpuprice::schema {

struct QueryCoverage {
    std::string query;  // the query's key: "RTX 3090", "RTX 3090 price:[..499.99]"
    QueryKind kind = QueryKind::search;
    std::string family;                 // the search term every result belongs to
    std::string parent;                 // the query a price band was split from; empty otherwise
    std::optional<std::int64_t> total;  // eBay's `total` on the first page (an indicator only)
    int pages = 0;
    int items = 0;                        // items eBay returned, stored or skipped
    QueryStop stopped = QueryStop::open;  // why paging ended
    bool complete = false;
    std::string warnings;  // eBay warnings that made the query degraded, with their errorId
    // eBay's total (the lowest its pages gave, within the 10,000 it serves) less the items its
    // pages served, when paging ended short of it: a metric, never incompleteness (eBay: "total
    // is just an indicator ... It is strongly recommended that total not be used in pagination
    // use cases"). Explained where it can be by the multi-variation summaries the pages held
    // (eBay's total may count each variation) and the items short pages with `next` withheld.
    std::int64_t total_gap = 0;
    int variation_summaries = 0;
    int short_page_deficit = 0;
    // What eBay was asked, the same for a search and its price bands across nights
    // (fetcher::sent_key): a listing's clearance reads the queries that returned it before by it.
    std::string sent;
    // Where its pages may have left a listed item out (fetcher/withheld_windows.hpp).
    std::vector<CreatedWindow> withheld;
};

}  // namespace gpuprice::schema
