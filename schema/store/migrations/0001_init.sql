-- 0001: the first schema. Fetch runs, listings with one price observation per listing per
-- night (so history accumulates and a rerun on the same night adds nothing), the spec catalog
-- (architectures and GPU models) and one match result per listing.

CREATE TABLE fetch_runs (
    id               INTEGER PRIMARY KEY,
    started_at       TEXT    NOT NULL,              -- ISO 8601 UTC
    finished_at      TEXT,                          -- NULL while running or if the run died
    status           TEXT    NOT NULL DEFAULT 'running'
                     CHECK (status IN ('running', 'ok', 'partial', 'failed')),
    source           TEXT    NOT NULL,              -- 'ebay' or 'sample'
    marketplace      TEXT,
    calls_used       INTEGER NOT NULL DEFAULT 0,
    listings_seen    INTEGER NOT NULL DEFAULT 0,
    listings_new     INTEGER NOT NULL DEFAULT 0,
    listings_skipped INTEGER NOT NULL DEFAULT 0,
    message          TEXT
);

-- Why listings were skipped in a run: never silently dropped.
CREATE TABLE run_skips (
    run_id INTEGER NOT NULL REFERENCES fetch_runs (id) ON DELETE CASCADE,
    reason TEXT    NOT NULL,
    count  INTEGER NOT NULL,
    PRIMARY KEY (run_id, reason)
) WITHOUT ROWID;

CREATE TABLE listings (
    id                    INTEGER PRIMARY KEY,
    item_id               TEXT    NOT NULL UNIQUE,  -- eBay RESTful id, e.g. v1|296057072805|0
    legacy_item_id        TEXT,
    title                 TEXT    NOT NULL,
    condition_id          INTEGER,
    seller_username       TEXT,
    seller_feedback_score INTEGER,
    seller_feedback_pct   REAL,
    item_url              TEXT,
    buying_options        TEXT,                     -- comma-separated, as eBay names them
    location_country      TEXT,
    created_at            TEXT,                     -- eBay itemCreationDate
    first_seen_run        INTEGER NOT NULL REFERENCES fetch_runs (id),
    last_seen_run         INTEGER NOT NULL REFERENCES fetch_runs (id),
    first_seen_on         TEXT    NOT NULL,         -- YYYY-MM-DD UTC
    last_seen_on          TEXT    NOT NULL
);

-- One row per listing per UTC night. Prices are integer cents; shipping NULL means unknown
-- (missing or CALCULATED), never free.
CREATE TABLE price_observations (
    listing_id     INTEGER NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    observed_on    TEXT    NOT NULL,
    run_id         INTEGER NOT NULL REFERENCES fetch_runs (id),
    condition_id   INTEGER,
    price_cents    INTEGER NOT NULL CHECK (price_cents >= 0),
    shipping_cents INTEGER CHECK (shipping_cents >= 0),
    shipping_type  TEXT,
    currency       TEXT    NOT NULL,
    PRIMARY KEY (listing_id, observed_on)
) WITHOUT ROWID;
CREATE INDEX price_observations_by_night ON price_observations (observed_on);

-- The spec catalog, reloaded from schema/catalog/*.csv on every open. FMA figures are dense
-- FMA per clock per tensor core on full-rate parts; NULL means the precision does not exist.
CREATE TABLE architectures (
    name                TEXT PRIMARY KEY,
    chip                TEXT NOT NULL,
    tensor_core_gen     INTEGER NOT NULL,
    fma_fp16_fp16acc    INTEGER,
    fma_fp16_fp32acc    INTEGER,
    fma_bf16            INTEGER,
    fma_tf32            INTEGER,
    fma_fp8             INTEGER,
    fma_int8            INTEGER,
    sparsity            INTEGER NOT NULL,
    geforce_half_rate   TEXT NOT NULL,               -- precisions halved on GeForce parts
    source              TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE gpu_models (
    model            TEXT PRIMARY KEY,
    vendor           TEXT NOT NULL,
    family           TEXT NOT NULL,
    segment          TEXT NOT NULL CHECK (segment IN ('geforce', 'titan', 'workstation', 'datacenter')),
    architecture     TEXT NOT NULL REFERENCES architectures (name),
    vram_gb          REAL NOT NULL,
    memory_type      TEXT NOT NULL,
    bandwidth_gbs    REAL NOT NULL,
    sms              INTEGER NOT NULL,
    tensor_cores     INTEGER NOT NULL,
    boost_mhz        INTEGER NOT NULL,
    tensor_clock_mhz INTEGER,
    tdp_w            INTEGER NOT NULL,
    slots            REAL,                        -- NULL for SXM modules
    form_factor      TEXT NOT NULL,
    source           TEXT NOT NULL
) WITHOUT ROWID;

-- Exactly one verdict per listing: a model, or a rejection reason.
CREATE TABLE match_results (
    listing_id INTEGER PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
    model      TEXT,
    reason     TEXT NOT NULL,
    matched_at TEXT NOT NULL,
    CHECK ((reason = 'ok') = (model IS NOT NULL))
);
CREATE INDEX match_results_by_model ON match_results (model);
