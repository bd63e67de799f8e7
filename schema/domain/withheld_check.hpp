// What getItem said of a listing that a night's fully paged searches missed inside a withheld
// window (table listing_withheld_checks): one night's search cannot tell a sale there from a
// listing eBay left out, eBay's getItem can (Browse API overview, "item" resource: "Check if the
// listing is available for purchase by reviewing the itemEndDate and estimatedAvailabilityStatus
// fields"). One enum, its text in one table; the text is what the table holds.
#pragma once

#include <string_view>

namespace gpuprice::schema {

enum class WithheldCheck {
    ended,      // 404 item not found (errorId 11001), or an itemEndDate past or OUT_OF_STOCK:
                // left the market; cleared on the night it was first missed
    listed,     // still for sale: eBay's search withheld it; observed that night at its price
    undecided,  // anything else (a 5xx after retries, no answer): waits as before
};
// "ended", "listed", "undecided".
std::string_view withheld_check_name(WithheldCheck check);

}  // namespace gpuprice::schema
