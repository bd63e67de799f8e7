-- 0009: what a listing's title says about the card's build (cooler, slot width), extracted
-- whenever the listing is matched. NULL: the title does not say (the model's reference design).

CREATE TABLE listing_attributes (
    listing_id   INTEGER PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
    cooler       TEXT CHECK (cooler IN ('open-air', 'blower', 'water', 'passive')),
    slot_width   REAL CHECK (slot_width > 0),
    extracted_at TEXT NOT NULL
);
