-- 0005: what eBay says about a listing beyond its price, why a price is kept out of medians,
-- and the marketplace in each observation's key.
-- * listings: itemGroupType and its group id (multi-variation listings show one variation's
--   price), itemEndDate, itemOriginDate, epid (eBay's catalog product id), and price_flags: the
--   schema::PriceFlag bits (1 located abroad, 2 multi-variation, 4 low-feedback seller) that
--   the observation store applies where medians are computed.
-- * price_observations: the marketplace (prices stay in its currency; a listing seen on two
--   marketplaces has one price on each), whether shipping is eBay's CALCULATED estimate, the
--   marketing original price and discount, and an auction's current bid (never used as a price).
--   SQLite cannot change a primary key in place, so the table is rebuilt; existing rows take
--   their run's marketplace.

ALTER TABLE listings ADD COLUMN item_group_type TEXT;
ALTER TABLE listings ADD COLUMN item_group_id TEXT;
ALTER TABLE listings ADD COLUMN item_end_date TEXT;
ALTER TABLE listings ADD COLUMN item_origin_date TEXT;
ALTER TABLE listings ADD COLUMN epid TEXT;
ALTER TABLE listings ADD COLUMN price_flags INTEGER NOT NULL DEFAULT 0;

CREATE TABLE price_observations_new (
    listing_id           INTEGER NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    observed_on          TEXT    NOT NULL,
    marketplace          TEXT    NOT NULL,           -- e.g. EBAY_US; prices are in its currency
    run_id               INTEGER NOT NULL REFERENCES fetch_runs (id),
    condition_id         INTEGER,
    price_cents          INTEGER NOT NULL CHECK (price_cents >= 0),
    shipping_cents       INTEGER CHECK (shipping_cents >= 0),
    shipping_type        TEXT,
    currency             TEXT    NOT NULL,
    shipping_estimated   INTEGER NOT NULL DEFAULT 0 CHECK (shipping_estimated IN (0, 1)),
    original_price_cents INTEGER,                    -- marketingPrice.originalPrice
    discount_percentage  REAL,                       -- marketingPrice.discountPercentage
    current_bid_cents    INTEGER,                    -- an auction's current bid, not a price
    PRIMARY KEY (listing_id, observed_on, marketplace)
) WITHOUT ROWID;

INSERT INTO price_observations_new (listing_id, observed_on, marketplace, run_id, condition_id,
                                    price_cents, shipping_cents, shipping_type, currency)
SELECT o.listing_id, o.observed_on, coalesce(r.marketplace, 'EBAY_US'), o.run_id, o.condition_id,
       o.price_cents, o.shipping_cents, o.shipping_type, o.currency
FROM price_observations o LEFT JOIN fetch_runs r ON r.id = o.run_id;

DROP TABLE price_observations;
ALTER TABLE price_observations_new RENAME TO price_observations;
CREATE INDEX price_observations_by_night ON price_observations (observed_on);
