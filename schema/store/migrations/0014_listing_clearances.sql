-- 0014: what became of each listing once it was no longer seen, decided once when the nights
-- after its last one were fetched, instead of by every report for every listing that left in its
-- lookback (13 million family tests a report on a year of the real market). The nightly pipeline
-- decides the listings seen since its last pass and those still pending; a report reads the
-- decisions of its window. One row per listing and marketplace (its last observation's), with
-- that observation's price, so a report reads no observation to price a clearance.
-- outcome: pending (no later night asked for its family yet), cleared, auction-near-final,
-- uncounted (gone on a night its family was only partly covered), never (an auction seen too
-- early or without a bid). `night`: the covering night, or an auction's end date.

CREATE TABLE listing_clearances (
    listing_id     INTEGER NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    marketplace    TEXT    NOT NULL,
    last_seen_on   TEXT    NOT NULL,                -- the listing's last night when decided
    outcome        TEXT    NOT NULL CHECK (outcome IN ('pending', 'cleared',
                                                       'auction-near-final', 'uncounted', 'never')),
    night          TEXT,
    PRIMARY KEY (listing_id, marketplace)
) WITHOUT ROWID;
CREATE INDEX listing_clearances_by_last_seen ON listing_clearances (last_seen_on);
CREATE INDEX listing_clearances_by_night ON listing_clearances (night);
