-- 0012: watches. A buyer's price lines (`gpuprice watch add "RTX 3090" --below 700`), kept in the
-- database so that gpuprice-nightly can check them after every night and the page can show
-- them. What fired is computed from the nights' prices, not stored: checking a night again gives
-- the same answer. Condition and price names are checked by the command against the same tables
-- `report` reads (no CHECK listing them, so a new price basis needs no migration).

CREATE TABLE watches (
    id          INTEGER PRIMARY KEY,
    model       TEXT    NOT NULL,                 -- a catalog model
    condition   TEXT    NOT NULL,                 -- as --condition takes it: used, new, all, ...
    below_cents INTEGER NOT NULL CHECK (below_cents > 0),  -- in the marketplace's currency
    price       TEXT    NOT NULL,                 -- the price basis whose crossing fires it
    marketplace TEXT    NOT NULL,
    created_at  TEXT    NOT NULL                  -- ISO 8601 UTC
);
