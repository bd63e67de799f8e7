-- 0010: precisions, vendors and segments become data. The throughput per clock moves from one
-- column per precision to one row per (architecture, precision), so a new precision is a row,
-- not a migration; the CHECK that listed NVIDIA's segments goes (a new vendor's segment is a row
-- of segments.csv); SKUs gain their FP32 lane count. The catalog is reloaded from
-- schema/catalog/*.csv on the next open (the fingerprint is cleared), so nothing is copied.

DROP TABLE gpu_models;
DROP TABLE architectures;
DELETE FROM meta WHERE key = 'catalog_fingerprint';

CREATE TABLE precisions (
    name        TEXT PRIMARY KEY,
    unit        TEXT NOT NULL,                    -- 'matrix' or 'shader': what a rate counts
    description TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE architectures (
    name        TEXT PRIMARY KEY,
    vendor      TEXT NOT NULL,
    chip        TEXT NOT NULL,
    matrix_unit TEXT NOT NULL,                    -- '' when the architecture has none
    matrix_gen  INTEGER NOT NULL,
    source      TEXT NOT NULL
) WITHOUT ROWID;

-- Dense FMA per clock per matrix unit (or FP32 lane) on a full-rate part; no row: no such mode.
CREATE TABLE architecture_rates (
    architecture       TEXT NOT NULL REFERENCES architectures (name),
    precision          TEXT NOT NULL REFERENCES precisions (name),
    fma_per_clock      INTEGER NOT NULL,
    sparse             INTEGER NOT NULL,          -- 2:4 sparsity doubles it
    consumer_half_rate INTEGER NOT NULL,          -- consumer SKUs run it at half rate
    source             TEXT NOT NULL,
    PRIMARY KEY (architecture, precision)
) WITHOUT ROWID;

CREATE TABLE gpu_models (
    model            TEXT PRIMARY KEY,
    vendor           TEXT NOT NULL,
    family           TEXT NOT NULL,
    segment          TEXT NOT NULL,
    architecture     TEXT NOT NULL REFERENCES architectures (name),
    vram_gb          REAL NOT NULL,
    memory_type      TEXT NOT NULL,
    bandwidth_gbs    REAL NOT NULL,
    sms              INTEGER NOT NULL,
    tensor_cores     INTEGER NOT NULL,            -- matrix units, as architectures.matrix_unit says
    shaders          INTEGER NOT NULL,            -- FP32 lanes
    boost_mhz        INTEGER NOT NULL,
    tensor_clock_mhz INTEGER,
    half_rate        TEXT NOT NULL,               -- precisions this SKU runs at half rate, ';'
    tdp_w            INTEGER NOT NULL,
    slots            REAL,                        -- NULL for SXM/OAM modules and superchips
    form_factor      TEXT NOT NULL,
    source           TEXT NOT NULL
) WITHOUT ROWID;
