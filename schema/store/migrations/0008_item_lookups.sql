-- 0008: the getItem answers had per listing, so that an item is never asked twice (each call
-- counts against eBay's daily Browse quota). status: 'ok' (its aspects, maybe none, are in
-- listing_aspects with source 'item') or 'gone' (404: ended or removed).

CREATE TABLE item_lookups (
    listing_id INTEGER PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
    asked_at   TEXT    NOT NULL,                    -- ISO 8601 UTC
    status     TEXT    NOT NULL CHECK (status IN ('ok', 'gone'))
);
