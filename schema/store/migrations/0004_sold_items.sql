-- 0004: sold items from eBay Marketplace Insights (the last 90 days of sales), one row per item
-- with its last sale, matched to a catalog model by the same matcher as listings. Kept apart from
-- listings: a sale is a transaction, not an asking price, and has no nightly observations.

CREATE TABLE sold_items (
    item_id               TEXT    PRIMARY KEY,      -- eBay RESTful id
    title                 TEXT    NOT NULL,
    condition_id          INTEGER,
    buying_options        TEXT,                     -- comma-separated: FIXED_PRICE, AUCTION ...
    location_country      TEXT,
    item_group_type       TEXT,                     -- SELLER_DEFINED_VARIATIONS or NULL
    seller_username       TEXT,
    seller_feedback_score INTEGER,
    seller_feedback_pct   REAL,
    item_url              TEXT,
    price_cents           INTEGER NOT NULL CHECK (price_cents >= 0),  -- lastSoldPrice
    currency              TEXT    NOT NULL,
    sold_at               TEXT    NOT NULL,         -- lastSoldDate, ISO 8601 UTC
    sold_on               TEXT    NOT NULL,         -- its UTC date, YYYY-MM-DD
    quantity_sold         INTEGER NOT NULL DEFAULT 0,  -- totalSoldQuantity
    marketplace           TEXT    NOT NULL,
    fetched_run           INTEGER NOT NULL REFERENCES fetch_runs (id),
    kept_out              TEXT,                     -- why kept out of medians (abroad, variation, seller)
    model                 TEXT,                     -- the matcher's verdict; NULL until matched
    reason                TEXT,
    CHECK (reason IS NULL OR (reason = 'ok') = (model IS NOT NULL))
) WITHOUT ROWID;
CREATE INDEX sold_items_by_day ON sold_items (sold_on);
