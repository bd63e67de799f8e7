-- 0027: each listing's last price in each marketplace, beside price_observations (issue 38,
-- speed at a year). Reports, clearances and rollups read a listing at its last night; in
-- price_observations each listing's nights fill a page of their own, so tonight's report read
-- 138,000 pages of a 3 GB year to find 220,000 last prices. Here they are 52 MB in listing order.
-- A row is the listing's latest observation in its marketplace: a price of that night or later,
-- inserted or updated, replaces it (triggers). Compaction folds nightly rows into intervals but
-- the price was still observed: the row stays, and lives read it instead of their last interval.
-- Rows are written by position, in the table's order.

CREATE TABLE last_prices (
    listing_id        INTEGER NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
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
-- Listings whose last nights were compacted already: their last interval, at its last night.
INSERT INTO last_prices
SELECT listing_id, marketplace, max(last_on), run_id, condition_id, price_cents, shipping_cents,
       currency, CASE WHEN bids IS NULL THEN current_bid_cents
                      ELSE json_extract(bids, '$[' || CAST(julianday(last_on) - julianday(first_on)
                                                           AS INTEGER) || ']') END
FROM price_intervals i
WHERE NOT EXISTS (SELECT 1 FROM last_prices p
                  WHERE p.listing_id = i.listing_id AND p.marketplace = i.marketplace)
GROUP BY listing_id, marketplace;

-- A price of the listing's last night or later replaces its row, inserted or updated. (INSERT OR
-- REPLACE would not do: the statement that fires a trigger imposes its conflict policy on it.)
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
