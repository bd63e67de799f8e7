// What getItem answered for a listing (table item_lookups): its aspects are stored, or the item is
// gone. One enum, its text in one table; the text is what item_lookups.status holds.
#pragma once

#include <string_view>

namespace gpuprice::schema {

enum class ItemLookupStatus {
    ok,    // answered: its aspects (maybe none) are in listing_aspects with source 'item'
    gone,  // ended or removed (400/11001, or a bare 404)
};
// "ok", "gone".
std::string_view item_lookup_status_name(ItemLookupStatus status);

}  // namespace gpuprice::schema
