// Why an item eBay returned was not stored: one enum, its text in one table. The text is what
// fetch_runs' run_skips rows hold, so it never changes for a reason that exists.
#pragma once

#include <map>
#include <string_view>

namespace gpuprice::schema {

enum class SkipReason {
    malformed_item,          // not a JSON object
    missing_item_id,         // absent, empty or not a string
    missing_title,           // absent, null or blank
    bad_title,               // not a string, or longer than a title can be
    invalid_utf8,            // a title that needed repair (a lone surrogate)
    missing_price,           // no price object
    bad_price,               // unparseable, zero, negative or absurd
    other_currency,          // priced in another currency than the marketplace's
    for_parts_condition,     // condition 7000: never a price for a working card
    missing_buying_options,  // no buyingOptions
    auction_only,            // a current bid is not a price
    missing_sold_date,       // a sale without its date (Marketplace Insights)
    duplicate,               // seen before in the same run
    truncated_page,          // the items a cut page lost: min(limit, total - offset) less read
    truncated_page_unknown,  // a cut page with no total and no next: lost an unknown number, 1
    sold_out,                // a variation eBay says is out of stock: not an asking price
};

// "malformed-item", "missing-item-id", ...
std::string_view skip_reason_name(SkipReason reason);

using SkipCounts = std::map<SkipReason, int>;

// The items skipped, whatever the reason.
int total_skipped(const SkipCounts& skips);

}  // namespace gpuprice::schema
