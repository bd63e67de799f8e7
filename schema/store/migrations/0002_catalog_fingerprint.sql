-- 0002: a small key/value table for gpuprice's own bookkeeping. Its first use: the fingerprint
-- of the spec catalog last loaded, so that opening the database for a report does not rewrite
-- the catalog tables (a write that would wait on a nightly fetch holding the write lock).

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
