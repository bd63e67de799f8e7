-- 0003: per run and query, what eBay returned and whether the query was complete. Coverage of
-- a night was not recorded before, so a median could be drawn from half a family without a
-- trace; and a listing that disappears can only be taken as cleared when the query that used to
-- return it was complete on that night.

CREATE TABLE query_coverage (
    run_id   INTEGER NOT NULL REFERENCES fetch_runs (id) ON DELETE CASCADE,
    query    TEXT    NOT NULL,              -- the query's key: family, or family + price band
    kind     TEXT    NOT NULL,              -- search, price-band, item-group
    family   TEXT    NOT NULL,
    parent   TEXT,                          -- the query a price band was split from
    total    INTEGER,                       -- eBay's `total` on the first page (an indicator)
    pages    INTEGER NOT NULL,
    items    INTEGER NOT NULL,              -- items returned, stored or skipped
    stopped  TEXT    NOT NULL,              -- why paging ended: last-page, split, budget, quota...
    complete INTEGER NOT NULL CHECK (complete IN (0, 1)),  -- every listing eBay serves was seen
    warnings TEXT,                          -- eBay warnings that degraded it, with errorId
    PRIMARY KEY (run_id, query)
) WITHOUT ROWID;
