// Stored listing attributes (cooler, stated slot width): one row per listing, rewritten each
// time the listing is matched.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "schema/domain/listing_attributes.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

// Writes the attributes in one transaction, replacing earlier ones.
void store_listing_attributes(
    Database& db, const std::vector<std::pair<std::int64_t, ListingAttributes>>& attributes,
    const std::string& extracted_at);

}  // namespace gpuprice::schema
