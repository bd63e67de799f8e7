-- 0019: no query reads listing_clearances by its last night any more: a report reads the
-- decisions of its evidence window by their night (listing_clearances_by_night), the pass by
-- outcome, night and listing. The index on last_seen_on was 24.5 MB of the turnover benchmark's
-- compacted year (1.08 million decisions), written on every decision for nothing.
DROP INDEX listing_clearances_by_last_seen;
