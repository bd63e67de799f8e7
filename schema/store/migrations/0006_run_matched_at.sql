-- 0006: when a run's listings all got their verdicts. A fetch commits its pages, closes its row,
-- then matches titles; a process that dies while matching used to leave a row saying 'ok' with
-- listings nobody had matched. matched_at is set only after matching, so a NULL on a finished
-- run says the night is not complete yet (the next fetch or `gpuprice match` completes it).
-- Runs before this migration are taken as matched: every later fetch matched what they left.

ALTER TABLE fetch_runs ADD COLUMN matched_at TEXT;
UPDATE fetch_runs SET matched_at = finished_at WHERE status <> 'running';
