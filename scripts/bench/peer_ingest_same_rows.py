#!/usr/bin/env python3
"""The Python peer writing what gpuprice's page store writes: the same database (made by
`gpuprice init`: the same tables, indexes and triggers), each listing's 21 columns upserted by
item id and one 13-column price per listing and night, one transaction per page with the run's
totals, as gpuprice does. Like peer_ingest.py it does not match titles (gpuprice does), so it is
a floor for gpuprice's page store, not for its ingest: it shows how much of the gap to
peer_ingest.py is the rows gpuprice keeps. Usage: peer_ingest_same_rows.py DIR DB (DB made by
`gpuprice --db DB init`)."""
import json
import os
import sqlite3
import sys

pages_dir, db_path = sys.argv[1], sys.argv[2]
night, started = "2026-12-03", "2026-12-03T03:00:00Z"
db = sqlite3.connect(db_path, isolation_level=None)
db.execute("PRAGMA foreign_keys = ON")
db.execute("PRAGMA journal_mode = WAL")
db.execute("PRAGMA synchronous = NORMAL")
run = db.execute("INSERT INTO fetch_runs (started_at, status, source, marketplace, night) "
                 "VALUES (?, 'running', 'sample', 'EBAY_US', ?)", (started, night)).lastrowid


def cents(amount):
    try:
        return round(float(amount["value"]) * 100)
    except (KeyError, TypeError, ValueError):
        return None


kept = 0
for name in sorted(os.listdir(pages_dir)):
    if not name.endswith(".json"):
        continue
    with open(os.path.join(pages_dir, name), encoding="utf-8") as f:
        page = json.load(f)
    seen = added = 0
    db.execute("BEGIN")
    for item in page.get("itemSummaries", []):
        price = item.get("price") or {}
        if not isinstance(price, dict) or price.get("currency") != "USD" or "itemId" not in item:
            continue
        price_cents = cents(price)
        if price_cents is None:
            continue
        shipping, shipping_type = None, None
        for option in item.get("shippingOptions") or []:
            shipping_type = option.get("shippingCostType")
            if shipping_type == "FIXED" and option.get("shippingCost"):
                shipping = cents(option["shippingCost"])
        seller = item.get("seller") or {}
        group = item.get("itemGroupType")
        condition = int(item["conditionId"]) if str(item.get("conditionId", "")).isdigit() else None
        row = {
            "item_id": item["itemId"], "legacy": item.get("legacyItemId"),
            "title": item.get("title") or "", "condition": condition,
            "seller": seller.get("username"), "score": seller.get("feedbackScore"),
            "pct": float(seller["feedbackPercentage"]) if seller.get("feedbackPercentage") else None,
            "url": item.get("itemWebUrl"), "options": ",".join(item.get("buyingOptions") or []),
            "country": (item.get("itemLocation") or {}).get("country"),
            "created": item.get("itemCreationDate"), "run": run, "night": night, "group": group,
            "group_id": item.get("itemGroupHref"), "end": item.get("itemEndDate"),
            "origin": item.get("itemOriginDate"), "epid": item.get("epid"),
        }
        found = db.execute("SELECT id FROM listings WHERE item_id = ?", (item["itemId"],)).fetchone()
        if found:
            listing_id = found[0]
            db.execute("UPDATE listings SET title = :title, condition_id = :condition, "
                       "seller_username = :seller, seller_feedback_score = :score, "
                       "seller_feedback_pct = :pct, item_url = :url, buying_options = :options, "
                       "location_country = :country, last_seen_run = :run, last_seen_on = :night, "
                       "item_group_type = :group, item_group_id = :group_id, item_end_date = :end, "
                       "item_origin_date = :origin, epid = :epid WHERE id = :id",
                       dict(row, id=listing_id))
        else:
            listing_id = db.execute(
                "INSERT INTO listings (item_id, legacy_item_id, title, condition_id, "
                "seller_username, seller_feedback_score, seller_feedback_pct, item_url, "
                "buying_options, location_country, created_at, first_seen_run, last_seen_run, "
                "first_seen_on, last_seen_on, item_group_type, item_group_id, item_end_date, "
                "item_origin_date, epid, price_flags) VALUES (:item_id, :legacy, :title, "
                ":condition, :seller, :score, :pct, :url, :options, :country, :created, :run, "
                ":run, :night, :night, :group, :group_id, :end, :origin, :epid, 0)", row).lastrowid
            added += 1
        db.execute("INSERT OR REPLACE INTO price_observations (listing_id, observed_on, marketplace, "
                   "run_id, condition_id, price_cents, shipping_cents, shipping_type, currency, "
                   "shipping_estimated, original_price_cents, discount_percentage, "
                   "current_bid_cents) VALUES (?, ?, 'EBAY_US', ?, ?, ?, ?, ?, 'USD', 0, NULL, "
                   "NULL, NULL)",
                   (listing_id, night, run, condition, price_cents, shipping, shipping_type))
        seen += 1
    db.execute("UPDATE fetch_runs SET listings_seen = listings_seen + ?, "
               "listings_new = listings_new + ? WHERE id = ?",
               (seen, added, run))
    db.execute("COMMIT")
    kept += seen
db.execute("UPDATE fetch_runs SET status = 'ok', finished_at = ? WHERE id = ?", (started, run))
print(kept)
