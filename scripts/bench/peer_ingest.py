#!/usr/bin/env python3
"""The ingest a user would otherwise write: Python 3's standard library only (json + sqlite3).
Reads every page of DIR, keeps fixed-price USD listings with a price, upserts them by item id
and records one price observation per listing per night, one transaction per page.
It does not match titles to models (gpuprice does). Usage: peer_ingest.py DIR DB"""
import json
import os
import sqlite3
import sys

pages_dir, db_path = sys.argv[1], sys.argv[2]
db = sqlite3.connect(db_path)
db.execute("PRAGMA journal_mode=WAL")
db.execute("PRAGMA synchronous=NORMAL")
db.executescript("""
CREATE TABLE IF NOT EXISTS listings (id INTEGER PRIMARY KEY, item_id TEXT UNIQUE NOT NULL,
  title TEXT, condition_id INTEGER, seller TEXT, url TEXT);
CREATE TABLE IF NOT EXISTS observations (listing_id INTEGER, night TEXT, price_cents INTEGER,
  shipping_cents INTEGER, PRIMARY KEY (listing_id, night)) WITHOUT ROWID;
""")
night = "2026-12-02"
kept = 0
for name in sorted(os.listdir(pages_dir)):
    if not name.endswith(".json"):
        continue
    with open(os.path.join(pages_dir, name), encoding="utf-8") as f:
        page = json.load(f)
    with db:
        for item in page.get("itemSummaries", []):
            price = item.get("price") or {}
            if not isinstance(price, dict) or price.get("currency") != "USD" or "itemId" not in item:
                continue
            try:
                cents = round(float(price["value"]) * 100)
            except (KeyError, ValueError):
                continue
            shipping = None
            for option in item.get("shippingOptions") or []:
                cost = option.get("shippingCost")
                if option.get("shippingCostType") == "FIXED" and cost:
                    shipping = round(float(cost["value"]) * 100)
            db.execute("INSERT INTO listings (item_id, title, condition_id, seller, url) VALUES (?,?,?,?,?) "
                       "ON CONFLICT(item_id) DO UPDATE SET title=excluded.title",
                       (item["itemId"], item.get("title"), item.get("conditionId"),
                        (item.get("seller") or {}).get("username"), item.get("itemWebUrl")))
            listing_id = db.execute("SELECT id FROM listings WHERE item_id=?", (item["itemId"],)).fetchone()[0]
            db.execute("INSERT OR REPLACE INTO observations VALUES (?,?,?,?)", (listing_id, night, cents, shipping))
            kept += 1
print(kept)
