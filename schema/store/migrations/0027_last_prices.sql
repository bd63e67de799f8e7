-- 0027: each listing's last price in each marketplace, kept beside price_observations by
-- triggers (issue 38, speed at a year). Reports, clearances and rollups read a listing at its last
-- night; in price_observations each listing's nights fill a page of their own, so tonight's report
-- read 138,000 pages of a 3 GB year to find 220,000 last prices. Here they are 52 MB in listing
-- order. A row is the price_observations row of the listing's latest night in its marketplace,
-- always: an insert or an update on that night or later replaces it, and when that row is deleted
-- (compaction, a listing deleted) the latest night left takes its place, or none. The primary key
-- of a price is never updated (prices are upserted on it), so the update trigger needs no delete.
-- Rows are written by position, in the table's order.

CREATE TABLE last_prices (
    listing_id        INTEGER NOT NULL,
    marketplace       TEXT    NOT NULL,
    observed_on       TEXT    NOT NULL,
    run_id            INTEGER NOT NULL,
    condition_id      INTEGER,
    price_cents       INTEGER NOT NULL,
    shipping_cents    INTEGER,
    currency          TEXT    NOT NULL,
    current_bid_cents INTEGER,
    PRIMARY KEY (listing_id, marketplace)
) WITHOUT ROWID;

-- SQLite gives the bare columns the values of the row max() chose.
INSERT INTO last_prices
SELECT listing_id, marketplace, max(observed_on), run_id, condition_id, price_cents,
       shipping_cents, currency, current_bid_cents
FROM price_observations GROUP BY listing_id, marketplace;

CREATE TRIGGER last_price_observed AFTER INSERT ON price_observations
BEGIN
    INSERT INTO last_prices VALUES (new.listing_id, new.marketplace, new.observed_on, new.run_id,
        new.condition_id, new.price_cents, new.shipping_cents, new.currency, new.current_bid_cents)
    ON CONFLICT (listing_id, marketplace) DO UPDATE SET observed_on = excluded.observed_on,
        run_id = excluded.run_id, condition_id = excluded.condition_id,
        price_cents = excluded.price_cents, shipping_cents = excluded.shipping_cents,
        currency = excluded.currency, current_bid_cents = excluded.current_bid_cents
    WHERE excluded.observed_on >= last_prices.observed_on;
END;

CREATE TRIGGER last_price_observed_again AFTER UPDATE ON price_observations
WHEN new.observed_on = (SELECT observed_on FROM last_prices
                        WHERE listing_id = new.listing_id AND marketplace = new.marketplace)
BEGIN
    UPDATE last_prices SET run_id = new.run_id, condition_id = new.condition_id,
        price_cents = new.price_cents, shipping_cents = new.shipping_cents,
        currency = new.currency, current_bid_cents = new.current_bid_cents
    WHERE listing_id = new.listing_id AND marketplace = new.marketplace;
END;

CREATE TRIGGER last_price_forgotten AFTER DELETE ON price_observations
WHEN old.observed_on = (SELECT observed_on FROM last_prices
                        WHERE listing_id = old.listing_id AND marketplace = old.marketplace)
BEGIN
    DELETE FROM last_prices WHERE listing_id = old.listing_id AND marketplace = old.marketplace;
    INSERT INTO last_prices
    SELECT listing_id, marketplace, observed_on, run_id, condition_id, price_cents,
           shipping_cents, currency, current_bid_cents
    FROM price_observations WHERE listing_id = old.listing_id AND marketplace = old.marketplace
    ORDER BY observed_on DESC LIMIT 1;
END;
