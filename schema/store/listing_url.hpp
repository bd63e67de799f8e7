// How a listing's URL is stored (migration 0020): 'https://www.ebay.com/itm/<legacy id>' is
// rebuilt from the legacy id, and only what follows it is stored, after a '~'. Internal to
// gpuprice_store: SQL expressions as macros, so that each statement stays one literal
// (scripts/check-sql).
#pragma once

// The listing's URL as it came, over listings aliased l ('' when it had none).
#define GPUPRICE_LISTING_URL                                                        \
    "CASE WHEN substr(l.item_url, 1, 1) = '~' THEN 'https://www.ebay.com/itm/' || " \
    "l.legacy_item_id || substr(l.item_url, 2) ELSE coalesce(l.item_url, '') END"

// The stored form of the URL bound as :item_url, in an UPDATE of listings (its legacy_item_id
// column); the migration's trigger gives inserted rows the same.
#define GPUPRICE_STORED_LISTING_URL                                                        \
    "CASE WHEN legacy_item_id <> '' AND (:item_url = 'https://www.ebay.com/itm/' || "      \
    "legacy_item_id OR substr(:item_url, 1, 26 + length(legacy_item_id)) = "               \
    "'https://www.ebay.com/itm/' || legacy_item_id || '?') THEN '~' || substr(:item_url, " \
    "26 + length(legacy_item_id)) ELSE :item_url END"
