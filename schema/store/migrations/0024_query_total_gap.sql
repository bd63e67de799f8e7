-- 0024: eBay's total against the items a query's pages served. A query is complete when it was
-- paged to its end (every page fetched, none failed or cut, no `next` left), whatever eBay's
-- total said: eBay calls total "just an indicator ... It could vary based on the number of
-- listings with variations" (Browse API, SearchPagedCollection). The gap is kept per query as a
-- metric, with what explains it: the multi-variation summaries its pages held and the items its
-- short pages (with `next`) withheld. A listing gone on a night its family had a gap counts as
-- cleared only when a second fully paged night confirms it (analysis/clearance.hpp).

ALTER TABLE query_coverage ADD COLUMN total_gap INTEGER NOT NULL DEFAULT 0;
ALTER TABLE query_coverage ADD COLUMN variation_summaries INTEGER NOT NULL DEFAULT 0;
ALTER TABLE query_coverage ADD COLUMN short_page_deficit INTEGER NOT NULL DEFAULT 0;

-- Item groups remembered across nights (issue 39): get_items_by_item_group's answer for a
-- multi-variation listing, with what its search summary said when it was asked (price, title,
-- condition, shipping: search's ItemSummary carries no quantity or availability). A later night
-- whose summary says the same replays the stored answer instead of asking eBay again, until
-- the answer is fetcher::kGroupMemoryNights old; a night forgets the answers older than that.
CREATE TABLE item_group_answers (
    marketplace   TEXT NOT NULL,
    item_group_id TEXT NOT NULL,
    summary       TEXT NOT NULL,  -- fetcher::group_summary_key of the summary it was asked for
    asked_on      TEXT NOT NULL,  -- the night it was asked (YYYY-MM-DD)
    body          TEXT NOT NULL,  -- eBay's answer, as served
    PRIMARY KEY (marketplace, item_group_id)
);
