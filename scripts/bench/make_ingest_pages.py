#!/usr/bin/env python3
"""Writes N listings as Browse API search pages of 200 items (page-NNNNNN.json) for the ingest
benchmark, from the shapes of the bundled sample: each item is a sample item with a new item id,
a varied price, and its title. Usage: make_ingest_pages.py SAMPLE_DIR OUT_DIR N"""
import json
import os
import random
import sys

sample_dir, out_dir, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
items = []
for name in sorted(os.listdir(sample_dir)):
    if name.endswith(".json"):
        with open(os.path.join(sample_dir, name), encoding="utf-8") as f:
            items.extend(json.load(f).get("itemSummaries", []))
# Templates: serialise once, substitute per listing (fast enough for a million).
templates = []
for item in items:
    if "price" not in item or not isinstance(item["price"], dict):
        continue
    item = dict(item)
    item["itemId"] = "v1|@ID@|0"
    item["legacyItemId"] = "@ID@"
    item["itemWebUrl"] = "https://www.ebay.com/itm/@ID@"
    price = item["price"]["value"]
    item["price"] = dict(item["price"], value="@PRICE@")
    templates.append((json.dumps(item, ensure_ascii=False, separators=(",", ":")), price))
rng = random.Random(7)
os.makedirs(out_dir, exist_ok=True)
page_size = 200
for page in range(0, (n + page_size - 1) // page_size):
    parts = []
    for i in range(page * page_size, min(n, (page + 1) * page_size)):
        text, price = templates[i % len(templates)]
        try:
            value = f"{float(price) * rng.uniform(0.9, 1.1):.2f}"
        except ValueError:
            value = price
        parts.append(text.replace("@ID@", str(500000000000 + i)).replace("@PRICE@", value))
    offset = page * page_size
    body = ('{"href":"bench","total":%d,"limit":200,"offset":%d,"itemSummaries":[' % (n, offset)
            + ",".join(parts) + "]}\n")
    with open(os.path.join(out_dir, "page-%06d.json" % (page + 1)), "w", encoding="utf-8") as f:
        f.write(body)
