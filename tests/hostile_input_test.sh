#!/usr/bin/env bash
# Hostile text from eBay, end to end through the binary: a replayed page whose titles carry
# terminal escapes, NUL, a lone UTF-16 surrogate, formulas behind ';' and tab, and an absurd
# shipping cost. Nothing of it may reach a terminal, a CSV cell a spreadsheet runs, or a median;
# the page itself must survive. Then a file-size limit (ulimit -f): a clear error, not a signal.
# Usage: hostile_input_test.sh PATH/TO/gpuprice
set -u
bin=$1
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
cd "$work"
export GPUPRICE_DB="$work/hostile.db" HOME="$work/home"
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

mkdir sample
python3 - sample/page-0001.json <<'PY'
import json, sys
def item(n, title, price="700.00", ship="20.00", model_cond="3000"):
    return {"itemId": f"v1|{n}|0", "title": title, "price": {"value": price, "currency": "USD"},
            "conditionId": model_cond, "buyingOptions": ["FIXED_PRICE"],
            "itemWebUrl": f"https://www.ebay.com/itm/{n}",
            "shippingOptions": [{"shippingCostType": "FIXED",
                                 "shippingCost": {"value": ship, "currency": "USD"}}]}
items = [
    item(1, "RTX 3090 24GB;=1+1;"),
    item(2, "RTX 3090 24GB\t=2+2\t"),
    item(3, "\t=3+3 RTX 3090 24GB"),
    item(4, "EVGA RTX 3090 FTW3 24GB \u001b]0;pwned\u0007\u001b[2J\u0000"),
    item(5, "NVIDIA RTX A6000 48GB", price="4000.00", ship="99999999999.99"),
    item(6, "NVIDIA RTX A6000 48GB GDDR6", price="4100.00"),
    item(7, "Unknown card \u001b[31mred\u001b[0m \u202egnp.exe"),
]
body = json.dumps({"href": "x", "total": 8, "limit": 200, "offset": 0, "itemSummaries": items})
# A serializer that cut an emoji in half: one lone high surrogate escape in one title.
lone = json.dumps(item(8, "RTX 3090 24GB SURROGATE"))
lone = lone.replace("SURROGATE", "\\ud83d")
body = body[:-2] + ", " + lone + "]}"
open(sys.argv[1], "w").write(body)
PY

"$bin" fetch --sample sample >fetch.out 2>&1 && ok || { fail "fetch of the hostile page"; cat fetch.out; }
runs=$(sqlite3 "$GPUPRICE_DB" "SELECT status || '|' || listings_seen FROM fetch_runs")
[ "$runs" = "ok|7" ] && ok || fail "F5: the page with a lone surrogate kept 7 of 8 listings as ok, got '$runs'"
skip=$(sqlite3 "$GPUPRICE_DB" "SELECT count FROM run_skips WHERE reason = 'invalid-utf8'")
[ "$skip" = "1" ] && ok || fail "F5: the broken title counted as invalid-utf8, got '$skip'"
controls=$(sqlite3 "$GPUPRICE_DB" "SELECT count(*) FROM listings WHERE title GLOB '*[$(printf '\x01-\x1f')]*' OR instr(title, char(27)) OR instr(title, char(8238))")
[ "$controls" = "0" ] && ok || fail "F16: $controls stored titles hold control characters"
ship=$(sqlite3 "$GPUPRICE_DB" "SELECT coalesce(o.shipping_cents, 'unknown') FROM price_observations o JOIN listings l ON l.id = o.listing_id WHERE l.item_id = 'v1|5|0'")
[ "$ship" = "unknown" ] && ok || fail "F17: absurd shipping stored as '$ship'"

"$bin" report --min-listings 1 --output out --format table >table.txt 2>report.err || fail "report"
grep -q 'A6000' table.txt && ! grep -q '\$[0-9]\{7,\}' table.txt && ok || { fail "F17: the A6000 median is in the billions"; cat table.txt; }
"$bin" unmatched >unmatched.txt 2>&1 || fail "unmatched"
grep -q 'Unknown card' unmatched.txt && ! grep -q "$(printf '\x1b')" unmatched.txt && ok || fail "F16: unmatched printed escape sequences"
listings=$(ls out/*-listings.csv | head -1)
[ "$(tr -d -c '\000\033' <"$listings" | wc -c)" = "0" ] && ok || fail "F16: NUL or ESC in $listings"

# F15: a spreadsheet reading the listings with ';' or tab as the separator, formulas evaluated,
# finds text, never a formula cell.
for sep in 59 9; do
    [ -f "$listings" ] || { fail "F15: no listings CSV to read"; break; }
    rm -rf "lo$sep"
    if soffice --headless --norestore "-env:UserInstallation=file://$work/lo-profile" \
            "--infilter=CSV:$sep,34,76,1,,1033,false,true,false,false,false,-1,true" \
            --convert-to xlsx --outdir "lo$sep" "$listings" >"lo$sep.log" 2>&1; then
        python3 - "lo$sep"/*.xlsx <<'PY' && ok || fail "F15: formula cells with separator $sep"
import re, sys, zipfile
sheet = zipfile.ZipFile(sys.argv[1]).read("xl/worksheets/sheet1.xml").decode()
formulas = re.findall(r"<f[^>]*>([^<]*)</f>", sheet)
assert not formulas, formulas
assert "RTX 3090 24GB" in zipfile.ZipFile(sys.argv[1]).read("xl/sharedStrings.xml").decode()
PY
    else
        fail "LibreOffice could not read with separator $sep"; cat "lo$sep.log"
    fi
done

# F12: a file-size limit makes writes fail with a message, not kill the process with SIGXFSZ.
mkdir big
for n in $(seq 2 40); do cp sample/page-0001.json "big/page-$(printf %04d "$n").json"; done
python3 - big <<'PY'
import json, os, sys
# Many distinct listings so the database must grow past the limit.
for name in sorted(os.listdir(sys.argv[1])):
    path = os.path.join(sys.argv[1], name)
    page = json.loads(open(path).read().replace("\\ud83d", ""))
    base = int(name[5:9]) * 1000
    page["itemSummaries"] = [dict(page["itemSummaries"][0], itemId=f"v1|{base + i}|0",
                                  title=f"RTX 3090 24GB card number {base + i} " + "x" * 60)
                             for i in range(200)]
    open(path, "w").write(json.dumps(page))
PY
(ulimit -f 256; exec "$bin" --db "$work/limited.db" fetch --sample big) >limit.out 2>&1
rc=$?
[ "$rc" -eq 4 ] && grep -q "File too large\|file-size limit" limit.out && ok || { fail "F12: under ulimit -f: exit $rc"; cat limit.out; }

echo "hostile input: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
