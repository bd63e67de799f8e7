-- 0011: SKUs get a stable key (skus.csv `key`, e.g. 'rtx-3080-12gb'), used by every catalog file
-- and by the database; the display name (`name`) is only shown. Verdicts used to name their model
-- by its display name, so renaming a card or fixing a typo orphaned its history until the next
-- `match`: this carries every stored verdict (match_results.model, sold_items.model) over to the
-- keys. The names below are the 120 of the catalog as it stood before keys (commit 03373de);
-- 'A16 (per GPU)', which no alias or part number ever named, is an A16. A name the list lacks (a
-- card a user added to their own skus.csv) becomes its name lowercased with spaces as hyphens:
-- give that card this key in skus.csv to keep its history. gpu_models is reloaded from
-- schema/catalog/ on the next open (the fingerprint is cleared), so nothing is copied; it loses
-- `family`, which nothing read.

CREATE TABLE model_keys_0011 (
    name TEXT PRIMARY KEY,
    key  TEXT NOT NULL
) WITHOUT ROWID;

INSERT INTO model_keys_0011 (name, key) VALUES
    ('Tesla M40 24GB', 'tesla-m40-24gb'),
    ('Tesla P40', 'tesla-p40'),
    ('Tesla P100 12GB', 'tesla-p100-12gb'),
    ('Tesla P100 16GB', 'tesla-p100-16gb'),
    ('Titan V', 'titan-v'),
    ('Tesla V100 PCIe 16GB', 'tesla-v100-pcie-16gb'),
    ('Tesla V100 PCIe 32GB', 'tesla-v100-pcie-32gb'),
    ('Tesla V100 SXM2 16GB', 'tesla-v100-sxm2-16gb'),
    ('Tesla V100 SXM2 32GB', 'tesla-v100-sxm2-32gb'),
    ('Tesla V100S PCIe 32GB', 'tesla-v100s-pcie-32gb'),
    ('RTX 2060', 'rtx-2060'),
    ('RTX 2060 12GB', 'rtx-2060-12gb'),
    ('RTX 2060 Super', 'rtx-2060-super'),
    ('RTX 2070', 'rtx-2070'),
    ('RTX 2070 Super', 'rtx-2070-super'),
    ('RTX 2080', 'rtx-2080'),
    ('RTX 2080 Super', 'rtx-2080-super'),
    ('RTX 2080 Ti', 'rtx-2080-ti'),
    ('Titan RTX', 'titan-rtx'),
    ('Tesla T4', 'tesla-t4'),
    ('Quadro RTX 4000', 'quadro-rtx-4000'),
    ('Quadro RTX 5000', 'quadro-rtx-5000'),
    ('Quadro RTX 6000', 'quadro-rtx-6000'),
    ('Quadro RTX 8000', 'quadro-rtx-8000'),
    ('A100 PCIe 40GB', 'a100-pcie-40gb'),
    ('A100 PCIe 80GB', 'a100-pcie-80gb'),
    ('A100 SXM4 40GB', 'a100-sxm4-40gb'),
    ('A100 SXM4 80GB', 'a100-sxm4-80gb'),
    ('A30', 'a30'),
    ('RTX 3060 8GB', 'rtx-3060-8gb'),
    ('RTX 3060 12GB', 'rtx-3060-12gb'),
    ('RTX 3060 Ti', 'rtx-3060-ti'),
    ('RTX 3070', 'rtx-3070'),
    ('RTX 3070 Ti', 'rtx-3070-ti'),
    ('RTX 3080 10GB', 'rtx-3080-10gb'),
    ('RTX 3080 12GB', 'rtx-3080-12gb'),
    ('RTX 3080 Ti', 'rtx-3080-ti'),
    ('RTX 3090', 'rtx-3090'),
    ('RTX 3090 Ti', 'rtx-3090-ti'),
    ('RTX A2000', 'rtx-a2000'),
    ('RTX A2000 12GB', 'rtx-a2000-12gb'),
    ('RTX A4000', 'rtx-a4000'),
    ('RTX A4500', 'rtx-a4500'),
    ('RTX A5000', 'rtx-a5000'),
    ('RTX A6000', 'rtx-a6000'),
    ('A2', 'a2'),
    ('A10', 'a10'),
    ('A16', 'a16'),
    ('A40', 'a40'),
    ('RTX 4060', 'rtx-4060'),
    ('RTX 4060 Ti 8GB', 'rtx-4060-ti-8gb'),
    ('RTX 4060 Ti 16GB', 'rtx-4060-ti-16gb'),
    ('RTX 4070', 'rtx-4070'),
    ('RTX 4070 Super', 'rtx-4070-super'),
    ('RTX 4070 Ti', 'rtx-4070-ti'),
    ('RTX 4070 Ti Super', 'rtx-4070-ti-super'),
    ('RTX 4080', 'rtx-4080'),
    ('RTX 4080 Super', 'rtx-4080-super'),
    ('RTX 4090', 'rtx-4090'),
    ('RTX 4000 SFF Ada', 'rtx-4000-sff-ada'),
    ('RTX 4000 Ada', 'rtx-4000-ada'),
    ('RTX 4500 Ada', 'rtx-4500-ada'),
    ('RTX 5000 Ada', 'rtx-5000-ada'),
    ('RTX 6000 Ada', 'rtx-6000-ada'),
    ('L4', 'l4'),
    ('L40', 'l40'),
    ('L40S', 'l40s'),
    ('H100 PCIe', 'h100-pcie'),
    ('H100 SXM5', 'h100-sxm5'),
    ('H100 NVL', 'h100-nvl'),
    ('H200 SXM', 'h200-sxm'),
    ('RTX 5060 Ti 8GB', 'rtx-5060-ti-8gb'),
    ('RTX 5060 Ti 16GB', 'rtx-5060-ti-16gb'),
    ('RTX 5070', 'rtx-5070'),
    ('RTX 5070 Ti', 'rtx-5070-ti'),
    ('RTX 5080', 'rtx-5080'),
    ('RTX 5090', 'rtx-5090'),
    ('Tesla P100 SXM2', 'tesla-p100-sxm2'),
    ('Titan Xp', 'titan-xp'),
    ('GTX 1080 Ti', 'gtx-1080-ti'),
    ('Tesla V100 SXM3 32GB', 'tesla-v100-sxm3-32gb'),
    ('Quadro GV100', 'quadro-gv100'),
    ('RTX 3050 8GB', 'rtx-3050-8gb'),
    ('RTX A5500', 'rtx-a5500'),
    ('A10G', 'a10g'),
    ('A16 (per GPU)', 'a16'),
    ('RTX 4090 D', 'rtx-4090-d'),
    ('RTX 2000 Ada', 'rtx-2000-ada'),
    ('RTX 5880 Ada', 'rtx-5880-ada'),
    ('H200 NVL', 'h200-nvl'),
    ('B200', 'b200'),
    ('GB200 (per GPU)', 'gb200-per-gpu'),
    ('B300', 'b300'),
    ('RTX 5060', 'rtx-5060'),
    ('RTX 5090 D', 'rtx-5090-d'),
    ('RTX PRO 6000 Blackwell', 'rtx-pro-6000-blackwell'),
    ('RTX PRO 6000 Blackwell Max-Q', 'rtx-pro-6000-blackwell-max-q'),
    ('RTX PRO 5000 Blackwell', 'rtx-pro-5000-blackwell'),
    ('RTX PRO 4500 Blackwell', 'rtx-pro-4500-blackwell'),
    ('RTX PRO 4000 Blackwell', 'rtx-pro-4000-blackwell'),
    ('Instinct MI50 16GB', 'instinct-mi50-16gb'),
    ('Instinct MI50 32GB', 'instinct-mi50-32gb'),
    ('Instinct MI60', 'instinct-mi60'),
    ('Instinct MI100', 'instinct-mi100'),
    ('Instinct MI210', 'instinct-mi210'),
    ('Instinct MI250', 'instinct-mi250'),
    ('Instinct MI250X', 'instinct-mi250x'),
    ('Instinct MI300X', 'instinct-mi300x'),
    ('Instinct MI325X', 'instinct-mi325x'),
    ('Instinct MI355X', 'instinct-mi355x'),
    ('RX 7900 XTX', 'rx-7900-xtx'),
    ('RX 7900 XT', 'rx-7900-xt'),
    ('RX 7900 GRE', 'rx-7900-gre'),
    ('Radeon PRO W7900', 'radeon-pro-w7900'),
    ('Radeon PRO W7800', 'radeon-pro-w7800'),
    ('RX 9070 XT', 'rx-9070-xt'),
    ('RX 9070', 'rx-9070'),
    ('Arc A770 16GB', 'arc-a770-16gb'),
    ('Arc B580', 'arc-b580'),
    ('Arc Pro B60', 'arc-pro-b60');

UPDATE match_results
SET model = coalesce((SELECT key FROM model_keys_0011 WHERE name = model),
                     lower(replace(trim(model), ' ', '-')))
WHERE model IS NOT NULL;

UPDATE sold_items
SET model = coalesce((SELECT key FROM model_keys_0011 WHERE name = model),
                     lower(replace(trim(model), ' ', '-')))
WHERE model IS NOT NULL;

DROP TABLE model_keys_0011;

DROP TABLE gpu_models;
DELETE FROM meta WHERE key = 'catalog_fingerprint';

CREATE TABLE gpu_models (
    key              TEXT PRIMARY KEY,            -- skus.csv `key`: what verdicts store
    name             TEXT NOT NULL UNIQUE,        -- display name
    vendor           TEXT NOT NULL,
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
