// How a listing's URL is stored (migration 0020): 'https://www.ebay.com/itm/<legacy id>' is
// rebuilt from the legacy id, and only what follows it is stored, after a '~'. Internal to
// gpuprice_store: SQL expressions as macros, so that each statement stays one literal
// (scripts/check-sql).
#pragma once

// The listing's URL as it came, over listings aliased l ('' when it had none).
#define GPUPRICE_LISTING_URL                                                        \
    "CASE WHEN substr(l.item_url, 1, 1) = '~' THEN 'https://www.ebay.com/itm/' || " \
    "l.legacy_item_id || substr(l.item_url, 2) ELSE coalesce(l.item_url, '') END"

// The stored form of the URL bound as :item_url, for the legacy id `legacy` (an SQL expression:
// the column in an UPDATE of listings, the bound :legacy_item_id in an INSERT). The migration's
// trigger gives rows inserted in the long form by other writers the same; the page store writes
// the short form itself (the trigger's UPDATE is a second write of each new listing).
#define GPUPRICE_STORED_URL_FOR(legacy)                                                          \
    "CASE WHEN " legacy " <> '' AND (:item_url = 'https://www.ebay.com/itm/' || " legacy         \
    " OR substr(:item_url, 1, 26 + length(" legacy ")) = 'https://www.ebay.com/itm/' || " legacy \
    " || '?') THEN '~' || substr(:item_url, 26 + length(" legacy ")) ELSE :item_url END"
#define GPUPRICE_STORED_LISTING_URL GPUPRICE_STORED_URL_FOR("legacy_item_id")
