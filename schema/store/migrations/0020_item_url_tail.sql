-- 0020: a listing's eBay URL begins with what its legacy id rebuilds: every itemWebUrl of the
-- real Browse API searches in ../shared/real-listings (1,579) is https://www.ebay.com/itm/<legacy
-- id>, then eBay's tracking query (?hash=..., &amdata=...) when there is one. That part, 37 bytes
-- a listing of the US market (40 MB of a year's 1.08 million listings), is stored as a '~' and
-- rebuilt when read (schema/store/listing_url.hpp): item_url '~<rest>' is the URL
-- 'https://www.ebay.com/itm/' || legacy_item_id || '<rest>'. Any other URL (another marketplace's
-- domain, no legacy id) is stored as it came. No URL read back differs from the one stored.

-- The stored form of every listing written from now on, whoever writes it (the fetcher's page
-- store writes its updates in that form itself: listing_url.hpp).
CREATE TRIGGER listing_url_stored_short AFTER INSERT ON listings
WHEN new.legacy_item_id <> ''
    AND (new.item_url = 'https://www.ebay.com/itm/' || new.legacy_item_id
         OR substr(new.item_url, 1, 26 + length(new.legacy_item_id))
            = 'https://www.ebay.com/itm/' || new.legacy_item_id || '?')
BEGIN
    UPDATE listings SET item_url = '~' || substr(new.item_url, 26 + length(new.legacy_item_id))
    WHERE id = new.id;
END;

UPDATE listings SET item_url = '~' || substr(item_url, 26 + length(legacy_item_id))
WHERE legacy_item_id <> ''
    AND (item_url = 'https://www.ebay.com/itm/' || legacy_item_id
         OR substr(item_url, 1, 26 + length(legacy_item_id))
            = 'https://www.ebay.com/itm/' || legacy_item_id || '?');
