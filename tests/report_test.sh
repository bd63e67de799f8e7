#!/usr/bin/env bash
# The report as a user meets it, end to end on the bundled sample: fetch --sample, report with
# a chart, the CSV opened by a real spreadsheet engine (LibreOffice) and read back, the chart
# rendered to PNG, history and recommend.
# Usage: report_test.sh PATH/TO/gpuprice
set -u
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export GPUPRICE_DB="$work/report.db"
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

"$bin" fetch --sample || fail "fetch --sample"
# A listing whose title is a formula, matched like any other card.
sqlite3 "$GPUPRICE_DB" "UPDATE listings SET title = '=1+1 ' || title WHERE id = (SELECT l.id FROM listings l JOIN match_results m ON m.listing_id = l.id JOIN price_observations o ON o.listing_id = l.id WHERE m.model = 'rtx-3090' AND o.condition_id = 3000 AND o.observed_on = (SELECT max(observed_on) FROM price_observations) LIMIT 1)"
"$bin" match >/dev/null || fail "match"
"$bin" report --condition used --chart --output out >stdout.txt 2>stderr.txt || fail "report exit $?"
grep -q "^rank " stdout.txt && ok || fail "report printed no table to a non-terminal stdout (UX 10)"
csv=$(ls out/gpuprice-used-*[0-9].csv 2>/dev/null | head -1)
listings=$(ls out/gpuprice-used-*-listings.csv 2>/dev/null | head -1)
svg=$(ls out/gpuprice-used-*.svg 2>/dev/null | head -1)
[ -n "$csv" ] && [ -n "$listings" ] && [ -n "$svg" ] && ok || { fail "report files missing"; ls -R out; }

