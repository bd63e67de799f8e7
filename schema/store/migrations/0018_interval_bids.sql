-- 0018: an auction's bid changes almost every night, so with the bid among an interval's values
-- each of an auction's nights became an interval of its own: 2.6 million of the 3.6 million
-- intervals of the turnover benchmark's year, for 8% of its listings. An interval may now keep
-- its nights' bids apart, in `bids`, and go on while its other values stay the same. Intervals
-- compacted before keep their bid in current_bid_cents (bids NULL) and read as before.

-- `bids`: a JSON array of the interval's bids in cents by day from first_on (element k is the bid
-- of the night first_on + k days, null when there was none or no market night that day); then
-- current_bid_cents is NULL. NULL: current_bid_cents is every night's bid.
ALTER TABLE price_intervals ADD COLUMN bids TEXT CHECK (bids IS NULL OR json_type(bids) = 'array');

DROP VIEW nightly_prices;
CREATE VIEW nightly_prices AS
SELECT listing_id, observed_on, marketplace, run_id, condition_id, price_cents, shipping_cents,
       shipping_type, currency, shipping_estimated, original_price_cents, discount_percentage,
       current_bid_cents
FROM price_observations
UNION ALL
SELECT i.listing_id, n.night, n.marketplace, i.run_id, i.condition_id, i.price_cents,
       i.shipping_cents, i.shipping_type, i.currency, i.shipping_estimated,
       i.original_price_cents, i.discount_percentage,
       CASE WHEN i.bids IS NULL THEN i.current_bid_cents
            ELSE json_extract(i.bids, '$[' || CAST(julianday(n.night) - julianday(i.first_on)
                                                   AS INTEGER) || ']') END
FROM compacted_nights n
JOIN price_intervals i ON i.marketplace = n.marketplace
    AND i.first_on BETWEEN date(n.night, '-31 days') AND n.night AND i.last_on >= n.night;
