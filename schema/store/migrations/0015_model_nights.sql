-- 0015: per night, per model and condition class, the asking and cleared medians, written by the
-- nightly pipeline after its runs. `history`, the reports' 7- and 30-day change columns and the
-- page's sparklines read them instead of scanning every observation of a model (history) or a
-- whole earlier night (each change column) again. One row per shipping choice: included (1, the
-- default) or not (--no-shipping). Medians are after the outlier rule, as the reports compute
-- them; the medians of listings kept out by their price flags are not in them. Sold medians are not
-- here: a later sold fetch adds sales to past days, so they are read from sold_items.

CREATE TABLE model_nights (
    marketplace        TEXT    NOT NULL,
    model              TEXT    NOT NULL,
    night              TEXT    NOT NULL,        -- YYYY-MM-DD
    condition          TEXT    NOT NULL,        -- the condition class: new, used, ...
    shipping_included  INTEGER NOT NULL CHECK (shipping_included IN (0, 1)),
    listings           INTEGER NOT NULL,        -- asking prices after the outlier rule
    outliers_removed   INTEGER NOT NULL,
    median_usd         REAL,                    -- NULL when listings = 0 (cleared only)
    p25_usd            REAL,
    p75_usd            REAL,
    cleared_listings   INTEGER NOT NULL,
    cleared_median_usd REAL,
    PRIMARY KEY (marketplace, model, shipping_included, night, condition)
) WITHOUT ROWID;
CREATE INDEX model_nights_by_night ON model_nights (marketplace, night);

-- The triggers insert only what is not there yet rather than INSERT OR IGNORE: an outer statement
-- with an ON CONFLICT clause (the aspect upserts) imposes its own conflict policy on them.

-- What makes them stale besides new runs: a listing whose verdict or price flags changed (its
-- clearance and the rollups of every night it was listed must be derived again). The pass reads
-- and empties this list; readers do not use the derived tables while it holds anything.
CREATE TABLE derived_stale (
    listing_id INTEGER PRIMARY KEY
);
CREATE TRIGGER verdict_changed AFTER UPDATE OF model, reason ON match_results
WHEN old.model IS NOT new.model OR old.reason IS NOT new.reason
BEGIN
    INSERT INTO derived_stale (listing_id) SELECT new.listing_id
    WHERE NOT EXISTS (SELECT 1 FROM derived_stale WHERE listing_id = new.listing_id);
END;
CREATE TRIGGER verdict_removed AFTER DELETE ON match_results
BEGIN
    INSERT INTO derived_stale (listing_id) SELECT old.listing_id
    WHERE NOT EXISTS (SELECT 1 FROM derived_stale WHERE listing_id = old.listing_id);
END;
CREATE TRIGGER price_flags_changed AFTER UPDATE OF price_flags ON listings
WHEN old.price_flags IS NOT new.price_flags
BEGIN
    INSERT INTO derived_stale (listing_id) SELECT new.id
    WHERE NOT EXISTS (SELECT 1 FROM derived_stale WHERE listing_id = new.id);
END;
-- A verdict made before the listing got its first verdict into the rollups, once a pass has
-- rolled up the nights of the run that first saw it (an interrupted night matched later).
CREATE TRIGGER verdict_added_late AFTER INSERT ON match_results
WHEN EXISTS (SELECT 1 FROM meta WHERE key LIKE 'derived_run:%'
             AND CAST(value AS INTEGER) >= (SELECT first_seen_run FROM listings
                                            WHERE id = new.listing_id))
BEGIN
    INSERT INTO derived_stale (listing_id) SELECT new.listing_id
    WHERE NOT EXISTS (SELECT 1 FROM derived_stale WHERE listing_id = new.listing_id);
END;

-- A night matches only the listings that need it: new ones (above meta
-- 'verdicts_through_listing') and those listed here, whose verdict was made from something that
-- changed since: the title, or the item aspects the matcher reads beside it. The verdict stays
-- until it is made again (the verdict_changed trigger then marks it stale only if it differs).
-- The catalog or its rules changing rematches everything (meta 'verdict_rules_digest').
CREATE TABLE verdicts_to_redo (
    listing_id INTEGER PRIMARY KEY
);
CREATE TRIGGER title_changed AFTER UPDATE OF title ON listings
WHEN old.title IS NOT new.title
BEGIN
    INSERT INTO verdicts_to_redo (listing_id) SELECT new.id
    WHERE NOT EXISTS (SELECT 1 FROM verdicts_to_redo WHERE listing_id = new.id);
END;
CREATE TRIGGER aspect_added AFTER INSERT ON listing_aspects
BEGIN
    INSERT INTO verdicts_to_redo (listing_id) SELECT new.listing_id
    WHERE NOT EXISTS (SELECT 1 FROM verdicts_to_redo WHERE listing_id = new.listing_id);
END;
CREATE TRIGGER aspect_changed AFTER UPDATE OF value ON listing_aspects
WHEN old.value IS NOT new.value
BEGIN
    INSERT INTO verdicts_to_redo (listing_id) SELECT new.listing_id
    WHERE NOT EXISTS (SELECT 1 FROM verdicts_to_redo WHERE listing_id = new.listing_id);
END;
CREATE TRIGGER verdict_made AFTER INSERT ON match_results
BEGIN
    DELETE FROM verdicts_to_redo WHERE listing_id = new.listing_id;
END;
CREATE TRIGGER verdict_made_again AFTER UPDATE ON match_results
BEGIN
    DELETE FROM verdicts_to_redo WHERE listing_id = new.listing_id;
END;
-- A verdict deleted while its listing stays is made again; a listing deleted lowers the mark, so
-- that a listing given its id again (SQLite reuses the highest ids) counts as new.
CREATE TRIGGER verdict_deleted AFTER DELETE ON match_results
WHEN EXISTS (SELECT 1 FROM listings WHERE id = old.listing_id)
BEGIN
    INSERT INTO verdicts_to_redo (listing_id) SELECT old.listing_id
    WHERE NOT EXISTS (SELECT 1 FROM verdicts_to_redo WHERE listing_id = old.listing_id);
END;
CREATE TRIGGER listing_deleted AFTER DELETE ON listings
BEGIN
    UPDATE meta SET value = CAST(old.id - 1 AS TEXT)
    WHERE key = 'verdicts_through_listing' AND CAST(value AS INTEGER) >= old.id;
END;
