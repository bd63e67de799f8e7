#!/usr/bin/env bash
# Watches over the sample's nights, as cron meets them: gpuprice-nightly replays the sample one
# night at a time (night-4, the oldest, first; GPUPRICE_NOW moves the clock). A used RTX 3080
# 12GB first lists under $350 on night-1 (the $328.90 listing): the watch fires that night, with the
# listing's link, and the nightly job prints nothing on the nights before and after. Also the
# command itself: add, list, remove and its errors.
# Usage: watch_test.sh PATH/TO/gpuprice SOURCE_DIR
set -u
bin=$1
src=$2
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
cd "$work"
export GPUPRICE_HOME="$work/home" GPUPRICE_BIN="$bin" HOME="$work"
export GPUPRICE_DB="$GPUPRICE_HOME/gpuprice.db"
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

mkdir -p "$GPUPRICE_HOME"
"$bin" watch add "rtx 3080 12gb" --below 350 >add.txt 2>&1 &&
    grep -qx 'watch 1: RTX 3080 12GB, used, below $350 (median)' add.txt && ok ||
    { fail "watch add"; cat add.txt; }
# A second watch that never fires: an RTX 4090 under $100.
"$bin" watch add "RTX 4090" --below 100 --condition all --price cleared >/dev/null && ok ||
    fail "watch add --condition all --price cleared"
"$bin" watch list >list.txt && grep -q '^ *1 .*RTX 3080 12GB .*used .*350.00 .*USD .*median ' list.txt &&
    grep -q '^ *2 .*RTX 4090 .*all .*100.00 .*cleared ' list.txt && ok || { fail "watch list"; cat list.txt; }

# Mistakes are named, and nothing is stored.
"$bin" watch add "RTX 9999" --below 100 >err.txt 2>&1
[ $? -eq 2 ] && grep -q "no model 'RTX 9999'" err.txt && ok || { fail "unknown model"; cat err.txt; }
"$bin" watch add "RTX 3090" --below -5 >err.txt 2>&1
[ $? -eq 2 ] && grep -q -- "--below must be a price above 0" err.txt && ok || { fail "negative line"; cat err.txt; }
"$bin" watch add "RTX 3090" --below 700 --price mean >err.txt 2>&1
[ $? -eq 2 ] && grep -q -- "--price 'mean' is not one of" err.txt && ok || { fail "bad price"; cat err.txt; }
"$bin" watch add "RTX 3090" --below 700 --condition broken >err.txt 2>&1
[ $? -eq 2 ] && ok || { fail "bad condition"; cat err.txt; }
"$bin" watch frobnicate >err.txt 2>&1
[ $? -eq 2 ] && grep -q "unknown watch action 'frobnicate'" err.txt && ok || { fail "bad action"; cat err.txt; }
"$bin" watch remove 99 >err.txt 2>&1
[ $? -eq 1 ] && grep -q "no watch 99" err.txt && ok || { fail "remove unknown"; cat err.txt; }
[ "$(sqlite3 "$GPUPRICE_DB" 'SELECT count(*) FROM watches')" = 2 ] && ok || fail "a mistake was stored"

for n in 4 3 2 1 0; do
    day=$(date -u -d "2026-12-03 -$n days" +%F)
    GPUPRICE_NOW=${day}T03:00:00Z "$src/scripts/nightly" --sample "$src/scripts/sample-data/night-$n" \
        >"out-$n.txt" 2>&1 </dev/null
    code=$?
    [ "$code" -eq 0 ] && ok || { fail "night-$n: nightly exit $code"; cat "out-$n.txt"; }
    if [ "$n" -eq 1 ]; then
        # One line, the watch's, naming the listing under the line with its link.
        [ "$(wc -l <"out-$n.txt")" -eq 1 ] &&
            grep -q '^gpuprice watch 1 (RTX 3080 12GB, used, below \$350 (median)): 1 new listing under the line: \$328\.90 https://' "out-$n.txt" &&
            ok || { fail "night-1: the watch did not fire as it should"; cat "out-$n.txt"; }
    else
        [ -s "out-$n.txt" ] && { fail "night-$n: nightly printed when nothing fired"; cat "out-$n.txt"; } || ok
    fi
    [ -f "$GPUPRICE_HOME/reports/latest.html" ] && grep -q "GPU prices for deep learning, $day" \
        "$GPUPRICE_HOME/reports/latest.html" && ok || fail "night-$n: latest.html is not tonight's page"
done
# The page of the last night shows the watches; the dated page is beside latest.html.
ls "$GPUPRICE_HOME"/reports/2026-12-03/gpuprice-all-2026-12-03.html >/dev/null && ok ||
    { fail "no dated page"; ls -R "$GPUPRICE_HOME/reports"; }
grep -q '<th scope="row">RTX 3080 12GB</th><td>used</td>' "$GPUPRICE_HOME/reports/latest.html" &&
    ok || fail "the page does not show the watch"
# Checking the last night again gives the same answer (silence): nothing is stored between checks.
"$bin" watch check >again.txt && [ ! -s again.txt ] && ok ||
    { fail "watch check on the last night"; cat again.txt; }

"$bin" --quiet watch remove 1 && ok || fail "watch remove"
"$bin" watch list >list.txt && ! grep -q "RTX 3080 12GB" list.txt && grep -q "RTX 4090" list.txt &&
    ok || { fail "watch list after remove"; cat list.txt; }

echo "watch: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
