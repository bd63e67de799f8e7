// Parsing a page of eBay Marketplace Insights item_sales/search (SalesHistoryPagedCollection):
// `itemSales` with lastSoldPrice, lastSoldDate and totalSoldQuantity per item, `total`, `next`.
// An item without a usable id, title, price or sale date is skipped and counted, never guessed;
// the body and titles follow Browse's policy (fetcher/ebay_json.hpp): invalid UTF-8 is repaired
// and costs its item, not the page, and stored text is cleaned.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fetcher/browse_parser.hpp"
#include "schema/domain/sold_item.hpp"

namespace gpuprice::fetcher {

struct SoldPage {
    // `total` and why it is not a count, as Browse's (read_total); `limit`: the page size served.
    std::optional<std::int64_t> total;
    std::string total_problem;
    std::int64_t limit = 0;
    bool has_next = false;
    std::vector<schema::SoldItem> items;
    // missing-item-id, missing-title, bad-title, invalid-utf8, bad-price, other-currency,
    // missing-sold-date, for-parts-condition, malformed-item.
    schema::SkipCounts skips;
    std::vector<EbayError> errors;
    std::string page_problem;  // set when the body is not a JSON object
};

// `currency`: the marketplace's; a sale priced in another is skipped as other-currency.
SoldPage parse_sold_page(std::string_view body, std::string_view currency);

}  // namespace gpuprice::fetcher
