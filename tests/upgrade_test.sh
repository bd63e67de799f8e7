#!/usr/bin/env bash
# A database made by the previous release (tests/data/upgrade-379a65e) migrates, and this
# gpuprice reports from it every price figure that release reported: the same listings, medians,
# quartiles, clearances and sales per model and condition.
# Usage: upgrade_test.sh PATH/TO/gpuprice
set -u
bin=$1
data=$(cd "$(dirname "$0")/data/upgrade-379a65e" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GPUPRICE_DB="$work/old.db"
# The nights the old release replayed; the report's window ends here.
export GPUPRICE_NOW=2026-12-03T03:00:00Z
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

sqlite3 "$GPUPRICE_DB" <"$data/gpuprice.sql" >/dev/null || fail "loading the old database"
[ "$(sqlite3 "$GPUPRICE_DB" 'PRAGMA user_version')" = 22 ] && ok || fail "the fixture is not schema 22"
"$bin" init >/dev/null 2>"$work/init.err" && ok || { fail "init exit $?"; cat "$work/init.err"; }
# Every run has its night: a listings run the night of its prices, the sold run its start's.
[ "$(sqlite3 "$GPUPRICE_DB" "SELECT count(*) FROM fetch_runs WHERE night IS NULL")" = 0 ] && ok ||
    fail "a run without a night after the migration"
[ "$(sqlite3 "$GPUPRICE_DB" "SELECT group_concat(night, ' ') FROM fetch_runs ORDER BY id")" = \
    "2026-11-30 2026-12-01 2026-12-02 2026-12-03 2026-12-03" ] && ok || fail "the runs' nights"
"$bin" report --condition all --format csv >"$work/new.csv" 2>"$work/report.err" && ok ||
    { fail "report exit $?"; cat "$work/report.err"; }

# The old report's price figures, row by row (condition and model), against the new report's
# columns of the same names: new columns may be appended, none of these may change.
python3 - "$data/report-all.csv" "$work/new.csv" <<'PY' && ok || fail "the reports differ"
import csv, sys
figures = ["listings", "outliers_removed", "median_price_usd", "p25_price_usd", "p75_price_usd",
           "min_price_usd", "low_sample", "as_of", "cleared_median_usd", "cleared_listings",
           "median_days_listed", "sold_median_usd", "sold_listings", "lowest3_mean_usd",
           "price_basis", "window_start", "night_status"]
def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return {(r["condition"], r["model"]): r for r in csv.DictReader(f)}
old, new = rows(sys.argv[1]), rows(sys.argv[2])
assert old, "the old report has no rows"
bad = []
for key, row in old.items():
    if key not in new:
        bad.append(f"{key}: not reported")
        continue
    for name in figures:
        if row[name] != new[key][name]:
            bad.append(f"{key} {name}: {row[name]!r} then, {new[key][name]!r} now")
print("\n".join(bad))
print(f"{len(old)} rows, {len(figures)} figures each")
sys.exit(1 if bad else 0)
PY

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