# UX 12: an SXM module is shown apart (unranked, its form factor where the rank goes) unless
# --include-sxm ranks it among the PCIe cards, as recommend plans it only with --include-sxm.
grep -q '^used,16,,Tesla V100 SXM2 16GB,.*,SXM2,' "$csv" && ok || fail "SXM module ranked among PCIe cards"
# The sample's Arc A770s (UX N25) rank first of 16 GB; the PCIe V100 comes next, the module apart.
grep -q '^used,16,1,Arc A770 16GB,' "$csv" && ok || fail "the Arc A770 is not first of 16 GB"
grep -q '^used,16,2,Tesla V100 PCIe 16GB,' "$csv" && ok || fail "the PCIe V100 is not second of 16 GB"
# The marks column (L, l, b, f) sits between the rank and the name.
grep -qE '^SXM2 [Llbf ]* Tesla V100 SXM2 16GB ' stdout.txt && ok || fail "the table does not mark the module"
grep -q -- '--include-sxm ranks it' stdout.txt && ok || fail "the table does not explain the mark"
[ "$(wc -L <stdout.txt)" -le 80 ] && ok || fail "table wider than 80 columns: $(wc -L <stdout.txt)"
"$bin" report --include-sxm --format csv --output out-sxm >sxm.csv || fail "report --include-sxm"
grep -q '^used,16,1,Tesla V100 SXM2 16GB,' sxm.csv && ok || fail "--include-sxm does not rank the module"
# UX 13: each class on its own axis, one colour per class whatever the sections before it.
sections=$(grep -c '^-- ' stdout.txt)
axes=$(grep -c '>GFLOPS per USD</text>' "$svg")
[ "$axes" -ge 5 ] && [ "$axes" -le "$sections" ] && ok || fail "chart axes: $axes for $sections classes"
grep -q 'fill="#e15759">20-24 GB - used' "$svg" && ok || fail "20-24 GB colour in the used chart"
"$bin" report --condition all --chart --format none --output out-chart-all || fail "report all --chart"
grep -q 'fill="#e15759">20-24 GB - used' out-chart-all/*.svg && ok || fail "20-24 GB colour in the all chart"
grep -q 'fill="#e15759">20-24 GB - new' out-chart-all/*.svg && ok || fail "20-24 GB colour of new"
# UX P16: priced by the cleared median, the table shows it once, as the basis, and does not
# list it among the columns left out to fit.
COLUMNS=100 "$bin" report --price cleared --no-files >cleared.txt 2>/dev/null || fail "report --price cleared"
grep -q '^rank .* cleared ' cleared.txt && ok || fail "no cleared basis column: $(grep '^rank' cleared.txt | head -1)"
grep -q '^(left out to fit' cleared.txt && ok || fail "nothing left out at 100 columns"
grep -A2 '^(left out to fit' cleared.txt | tr '\n' ' ' | grep -qE '(: |, )cleared[,;]' &&
    fail "the shown basis is listed as left out: $(grep -A2 '^(left out' cleared.txt)" || ok
# UX P14: each condition its own chart, not one 5,000 px column of them all.
used_chart=$(ls out-chart-all/gpuprice-all-*-used.svg 2>/dev/null | head -1)
new_chart=$(ls out-chart-all/gpuprice-all-*-new.svg 2>/dev/null | head -1)
[ -n "$used_chart" ] && [ -n "$new_chart" ] && ok || { fail "no chart per condition"; ls out-chart-all; }
grep -q -- '- new</text>' "$used_chart" && fail "the used chart draws new cards" || ok
grep -q -- '- used</text>' "$new_chart" && fail "the new chart draws used cards" || ok

# The spreadsheet engine reads the CSV and writes it back: values survive, formulas do not run.
export HOME="$work/home"
if soffice --headless --norestore --infilter="CSV:44,34,76,1" \
        --convert-to 'csv:Text - txt - csv (StarCalc):44,34,76,1' --outdir lo "$csv" "$listings" >lo.log 2>&1; then
    ok
else
    fail "LibreOffice could not convert"; cat lo.log
fi
python3 - "$csv" "lo/$(basename "$csv")" "$listings" "lo/$(basename "$listings")" <<'PY' && ok || fail "spreadsheet round trip"
import csv, sys
def rows(path):
    with open(path, newline='', encoding='utf-8') as f:
        return list(csv.reader(f))
ours, theirs = rows(sys.argv[1]), rows(sys.argv[2])
assert ours[0] == theirs[0], (ours[0], theirs[0])
assert len(ours) == len(theirs) > 10, (len(ours), len(theirs))
for a, b in zip(ours[1:], theirs[1:]):
    for name, x, y in zip(ours[0], a, b):
        if x == y:
            continue
        assert x and y, (name, x, y)
        assert abs(float(x) - float(y)) < 1e-9, (name, x, y)  # 2.50 reads back as 2.5
lo_titles = [r[3] for r in rows(sys.argv[4])[1:]]
our_titles = [r[3] for r in rows(sys.argv[3])[1:]]
formula = [t for t in our_titles if t.startswith("'=1+1 ")]
assert len(formula) == 1, formula
assert formula[0] in lo_titles, "the defused title did not survive as text"
assert not any(t.startswith("2 ") for t in lo_titles), "a title ran as a formula"
PY

# The chart renders.
if rsvg-convert -o chart.png "$svg" && python3 - chart.png <<'PY'
import struct, sys
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n'
width, height = struct.unpack('>II', data[16:24])
assert width >= 900 and height >= 400, (width, height)
assert len(data) > 20000, len(data)  # bars and text, not a blank page
PY
then ok; else fail "chart did not render"; fi

"$bin" history --model "RTX 3090" --format csv >history.csv || fail "history"
grep -q '^night,condition,model,listings' history.csv && grep -q ',used,RTX 3090,' history.csv && ok || fail "history csv"
"$bin" history --model "RTX 9090" >/dev/null 2>history.err
[ $? -eq 2 ] && grep -q "no model 'RTX 9090'" history.err && ok || fail "history unknown model"
"$bin" recommend --budget 1000 --min-vram 24 >recommend.txt || fail "recommend"
grep -qE '^(20-24|32|40-48|80) GB +#[0-9]+ of ' recommend.txt && grep -q 'prices as of 20' recommend.txt && ok ||
    { fail "recommend output"; cat recommend.txt; }
# A 4-GPU box on an 8-slot case and one 15 A outlet: every plan fits, the table is narrow.
"$bin" recommend --budget 8000 --count 4 --min-vram 24 --slots 8 >recommend4.txt || fail "recommend 4"
grep -q '^   1  4 x ' recommend4.txt && ok || { fail "recommend 4 output"; cat recommend4.txt; }
awk 'length > 100 { bad = 1 } END { exit bad }' recommend4.txt && ok || fail "recommend wider than 100"
"$bin" recommend --budget 8000 --count 4 --min-vram 24 --slots 8 --power-limit 80% --format csv \
    >recommend4.csv || fail "recommend csv"
head -1 recommend4.csv | grep -q '^rank,count,model,condition,total_price_usd,total_tflops,total_vram_gb,total_watts,slots_used,item_ids' &&
    ok || fail "recommend csv header"
python3 - recommend4.csv <<'PY' && ok || fail "recommend csv rows"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
assert rows, "no plan"
for r in rows:
    assert int(r["slots_used"]) <= 8 and int(r["total_watts"]) <= 1040, r
    assert len(r["item_ids"].split(" ")) == int(r["count"]) == 4, r
PY
"$bin" recommend --budget 100 --count 4 >nothing.txt || fail "recommend nothing"
grep -q '^nothing fits: budget' nothing.txt && ok || { fail "nothing fits"; cat nothing.txt; }
"$bin" recommend --help >recommend-help.txt || fail "recommend --help"
for o in budget count max-count slots outlet-watts system-watts power-limit cooling risers \
         include-sxm objective results format precision condition min-vram min-listings; do
    grep -q -- "--$o" recommend-help.txt || fail "recommend --help lacks --$o"
done
ok
head -1 "$listings" | grep -q ',url,currency,decided_by,cooler,slot_width' && ok || fail "listings csv attribute columns"
# Verdicts made before attributes were stored (migration 0021 marks them): the listings CSV reads
# the attributes from the titles, with the page written beside it or not.
builds() {  # builds LISTINGS_CSV: rows whose cooler or slot width is known
    python3 -c 'import csv, sys; print(sum(1 for r in csv.DictReader(open(sys.argv[1], newline="")) if r["cooler"] or r["slot_width"]))' "$1"
}
known=$(builds "$listings")
cp "$GPUPRICE_DB" old-verdicts.db
sqlite3 old-verdicts.db "UPDATE match_results SET attributes_extracted = 0"
"$bin" --db old-verdicts.db report --condition used --format none --output out-old 2>/dev/null || fail "report on old verdicts"
"$bin" --db old-verdicts.db report --condition used --format html --output out-old-page >/dev/null 2>&1 || fail "page on old verdicts"
[ "$known" -gt 0 ] && ok || fail "the sample's listings CSV knows no card's build"
for f in out-old/gpuprice-used-*-listings.csv out-old-page/gpuprice-used-*-listings.csv; do
    [ "$(builds $f)" = "$known" ] && ok || fail "$f: $(builds $f) builds known, $known from stored attributes"
done
"$bin" report --condition all --format csv --output out-all >all.csv || fail "report all"
for c in new used refurbished open-box; do grep -q "^$c," all.csv || fail "no $c section"; done
ok
"$bin" report --precision tf32 --format table --output out-tf32 >tf32.txt || fail "report tf32"
grep -q 'Tesla V100' tf32.txt && ok || fail "tf32 table"
# Cards without tensor cores: shown in the default report with their fp32 figure, unranked;
# ranked against the others with --precision fp32.
"$bin" report --format csv --output out-fp16 >fp16.csv || fail "report fp16 csv"
grep -q '^used,24,,Tesla P40,Pascal,.*,fp32 (no matrix units),11.8,' fp16.csv && ok || fail "P40 fp32 fallback"
"$bin" report --precision fp32 --format csv --output out-fp32 >fp32.csv || fail "report fp32"
python3 - fp32.csv <<'PY' && ok || fail "fp32 ranks Pascal and Maxwell"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
ranked = {r['model']: int(r['rank']) for r in rows if r['rank']}
assert 'Tesla P40' in ranked and 'Tesla M40 24GB' in ranked, ranked
assert 'RTX 3090' in ranked, ranked
assert all(r['precision'] == 'fp32' for r in rows), set(r['precision'] for r in rows)
PY
# --rank-by bandwidth: within a class, rank follows GB/s per USD.
"$bin" report --rank-by bandwidth --format csv --output out-bw >bw.csv || fail "report bandwidth"
python3 - bw.csv <<'PY' && ok || fail "rank by bandwidth"
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1], newline='')) if r['rank']]
assert len(rows) > 10
for cls in set(r['vram_class_gb'] for r in rows):
    ranked = sorted((r for r in rows if r['vram_class_gb'] == cls), key=lambda r: int(r['rank']))
    values = [float(r['bandwidth_gbs_per_usd']) for r in ranked]
    assert values == sorted(values, reverse=True), (cls, values)
PY
# --rank-by training: within a class, rank follows train_per_kusd; the 3090 trains more per
# dollar than the Titan RTX and the Quadro RTX 6000 that GFLOPS/$ ranks above it (issue 40).
"$bin" report --rank-by training --format csv --output out-train >train.csv || fail "report training"
python3 - train.csv <<'PY' && ok || fail "rank by training"
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1], newline='')) if r['condition'] == 'used']
ranked = [r for r in rows if r['rank']]
assert len(ranked) > 10
for cls in set(r['vram_class_gb'] for r in ranked):
    ordered = sorted((r for r in ranked if r['vram_class_gb'] == cls), key=lambda r: int(r['rank']))
    values = [float(r['train_per_kusd']) for r in ordered]
    assert values == sorted(values, reverse=True), (cls, values)
rank = {r['model']: int(r['rank']) for r in ranked}
assert rank['RTX 3090'] < rank['Titan RTX'] and rank['RTX 3090'] < rank['Quadro RTX 6000'], rank
by = {r['model']: r for r in rows}
assert by['RTX 3090']['perf_basis'] == 'measured/measured', by['RTX 3090']['perf_basis']
assert by['RTX 3090']['rank_by'] == 'training'
PY
"$bin" report --rank-by speed >/dev/null 2>rankby.err
[ $? -eq 2 ] && grep -q "unknown --rank-by 'speed'" rankby.err && ok || fail "bad --rank-by"
# The support caveat: a column in the report, hidden with --supported-only, said by recommend.
# Volta and older run on PyTorch's cu126 legacy wheels (supported, with a caveat); the Tesla K80
# (sm_37) runs on nothing current.
grep -q ',legacy: cu126 wheels only (no CUDA 13)' fp16.csv && ok || fail "support column"
grep -q ',legacy: no CUDA 12' fp16.csv && ok || fail "support column of the K80"
"$bin" report --supported-only --format csv --output out-sup >sup.csv || fail "supported-only"
grep -q 'legacy: no CUDA 12' sup.csv && fail "supported-only kept an unsupported card" || ok
grep -q 'legacy: cu126' sup.csv && ok || fail "supported-only dropped the legacy-wheel cards"
grep -q ',current' sup.csv && ok || fail "supported-only lost the current cards"
"$bin" recommend --budget 1100 --min-vram 12 --precision fp32 --results 40 >rec-legacy.txt || fail "recommend legacy"
grep -q '! legacy: no CUDA 12' rec-legacy.txt && ok || { fail "recommend caveat"; cat rec-legacy.txt; }
"$bin" recommend --budget 1100 --min-vram 12 --precision fp32 --results 40 --supported-only >rec-sup.txt || fail "recommend supported-only"
grep -q 'no CUDA 12' rec-sup.txt && fail "recommend --supported-only suggested an unsupported card" || ok

"$bin" --db "$work/missing.db" report >/dev/null 2>empty.err
[ $? -eq 1 ] && grep -q "no database at" empty.err && [ ! -e "$work/missing.db" ] && ok || fail "report on a missing database"
"$bin" --db "$work/empty.db" init >/dev/null
"$bin" --db "$work/empty.db" report >/dev/null 2>empty.err
[ $? -eq 1 ] && grep -q "no EBAY_US prices" empty.err && ok || fail "report on an empty database"

echo "report: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
