#!/usr/bin/env bash
# A night that is not whole is never reported as if it were (F1, UX 19): a fetch killed while
# matching leaves its run without matched_at and listings without verdicts; report, history and
# recommend then warn on stderr (even off a terminal, for cron) and the CSV says so in every row,
# with counts; `gpuprice match` makes the night whole again. Also: the table fits 80 columns and
# goes to a pipe, report files carry their options in the name, an empty report exits 1.
# Usage: partial_night_test.sh PATH/TO/gpuprice
set -u
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export GPUPRICE_DB="$work/night.db" HOME="$work/home"
unset COLUMNS
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
col() {  # col FILE NAME: the values of column NAME of a CSV (python csv), one per line
    python3 - "$1" "$2" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))
i = rows[0].index(sys.argv[2])
print("\n".join(sorted(set(r[i] for r in rows[1:]))))
PY
}

"$bin" fetch --sample >/dev/null 2>&1 || fail "fetch --sample"
unmatched=$(sqlite3 "$GPUPRICE_DB" "SELECT count(*) FROM fetch_runs WHERE matched_at IS NULL")
[ "$unmatched" = "0" ] && ok || fail "F1: a whole fetch left $unmatched runs without matched_at"

"$bin" report --output whole >table.txt 2>whole.err || fail "report on a whole night"
[ ! -s whole.err ] && ok || { fail "warning on a whole night"; cat whole.err; }
[ "$(col whole/gpuprice-used-*[0-9].csv night_status)" = "complete" ] && ok || fail "night_status complete"
# UX 9/10: the table goes to a pipe, 80 columns wide at most.
grep -q '^rank ' table.txt && ok || fail "UX 10: no table on a non-terminal stdout"
width=$(awk '{ if (length > w) w = length } END { print w }' table.txt)
[ "$width" -le 80 ] && ok || fail "UX 9: table is $width columns wide"
grep -q '1 outliers' table.txt && fail "UX 13: '1 outliers'" || ok

# The state a fetch killed during matching leaves: its run unmatched, verdicts missing.
last=$(sqlite3 "$GPUPRICE_DB" "SELECT max(run_id) FROM price_observations")
night=$(sqlite3 "$GPUPRICE_DB" "SELECT max(observed_on) FROM price_observations")
sqlite3 "$GPUPRICE_DB" "UPDATE fetch_runs SET matched_at = NULL WHERE id = $last;
  DELETE FROM match_results WHERE listing_id IN (SELECT listing_id FROM price_observations
  WHERE observed_on = '$night' LIMIT 40)"
"$bin" report --output part >/dev/null 2>part.err || fail "report on a partial night"
grep -q "warning: the night of $night is incomplete: 40 of [0-9]* listings have no verdict" part.err &&
    grep -q "run $last ok, matching not finished" part.err && ok ||
    { fail "F1: report did not warn"; cat part.err; }
[ "$(col part/gpuprice-used-*[0-9].csv listings_without_verdict)" = "40" ] && ok || fail "F1: CSV count"
col part/gpuprice-used-*[0-9].csv night_status | grep -q "is incomplete" && ok || fail "F1: CSV status"
"$bin" recommend --budget 1000 >/dev/null 2>rec.err
grep -q "incomplete" rec.err && ok || fail "F1: recommend did not warn"
"$bin" history --model "rtx 3090" >/dev/null 2>hist.err
grep -q "incomplete" hist.err && ok || { fail "F1/UX 14: history did not warn or find 'rtx 3090'"; cat hist.err; }
"$bin" match >/dev/null 2>&1 || fail "match"
"$bin" report --output again >/dev/null 2>again.err && [ ! -s again.err ] && ok || { fail "match did not make the night whole"; cat again.err; }

# UX 14: history's window.
"$bin" history --model "RTX 3090" --days 1 --format csv >days.csv || fail "history --days"
[ "$(tail -n +2 days.csv | cut -d, -f1 | sort -u)" = "$night" ] && ok || fail "UX 14: --days 1 shows other nights"
# UX 11: options in the file name; the default keeps the plain name.
"$bin" report --output opts --no-shipping --precision bf16 --days 3 >/dev/null 2>&1 || fail "report with options"
ls opts/gpuprice-used-bf16-noship-3d-"$night".csv >/dev/null 2>&1 && ok || { fail "UX 11: options not in the name"; ls opts; }
[ "$(col opts/gpuprice-used-bf16-noship-3d-"$night".csv shipping_included)" = "no" ] && ok || fail "UX 11: shipping_included"
# UX 21: an empty report exits 1 and writes nothing.
"$bin" report --output empty --min-vram 500 >/dev/null 2>empty.err
[ $? -eq 1 ] && [ ! -e empty ] && grep -q "no matched listings" empty.err && ok || fail "UX 21: empty report"

# UX N13: a sample page cut in half is a partial night, as a cut live page is: exit 6, the page
# named, the run partial, night_status not "complete"; --verbose prints the coverage rows and the
# skips by reason.
sample=$(dirname "$bin")/../share/gpuprice/sample-data
cp -rL "$sample" cut
page=cut/night-0/rtx-3090-1.json
[ -f "$page" ] || page=$(ls cut/night-0/*.json | head -1)
size=$(stat -c %s "$page")
head -c $((size / 2)) "$page" >cut.json && mv cut.json "$page"
GPUPRICE_DB="$work/cut.db" "$bin" --verbose fetch --sample=cut >cut.out 2>cut.err
code=$?
[ $code -eq 6 ] && ok || { fail "UX N13: a cut sample page exits $code, not 6"; cat cut.out cut.err; }
grep -q "$(basename "$page"): .*ends early" cut.err && ok || { fail "UX N13: the cut page is not named"; cat cut.err; }
[ "$(sqlite3 "$work/cut.db" "SELECT status FROM fetch_runs WHERE source = 'sample' ORDER BY id DESC LIMIT 1")" = partial ] &&
    ok || fail "UX N13: the cut night's run is not partial"
grep -q "^    .*: [0-9-]*, [0-9]*, [0-9]*, last-page, complete" cut.out && ok || { fail "UX N13: no coverage rows"; cat cut.out; }
grep -q "INCOMPLETE" cut.out && ok || fail "UX N13: the last night's coverage shows no incomplete query"
grep -qE "^  skipped in run [0-9]+ \(reason count\): [a-z-]+ [0-9]+" cut.out && ok || { fail "UX N13: no skips by reason"; cat cut.out; }
GPUPRICE_DB="$work/cut.db" "$bin" report --output cutrep --days 5 >/dev/null 2>cutrep.err
col cutrep/gpuprice-used-5d-*[0-9].csv night_status | grep -qv '^complete$' && ok ||
    { fail "UX N13: night_status says complete after a cut night"; col cutrep/gpuprice-used-5d-*[0-9].csv night_status; }

echo "partial night: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
