// How many listings of a window share a verdict, price flags and condition: what the page counts
// when it says what was left out of the prices, and why.
#pragma once

#include <optional>

#include "schema/domain/match_reason.hpp"

namespace gpuprice::schema {

struct ListingTally {
    std::optional<MatchReason> reason;  // the matcher's verdict; nullopt: none yet
    int price_flags = 0;                // PriceFlag bits
    int condition_id = 0;               // 0 when the listing states none
    int listings = 0;
};

}  // namespace gpuprice::schema
