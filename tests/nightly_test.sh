#!/usr/bin/env bash
# scripts/nightly as cron runs it: silent on success with dated reports, a summary and a
# non-zero exit on failure, and never two at once.
# Usage: nightly_test.sh PATH/TO/gpuprice SOURCE_DIR
set -u
bin=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GPUPRICE_HOME="$work/home" GPUPRICE_BIN="$bin"
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

"$src/scripts/nightly" --sample >"$work/out" 2>&1 </dev/null
[ $? -eq 0 ] && ok || { fail "nightly --sample exit"; cat "$work/out"; }
[ -s "$work/out" ] && { fail "nightly printed on success"; cat "$work/out"; } || ok
night=$(date -u +%F)
ls "$GPUPRICE_HOME/reports/$night"/gpuprice-all-*.csv >/dev/null 2>&1 && ok || fail "no dated CSV"
ls "$GPUPRICE_HOME/reports/$night"/gpuprice-all-*.svg >/dev/null 2>&1 && ok || fail "no dated chart"
grep -q "done, exit 0" "$GPUPRICE_HOME/logs/$night.log" && ok || fail "log"

# A failure: no credentials for a real fetch.
env -u EBAY_CLIENT_ID -u EBAY_CLIENT_SECRET HOME="$work" "$src/scripts/nightly" >"$work/out" 2>&1 </dev/null
code=$?
[ "$code" -eq 5 ] && ok || fail "nightly without credentials exited $code, expected 5"
grep -q "gpuprice nightly failed" "$work/out" && grep -q "EBAY_CLIENT_ID" "$work/out" && ok || { fail "failure summary"; cat "$work/out"; }

# Two at once: the second refuses.
exec 8>"$GPUPRICE_HOME/nightly.lock"
flock -n 8
"$src/scripts/nightly" --sample >"$work/out" 2>&1 </dev/null
code=$?
[ "$code" -eq 75 ] && grep -q "another run holds" "$work/out" && ok || fail "lock not honoured ($code)"
exec 8>&-

# UX 18: --help is the script's own usage, and touches nothing.
GPUPRICE_HOME="$work/help-home" "$src/scripts/nightly" --help >"$work/out" 2>&1
[ $? -eq 0 ] && grep -q "The nightly job, for cron" "$work/out" && [ ! -e "$work/help-home" ] && ok ||
    { fail "nightly --help"; cat "$work/out"; }

# UX 19: a night that succeeds with warnings (here: an earlier run had died) says so, for cron.
sqlite3 "$GPUPRICE_HOME/gpuprice.db" "INSERT INTO fetch_runs (started_at, status, source) VALUES ('2026-01-01T00:00:00Z', 'running', 'ebay')"
"$src/scripts/nightly" --sample >"$work/out" 2>&1 </dev/null
[ $? -eq 0 ] && grep -q "done with warnings" "$work/out" && grep -q "had been interrupted" "$work/out" && ok ||
    { fail "nightly warnings under cron"; cat "$work/out"; }

# UX N24: the user's own reports, beside the combined one, each named by its options; a bad one
# fails the night and the summary names it.
GPUPRICE_NIGHTLY_REPORTS="--condition used --precision bf16; ;--condition used --supported-only --price cleared" \
    "$src/scripts/nightly" --sample >"$work/out" 2>&1 </dev/null
[ $? -eq 0 ] && ok || { fail "nightly with GPUPRICE_NIGHTLY_REPORTS"; cat "$work/out"; }
ls "$GPUPRICE_HOME/reports/$night"/gpuprice-used-bf16-????-??-??.csv >/dev/null 2>&1 && ok ||
    { fail "no bf16 report"; ls "$GPUPRICE_HOME/reports/$night"; }
ls "$GPUPRICE_HOME/reports/$night"/gpuprice-used-price-cleared-supported-????-??-??.csv >/dev/null 2>&1 && ok ||
    { fail "no supported-only cleared report"; ls "$GPUPRICE_HOME/reports/$night"; }
ls "$GPUPRICE_HOME/reports/$night"/gpuprice-all-????-??-??.csv >/dev/null 2>&1 && ok || fail "combined report gone"
# UX P21: checked before the fetch, so a live night spends no eBay calls on a typo.
runs_before=$(sqlite3 "$GPUPRICE_HOME/gpuprice.db" "SELECT count(*) FROM fetch_runs")
GPUPRICE_NIGHTLY_REPORTS="--precision fp99" "$src/scripts/nightly" --sample >"$work/out" 2>&1 </dev/null
code=$?
[ "$code" -eq 2 ] && grep -q "GPUPRICE_NIGHTLY_REPORTS: 'report --precision fp99' is not a report; nothing fetched" "$work/out" &&
    grep -q "unknown precision 'fp99'" "$work/out" &&
    [ "$(sqlite3 "$GPUPRICE_HOME/gpuprice.db" "SELECT count(*) FROM fetch_runs")" = "$runs_before" ] &&
    ok || { fail "a bad GPUPRICE_NIGHTLY_REPORTS exited $code"; cat "$work/out"; }

echo "nightly: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
