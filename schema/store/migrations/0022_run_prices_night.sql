-- 0022: the night a run stored its prices on (a run stores all of them on one night: its
-- PageStore's). A derived pass asks whether a run since the last pass stored prices on a night
-- already rolled up; asked of the night's prices, that read the night's 82,000 observations
-- on every ingest, a twentieth of the rollup at a year. NULL: the run stored no price yet, or
-- ran before this migration (the night's prices answer for those, as before).

ALTER TABLE fetch_runs ADD COLUMN prices_night TEXT;
