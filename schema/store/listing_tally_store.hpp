// Listings of a window counted by verdict, price flags and condition (see ListingTally).
#pragma once

#include <string>
#include <vector>

#include "schema/domain/listing_tally.hpp"
#include "schema/domain/market.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

// Every listing observed in [from, to] on `market`, once per (verdict, flags, condition).
std::vector<ListingTally> tally_listings(Database& db, const std::string& from,
                                         const std::string& to, const Market& market);

}  // namespace gpuprice::schema
