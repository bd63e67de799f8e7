-- 0016: storage that grows with what changes, not with nights x listings. `gpuprice compact`
-- moves the nightly prices older than its retention into intervals: one row per listing per run
-- of consecutive market nights at unchanged values (price, shipping, bid, ...), with its first and
-- last night. A listing's price on its last night stays in price_observations (the lives of the
-- clearances read it there, with the run that saw it). Nothing a report reads is lost:
-- `nightly_prices` gives back every night of every interval, and readers of nights that may be
-- compacted read it instead of price_observations.

-- The market's nights that were compacted, and the runs that had observed prices on each (what
-- the night's status and its runs are read from once its rows are intervals).
CREATE TABLE compacted_nights (
    marketplace TEXT    NOT NULL,
    night       TEXT    NOT NULL,                   -- YYYY-MM-DD
    PRIMARY KEY (marketplace, night)
) WITHOUT ROWID;
CREATE TABLE compacted_runs (
    marketplace TEXT    NOT NULL,
    night       TEXT    NOT NULL,
    run_id      INTEGER NOT NULL REFERENCES fetch_runs (id),
    PRIMARY KEY (marketplace, night, run_id)
) WITHOUT ROWID;

-- An interval never spans more than 31 days from its first night to its last (compaction starts
-- a new one), so that the intervals holding a night are found from the index of first nights in
-- a bounded range: nightly_prices relies on it.
CREATE TABLE price_intervals (
    listing_id           INTEGER NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    marketplace          TEXT    NOT NULL,
    first_on             TEXT    NOT NULL,          -- the interval's first night
    last_on              TEXT    NOT NULL,          -- its last, at most 31 days later
    run_id               INTEGER NOT NULL REFERENCES fetch_runs (id),  -- of its last night
    condition_id         INTEGER,
    price_cents          INTEGER NOT NULL CHECK (price_cents >= 0),
    shipping_cents       INTEGER CHECK (shipping_cents >= 0),
    shipping_type        TEXT,
    currency             TEXT    NOT NULL,
    shipping_estimated   INTEGER NOT NULL DEFAULT 0 CHECK (shipping_estimated IN (0, 1)),
    original_price_cents INTEGER,
    discount_percentage  REAL,
    current_bid_cents    INTEGER,
    PRIMARY KEY (listing_id, marketplace, first_on),
    CHECK (last_on >= first_on AND last_on <= date(first_on, '+31 days'))
) WITHOUT ROWID;
CREATE INDEX price_intervals_by_first_night ON price_intervals (marketplace, first_on);

-- Every nightly price, compacted or not: the columns of price_observations. A compacted row's
-- run_id is that of its interval's last night (compacted_runs has each night's runs).
CREATE VIEW nightly_prices AS
SELECT listing_id, observed_on, marketplace, run_id, condition_id, price_cents, shipping_cents,
       shipping_type, currency, shipping_estimated, original_price_cents, discount_percentage,
       current_bid_cents
FROM price_observations
UNION ALL
SELECT i.listing_id, n.night, n.marketplace, i.run_id, i.condition_id, i.price_cents,
       i.shipping_cents, i.shipping_type, i.currency, i.shipping_estimated,
       i.original_price_cents, i.discount_percentage, i.current_bid_cents
FROM compacted_nights n
JOIN price_intervals i ON i.marketplace = n.marketplace
    AND i.first_on BETWEEN date(n.night, '-31 days') AND n.night AND i.last_on >= n.night;
