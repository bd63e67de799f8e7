-- 0026: what getItem said of each listing a night's fully paged searches missed inside a withheld
-- window (issue 39): one night's search cannot tell a sale there from a listing eBay left out (a
-- short page, a last page eBay's total does not account for), getItem can. outcome: ended (404
-- with errorId 11001, or an itemEndDate in the past or OUT_OF_STOCK: cleared on the night it was
-- first missed), listed (still for sale: observed that night at getItem's price), undecided (any
-- other answer: it waits as before). One row per listing and night asked.

CREATE TABLE listing_withheld_checks (
    listing_id INTEGER NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    night      TEXT    NOT NULL,                -- YYYY-MM-DD: the night that missed and asked it
    run_id     INTEGER NOT NULL REFERENCES fetch_runs (id),
    outcome    TEXT    NOT NULL CHECK (outcome IN ('ended', 'listed', 'undecided')),
    PRIMARY KEY (listing_id, night)
) WITHOUT ROWID;
