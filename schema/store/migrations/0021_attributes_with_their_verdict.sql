-- 0021: a listing's attributes (cooler, stated slot width) are stored only when its title states
-- one, and whether they were read goes with the verdict. At a year of the turnover benchmark
-- 1,056,468 of 1,079,560 attribute rows said nothing (33 MB), and every verdict carried the
-- time it was made, which nothing reads (22 MB): the compacted year was 1,053 MB, over its 1 GB.
--
-- match_results.attributes_extracted: 1, the verdict was made with its attributes, and a
-- listing without a listing_attributes row states none; 0, they were never read (a verdict of a
-- database matched before migration 0009): readers read them from the title.

ALTER TABLE match_results ADD COLUMN attributes_extracted INTEGER NOT NULL DEFAULT 1
    CHECK (attributes_extracted IN (0, 1));
UPDATE match_results SET attributes_extracted = 0
WHERE NOT EXISTS (SELECT 1 FROM listing_attributes a WHERE a.listing_id = match_results.listing_id);
DELETE FROM listing_attributes WHERE cooler IS NULL AND slot_width IS NULL;
ALTER TABLE listing_attributes DROP COLUMN extracted_at;
ALTER TABLE match_results DROP COLUMN matched_at;

-- A verdict made again replaces its attributes (the writer inserts those stated), and a verdict
-- removed takes them along: a row left behind would be read as what the new verdict's title says.
CREATE TRIGGER verdict_attributes_replaced AFTER UPDATE OF attributes_extracted ON match_results
BEGIN
    DELETE FROM listing_attributes WHERE listing_id = new.listing_id;
END;
CREATE TRIGGER verdict_attributes_removed AFTER DELETE ON match_results
BEGIN
    DELETE FROM listing_attributes WHERE listing_id = old.listing_id;
END;
