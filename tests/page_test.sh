#!/usr/bin/env bash
# The night's page as a buyer opens it: the sample fetched, two listings retitled by an attacker
# (a <script> and an "><img onerror=...>), `report --condition all --format html`, then the page
# in a real browser (tests/page_browser.py: chromium-headless-shell, the network blocked): the
# CSV's ranked models and figures in the DOM, sorting by keyboard and mouse, no request but
# file:, the hostile titles as text, JavaScript off, screenshots (kept in $GPUPRICE_SCREENSHOTS
# when set, for a person to look at).
# Usage: page_test.sh PATH/TO/gpuprice SOURCE_DIR
set -u
bin=$1
src=$2
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
cd "$work"
export GPUPRICE_DB="$work/page.db" HOME="$work/home"
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

if ! command -v chromium-headless-shell >/dev/null 2>&1; then
    echo "chromium-headless-shell is not installed (scripts/install-deps with GPUPRICE_TEST_DEPS=1)"
    exit 77
fi

"$bin" fetch --sample >/dev/null 2>&1 || fail "fetch --sample"
# Three used RTX 3090s of the latest night, retitled by an attacker after matching (their
# verdicts stay: the matcher would call an "<img" title a picture, and the page must be safe
# whatever the matcher lets through).
used_3090s="SELECT l.id FROM listings l JOIN match_results m ON m.listing_id = l.id
    JOIN price_observations o ON o.listing_id = l.id
    WHERE m.model = 'rtx-3090' AND o.condition_id = 3000
    AND o.observed_on = (SELECT max(observed_on) FROM price_observations) ORDER BY l.id"
sqlite3 "$GPUPRICE_DB" "
UPDATE listings SET title = 'RTX 3090 24GB <script>window.__pwned=2</script>'
    WHERE id = ($used_3090s LIMIT 1);
UPDATE listings SET title = '\"><img src=x onerror=window.__pwned=1> RTX 3090 24GB'
    WHERE id = ($used_3090s LIMIT 1 OFFSET 1);
UPDATE listings SET title = 'RTX 3090 24GB \"><svg onload=window.__pwned=3>',
    item_url = 'javascript:window.__pwned=4'
    WHERE id = ($used_3090s LIMIT 1 OFFSET 2);" || fail "retitling"
"$bin" watch add "RTX 3090" --below 700 >/dev/null || fail "watch add"

page=$("$bin" report --condition all --format html --output out 2>stderr.txt)
[ $? -eq 0 ] && [ -f "$page" ] && ok || { fail "report --format html ($page)"; cat stderr.txt; }
csv=${page%.html}.csv
[ -f "$csv" ] && ok || fail "no CSV beside the page"
size=$(stat -c %s "$page")
[ "$size" -lt 2000000 ] && ok || fail "the page is $size bytes, over 2 MB"
echo "page: $size bytes"
grep -q "window.__pwned" "$page" && ! grep -q "<script>window.__pwned" "$page" && ok ||
    fail "the hostile titles are not on the page, or not escaped"
grep -q '<h2>Watches</h2>' "$page" && grep -q '<th scope="row">RTX 3090</th><td>used</td>' "$page" &&
    ok || fail "the page does not show the watch"

shots=${GPUPRICE_SCREENSHOTS:-$work/shots}
python3 "$src/tests/page_browser.py" "$page" "$csv" "$shots" && ok || fail "in the browser"

echo "page: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
