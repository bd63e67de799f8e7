// How a listing's URL is stored (migration 0020): 'https://www.ebay.com/itm/<legacy id>' is
// rebuilt from the legacy id, and only what follows it is stored, after a '~'. Internal to
// gpuprice_store: SQL expressions as compile-time parts (schema/store/sql_text.hpp), so that each
// statement stays one constant.
#pragma once

#include "schema/store/sql_text.hpp"

namespace gpuprice::schema {

// The listing's URL as it came, over listings aliased l ('' when it had none).
inline constexpr SqlText kListingUrl =
    "CASE WHEN substr(l.item_url, 1, 1) = '~' THEN 'https://www.ebay.com/itm/' || "
    "l.legacy_item_id || substr(l.item_url, 2) ELSE coalesce(l.item_url, '') END";

// The stored form of the URL bound as :item_url, for the legacy id `legacy` (an SQL expression:
// the column in an UPDATE of listings, the bound :legacy_item_id in an INSERT). The migration's
// trigger gives rows inserted in the long form by other writers the same; the page store writes
// the short form itself (the trigger's UPDATE is a second write of each new listing).
template <std::size_t N>
consteval auto stored_url_for(const SqlText<N>& legacy) {
    return "CASE WHEN " + legacy + " <> '' AND (:item_url = 'https://www.ebay.com/itm/' || " +
           legacy + " OR substr(:item_url, 1, 26 + length(" + legacy +
           ")) = 'https://www.ebay.com/itm/' || " + legacy +
           " || '?') THEN '~' || substr(:item_url, 26 + length(" + legacy + ")) ELSE :item_url END";
}

}  // namespace gpuprice::schema
