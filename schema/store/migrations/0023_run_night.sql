-- 0023: one night per run. A run's night (the UTC day it observes) is decided when it begins and
-- stored with it; its prices (price_observations.observed_on), its coverage, its status and what
-- a derived pass reached are all that night's. Before, coverage and night status took the date
-- of started_at and prices the night the fetch began with, so a night begun just before midnight
-- UTC stored its prices on day D and its coverage on D+1, and a replayed night's coverage fell
-- on the day it was replayed. fetch_runs.prices_night (0022), set with a run's first price, is
-- folded into it.
--
-- A run recorded before this migration gets the night it stored prices on: prices_night, else
-- the night its compacted prices name, else its prices' night (one pass over the prices, only for
-- runs older than 0022), else the date it began on (it stored no price). Runs from before
-- migration 0005 were all EBAY_US's, and say so now, so that no reader needs a default.

ALTER TABLE fetch_runs ADD COLUMN night TEXT;
UPDATE fetch_runs SET night = prices_night;
UPDATE fetch_runs SET night = (SELECT min(c.night) FROM compacted_runs c WHERE c.run_id = fetch_runs.id)
WHERE night IS NULL;
WITH observed AS (
    SELECT run_id, min(observed_on) AS night FROM price_observations
    WHERE run_id IN (SELECT id FROM fetch_runs WHERE night IS NULL) GROUP BY run_id)
UPDATE fetch_runs SET night = observed.night FROM observed
WHERE fetch_runs.id = observed.run_id AND fetch_runs.night IS NULL;
UPDATE fetch_runs SET night = substr(started_at, 1, 10) WHERE night IS NULL;
ALTER TABLE fetch_runs DROP COLUMN prices_night;
UPDATE fetch_runs SET marketplace = 'EBAY_US' WHERE marketplace IS NULL;
CREATE INDEX fetch_runs_by_night ON fetch_runs (marketplace, night);
