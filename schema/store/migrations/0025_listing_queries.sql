-- 0025: which queries returned each listing, and where each query's pages may have left a listed
-- item out, so that a listing's absence is taken as evidence it left only where it is (issue 39,
-- ebay_audit_3 F1 and F10). A query is named by what was sent (fetcher Query::sent_key: its q,
-- its category when not the marketplace's own, its conditions), the same for a search and its
-- price bands on any night: a listing is cleared on a night only when every query that returned
-- it before and was asked that night was paged to its end, and its creation date lies outside
-- every window where those queries' pages may have withheld an item (a short page with `next`,
-- the seam between two pages, a last page when eBay's total is not accounted for). Searches are
-- sorted newlyListed, so creation dates say where on the pages an item would have been.

ALTER TABLE query_coverage ADD COLUMN sent TEXT;  -- NULL: a run before 0025

CREATE TABLE query_withheld_windows (
    run_id       INTEGER NOT NULL,
    query        TEXT    NOT NULL,
    created_from TEXT,  -- oldest itemCreationDate inside; NULL: open
    created_to   TEXT,  -- newest; NULL: open
    FOREIGN KEY (run_id, query) REFERENCES query_coverage (run_id, query) ON DELETE CASCADE
);
CREATE INDEX query_withheld_windows_by_query ON query_withheld_windows (run_id, query);

CREATE TABLE listing_queries (
    listing_id INTEGER NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    sent       TEXT    NOT NULL,
    PRIMARY KEY (listing_id, sent)
) WITHOUT ROWID;
