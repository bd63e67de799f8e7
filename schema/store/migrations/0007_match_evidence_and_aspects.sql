-- 0007: which evidence decided each verdict, and the item aspects eBay holds for a listing.
-- * match_results.decided_by: 'title' (the title's words), 'part-number' (a board or AIB part
--   number in the title) or 'aspect' (eBay's item aspects settled what the title left open, or
--   contradicted it). Verdicts stored before this migration were decided by the title alone.
-- * listing_aspects: aspect name and value per listing (Memory Size, Chipset/GPU Model, form
--   factor words), from where eBay gave them: 'aspect-filter' (the listing was seen under a
--   search filtered on that value) or 'item' (getItem's localizedAspects). The matcher reads
--   them beside the title; an item's own aspect wins over a filter's for the same name.

ALTER TABLE match_results ADD COLUMN decided_by TEXT NOT NULL DEFAULT 'title'
    CHECK (decided_by IN ('title', 'part-number', 'aspect'));

CREATE TABLE listing_aspects (
    listing_id INTEGER NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    source     TEXT    NOT NULL CHECK (source IN ('aspect-filter', 'item')),
    name       TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    seen_at    TEXT    NOT NULL,                    -- ISO 8601 UTC
    PRIMARY KEY (listing_id, source, name)
) WITHOUT ROWID;
