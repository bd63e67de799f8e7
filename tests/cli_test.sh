#!/usr/bin/env bash
# The gpuprice binary as a user meets it: help, exit codes, errors that name what was wrong.
# Usage: cli_test.sh PATH/TO/gpuprice SOURCE_DIR
set -u
bin=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GPUPRICE_DB="$work/test.db"
passed=0
failed=0

check() {  # check NAME EXPECTED_EXIT COMMAND... ; stdout+stderr kept in $work/out
    local name=$1 expected=$2
    shift 2
    "$@" >"$work/out" 2>&1
    local got=$?
    if [ "$got" -eq "$expected" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name: exit $got, expected $expected"
        sed 's/^/    /' "$work/out"
    fi
}

contains() {  # contains NAME TEXT: the last command's output contains TEXT
    if grep -qF -- "$2" "$work/out"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $1: output lacks '$2'"
        sed 's/^/    /' "$work/out"
    fi
}

check "help" 0 "$bin" --help
contains "help lists commands" "specs"
check "no command" 2 "$bin"
contains "no command says so" "no command given"
check "unknown command" 2 "$bin" frobnicate
contains "unknown command named" "unknown command 'frobnicate'"
contains "usage printed" "Usage: gpuprice"
check "unknown global option" 2 "$bin" --bogus specs
contains "unknown option named" "--bogus"
check "unknown command option" 2 "$bin" specs --bogus
contains "unknown command option named" "bogus"
# UX 21: usage errors point to the command's own help; "did you mean"; a help command.
contains "command usage error points to its help" "(see 'gpuprice specs --help')"
check "mistyped command" 2 "$bin" reprot
contains "mistyped command suggestion" "unknown command 'reprot' (did you mean 'report'?)"
check "swapped letters" 2 "$bin" histroy
contains "swapped letters suggestion" "(did you mean 'history'?)"
check "far-off command" 2 "$bin" frobnicate
# No suggestion: the error line is the unknown command alone.
[ "$(head -1 "$work/out")" = "gpuprice: unknown command 'frobnicate'" ] && passed=$((passed + 1)) ||
    { failed=$((failed + 1)); echo "FAIL: far-off command: $(head -1 "$work/out")"; }
check "mistyped option" 2 "$bin" report --formt table
contains "mistyped option suggestion" "unknown option '--formt' (did you mean '--format'?)"
contains "mistyped option points to report help" "(see 'gpuprice report --help')"
check "mistyped global option" 2 "$bin" --verison
contains "global option keeps its dashes" "unknown option '--verison' (did you mean '--version'?)"
check "help command" 0 "$bin" help
contains "help command lists commands" "unmatched"
grep -qE '^  help +describe' "$work/out" && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: help lists itself"; cat "$work/out"; }
check "help --help" 0 "$bin" help --help
contains "help --help is the help" "Commands:"
check "help with an extra argument" 2 "$bin" help fetch extra
contains "help extra argument named" "help: unexpected argument 'extra'"
check "help with an unknown option" 2 "$bin" help --bogus
contains "help unknown option named" "help: unknown option '--bogus'"
# bash completion: after `help`, the command names; after `help COMMAND`, nothing.
complete_words() {  # complete_words WORD... : what the completion offers for the last word
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _gpuprice; echo "${COMPREPLY[*]}"' \
        _ "$src/cli/gpuprice.bash-completion" "$@"
}
got=$(complete_words "$bin" help rec)
[ "$got" = recommend ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: completion of 'help rec': '$got'"; }
got=$(complete_words "$bin" help "")
case " $got " in *" report "*" unmatched "*) passed=$((passed + 1)) ;; *) failed=$((failed + 1)); echo "FAIL: completion after 'help': '$got'" ;; esac
got=$(complete_words "$bin" help report "")
[ -z "$got" ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: completion after 'help report': '$got'"; }
check "help of a command" 0 "$bin" help report
contains "help report is report's help" "--rank-by"
check "help of an unknown command" 2 "$bin" help reprot
contains "help reprot suggests" "(did you mean 'report'?)"
# UX 20: errors name the real cause and the path as given.
check "extra argument" 2 "$bin" report extra-arg
contains "extra argument named" "report: unexpected argument 'extra-arg'"
check "extra argument of specs" 2 "$bin" specs x y
contains "extra arguments counted" "unexpected argument 'x' (and 1 more)"
check "empty --db" 2 "$bin" --db "" report
contains "empty --db named" "--db is empty"
mkdir "$work/adir"
check "--db a directory, writing" 4 "$bin" --db "$work/adir" init
contains "directory named" "$work/adir is a directory, not a database file"
check "--db a directory, reading" 4 "$bin" --db "$work/adir" report
contains "directory named when reading" "$work/adir is a directory"
check "--db in a missing folder, writing" 4 "$bin" --db "$work/nowhere/x.db" init
contains "missing folder named" "the folder $work/nowhere does not exist"
[ -e "$work/nowhere" ] && { failed=$((failed + 1)); echo "FAIL: init created the folder it was not asked to"; } || passed=$((passed + 1))
check "--db in a missing folder, reading" 1 "$bin" --db "$work/nowhere/x.db" report
contains "missing folder named when reading" "the folder $work/nowhere does not exist"
# A first run on a fresh machine: the default data folder does not exist yet; report says how to
# get data, not to point --db somewhere.
check "first report on a fresh machine" 1 env -u GPUPRICE_DB -u XDG_DATA_HOME HOME="$work/freshhome" "$bin" report
contains "first report hints at fetch" "run 'gpuprice fetch' (or 'gpuprice fetch --sample') first"
contains "first report names the default path" "$work/freshhome/.local/share/gpuprice/gpuprice.db"
[ -e "$work/freshhome" ] && { failed=$((failed + 1)); echo "FAIL: report created the data folder"; } || passed=$((passed + 1))
check "--db under a file" 4 "$bin" --db "$work/adir/../out/x.db" init
contains "file as folder named" "is not a folder"
check "negative --min-vram" 2 "$bin" report --min-vram -1
contains "negative --min-vram named" "--min-vram must not be negative"
check "--since in the future" 2 env GPUPRICE_NOW=2026-12-02T03:00:00Z "$bin" report --since 2030-01-01
contains "--since in the future named" "--since 2030-01-01 is after today (2026-12-02)"
# A date before 1970 or after 2100, or not exactly YYYY-MM-DD, is refused, naming the option
# (the year 1000 once overflowed the clock's arithmetic).
check "--since in the year 1000" 2 "$bin" report --since 1000-01-01
contains "--since in the year 1000 named" "--since '1000-01-01' is not a date from 1970-01-01 to 2100-12-31 (YYYY-MM-DD)"
check "history --since with a sign" 2 "$bin" history --model "RTX 3090" --since +026-01-01
contains "history --since with a sign named" "--since '+026-01-01' is not a date from 1970-01-01"
check "missing secret named" 5 env -u EBAY_CLIENT_SECRET EBAY_CLIENT_ID=x HOME="$work" XDG_CONFIG_HOME="$work/cfg" \
    "$bin" --db "$work/nocreds.db" fetch
contains "missing variable named" "EBAY_CLIENT_SECRET is not set"
check "bad precision" 2 "$bin" specs --precision fp64
contains "bad precision named" "unknown precision 'fp64'"
check "command help" 0 "$bin" specs --help
contains "command help lists options" "--precision"

check "init" 0 "$bin" init
contains "init reports models" "GPU models"
check "init quiet" 0 "$bin" --quiet init
[ -s "$work/out" ] && { failed=$((failed + 1)); echo "FAIL: --quiet init printed output"; } || passed=$((passed + 1))

check "specs csv" 0 "$bin" specs --format csv
head -1 "$work/out" | grep -q '^model,architecture,vram_gb,tensor_cores,boost_mhz,tdp_w,slots,tflops' \
    && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: specs csv header"; }
contains "specs csv has the 4090" "RTX 4090,Ada,24,512,2520,450,3.0,165.2,fp16,no"
contains "specs csv has the SKU key" ",current,rtx-4090"
head -1 "$work/out" | grep -q ',flash_attention_2,train_rel,train_basis,llm_tg_tok_s,llm_pp_tok_s,llm_basis,launched' \
    && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: specs csv performance columns"; }
# The RTX 3090 is the reference of every training figure, measured, and llama-bench's 7B Q4_0
# (generation: the geometric mean of its 121.82 and 134.5 tokens/s in two runs).
contains "specs csv: the 3090's measured figures" ",rtx-3090,1,yes,1.00,measured,128.0,3408,measured"
# Catalog audit 3, K19: the launch date, appended last.
contains "specs csv: the 3090's launch, last" ",128.0,3408,measured,2020-09"
grep -q '^GTX 1080,Pascal,8,.*,gtx-1080,1,no,.*,estimated,2016-05.$' "$work/out" \
    && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: specs csv: GTX 1080 dated"; }
contains "specs csv: the P100 in packed FP16" "Tesla P100 16GB,Pascal GP100,16,0,1303,250,2.0,18.7,fp16"
check "specs sparse bf16" 0 "$bin" specs --precision bf16 --sparse --format csv
contains "sparse labelled" "bf16,yes"
check "specs fp32" 0 "$bin" specs --precision fp32 --format csv
contains "specs fp32 has the P40" "Tesla P40,Pascal,24,0,1531,250,2.0,11.8,fp32,no"
contains "specs names the support" "sm_70,legacy: cu126 wheels only (no CUDA 13)"
check "specs lists a precision added by data" 2 "$bin" specs --precision fp64
contains "the error lists the catalog's precisions" "fp4, fp32"

printf 'EVGA RTX 3080 FTW3 12GB\nLot of 2 RTX 3090\nRTX 3080 Ti\tFE\n' | "$bin" match --stdin >"$work/out" 2>&1
printf 'RTX 3080 12GB\t12\tok\tEVGA RTX 3080 FTW3 12GB\n\t\tlot\tLot of 2 RTX 3090\nRTX 3080 Ti\t12\tok\tRTX 3080 Ti FE\n' >"$work/expected"
if cmp -s "$work/out" "$work/expected"; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAIL: match --stdin"; diff "$work/expected" "$work/out"; fi

cp -r "$src/schema/catalog" "$work/badcat"
sed -i 's/^rtx-3090,RTX 3090,NVIDIA,geforce,Ampere GA10x,,24,1,GDDR6X,936,82,328,10496,1695,/rtx-3090,RTX 3090,NVIDIA,geforce,Ampere GA10x,,24,1,GDDR6X,936,82,328,10496,fast,/' "$work/badcat/skus.csv"
check "bad catalog" 3 "$bin" --catalog-dir "$work/badcat" specs
contains "bad catalog names the cell" "skus.csv:"
contains "bad catalog names the column" "column 'boost_mhz'"

sqlite3 "$work/test.db" "PRAGMA user_version = 99" 2>/dev/null || "$bin" init >/dev/null
if command -v sqlite3 >/dev/null; then
    check "newer database refused" 4 "$bin" init
    contains "newer database message" "newer than this gpuprice"
fi

# fetch: credentials are checked before anything is written; the sample runs without them.
check "fetch without credentials" 5 env -u EBAY_CLIENT_ID -u EBAY_CLIENT_SECRET HOME="$work" \
    "$bin" --db "$work/nocreds.db" fetch
contains "missing credentials named" "EBAY_CLIENT_ID"
[ -e "$work/nocreds.db" ] && { failed=$((failed + 1)); echo "FAIL: fetch without credentials wrote a database"; } || passed=$((passed + 1))
check "fetch bad condition" 2 "$bin" fetch --condition mint
check "fetch sample" 0 "$bin" --db "$work/sample.db" fetch --sample
[ -s "$work/out" ] && { failed=$((failed + 1)); echo "FAIL: fetch --sample not quiet off a terminal"; cat "$work/out"; } || passed=$((passed + 1))
check "fetch sample verbose" 0 "$bin" --db "$work/sample.db" --verbose fetch --sample
contains "fetch summary" "listings (0 new)"
verdicts=$(sqlite3 "$work/sample.db" "SELECT (SELECT count(*) FROM listings) - (SELECT count(*) FROM match_results)")
[ "$verdicts" = 0 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: fetch left $verdicts listings without a verdict"; }
# The price history derived by another gpuprice (its record gone, as before one was kept) is
# derived again by init, which a user runs after upgrading.
rollups() { sqlite3 "$work/sample.db" "SELECT * FROM model_nights ORDER BY 1, 2, 3, 4, 5" | md5sum; }
derived=$(rollups)
sqlite3 "$work/sample.db" "DELETE FROM meta WHERE key LIKE 'derived_with:%'; UPDATE model_nights SET median_usd = median_usd + 1"
[ "$(rollups)" != "$derived" ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: the rollups were not changed"; }
check "init derives the history again" 0 "$bin" --db "$work/sample.db" --verbose init
contains "init says it derives again" "deriving it again from every night"
[ "$(rollups)" = "$derived" ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: init did not derive the rollups again"; }
stamped=$(sqlite3 "$work/sample.db" "SELECT count(*) FROM meta WHERE key = 'derived_with:EBAY_US'")
[ "$stamped" = 1 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: init left no record of the derivation"; }
check "init again" 0 "$bin" --db "$work/sample.db" --verbose init
# A current history is not derived again: init says only what the file holds.
grep -qE '^.*sample\.db: schema version [0-9]+, [0-9]+ GPU models in [0-9]+ architectures$' "$work/out" &&
    [ "$(wc -l <"$work/out")" -eq 1 ] && passed=$((passed + 1)) ||
    { failed=$((failed + 1)); echo "FAIL: init again said more than the schema:"; cat "$work/out"; }
# Verdicts made with these rules are current: `match` has nothing to do, --rematch does it all.
check "match stored" 0 "$bin" --db "$work/sample.db" match
contains "match with current verdicts" "matched 0 listings"
check "match --rematch" 0 "$bin" --db "$work/sample.db" match --rematch
contains "match counts ok" "ok"
contains "match counts lots" "lot"
# Rules that changed since (here: one more exclusion row) make a plain `match` rematch everything.
cp -r "$src/schema/catalog" "$work/morerules"
echo "box-only,zzzz never in a title,,always" >>"$work/morerules/exclusions.csv"
check "match after a rule edit" 0 "$bin" --db "$work/sample.db" --catalog-dir "$work/morerules" match
contains "match after a rule edit rematches" "lot"
check "match --stdin --rematch" 2 "$bin" match --stdin --rematch
check "unmatched" 0 "$bin" --db "$work/sample.db" unmatched --limit 3
# The verdicts were made with the edited rules above: the warning says so, under a pipe too.
contains "stale verdicts warned without a terminal" "gpuprice: warning: the listings in"
[ "$(grep -vc '^gpuprice: warning:' "$work/out")" -eq 3 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: unmatched --limit 3"; cat "$work/out"; }

# Problem 6: --count multiplies TDP and slot widths and bounds the planner's loop; unbounded,
# INT_MAX cards overflowed int (UBSan stops the run) or looped for billions of counts.
check "recommend --count INT_MAX" 2 "$bin" --db "$work/sample.db" recommend --budget 8000 --count 2147483647
contains "recommend --count bound named" "--count and --max-count must be 1..64"
check "recommend --max-count 65" 2 "$bin" --db "$work/sample.db" recommend --budget 8000 --max-count 65
check "recommend --count beyond int" 2 "$bin" --db "$work/sample.db" recommend --budget 8000 --count 99999999999

# Power limits as physics (UX N2): a limit under the measured power curve is refused with the
# cards' ranges; a limit the curve covers lowers the plans' TFLOPS, labelled an estimate.
check "recommend --power-limit 20%" 2 "$bin" --db "$work/sample.db" recommend --budget 10000 --count 4 \
    --min-vram 24 --risers --power-limit 20%
contains "power limit under the curve named" "--power-limit 20%: 20% of TDP is under 29%"
contains "power limit refusal gives ranges" "  RTX A5000 100-230 W"
check "recommend --power-limit 70%" 0 "$bin" --db "$work/sample.db" recommend --budget 10000 --count 4 \
    --min-vram 24 --risers --power-limit 70%
contains "estimated TFLOPS heading" "est. TFLOPS fp16"
contains "estimate caveat" "TFLOPS an estimate: at"
# --count 1 is the single-card advice: the same answer as no --count.
check "recommend --count 1" 0 "$bin" --db "$work/sample.db" recommend --budget 1000 --count 1
cp "$work/out" "$work/count1"
check "recommend single" 0 "$bin" --db "$work/sample.db" recommend --budget 1000
cmp -s "$work/out" "$work/count1" && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: --count 1 differs from single-card mode"; diff "$work/count1" "$work/out"; }

# UX N25: the sample holds blower ("Turbo"), hybrid, AIO and waterblocked consumer cards, so the
# planner's cooler rules have something to plan, and Intel's Arc A770 ranks.
check "recommend --cooling blower on the sample" 0 "$bin" --db "$work/sample.db" recommend --budget 5000 \
    --count 4 --min-vram 24 --slots 8 --power-limit 70% --cooling blower --results 10
contains "blower 3090s planned" "4 x RTX 3090"
contains "the blower board named" "2-slot blower (a blower-cooled board)"
check "recommend --cooling water on the sample" 0 "$bin" --db "$work/sample.db" recommend --budget 8000 \
    --count 2 --min-vram 24 --cooling water --results 10
contains "water 4090s planned" "2 x RTX 4090"
contains "water 3090s planned" "2 x RTX 3090"
grep -qE '^ +1  2 x RTX 4090 +water ' "$work/out" && passed=$((passed + 1)) ||
    { failed=$((failed + 1)); echo "FAIL: --cooling water: no water-cooled plan ranked first"; cat "$work/out"; }
check "report ranks Intel on the sample" 0 "$bin" --db "$work/sample.db" report --no-files --format csv
grep -qE '^used,16,[0-9]+,Arc A770 16GB,' "$work/out" && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: the Arc A770 is not ranked"; }

# The plan's heading says dense or sparse once, from the one sparsity definition.
check "recommend sparse" 0 "$bin" --db "$work/sample.db" recommend --budget 8000 --sparse
contains "recommend sparse heading" "fp16-sparse TFLOPS (sparse: inference only)"
grep -qE '^gpuprice recommend: single cards, used, fp16-sparse TFLOPS \(sparse: inference only\);' "$work/out" &&
    passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: recommend --sparse heading:"; head -2 "$work/out"; }
check "recommend dense" 0 "$bin" --db "$work/sample.db" recommend --budget 8000
contains "recommend dense heading" "fp16 TFLOPS (dense)"

# Every option that changes a report's content is in its file name: two reports of one night
# into one folder are two files, never one overwriting the other (UX N3).
mkdir -p "$work/reports"
check "report default" 0 "$bin" --db "$work/sample.db" report --output "$work/reports" --format none
check "report by vram" 0 "$bin" --db "$work/sample.db" report --output "$work/reports" --format none --rank-by vram
check "report min-vram, suspects in" 0 "$bin" --db "$work/sample.db" report --output "$work/reports" --format none \
    --min-vram 24 --include suspect-price,abroad
summaries=$(cd "$work/reports" && ls gpuprice-used-*.csv | grep -v -e '-listings' -e '-cleared' | sort | tr '\n' ' ')
case "$summaries" in
    *"gpuprice-used-by-vram-2"*"gpuprice-used-min24gb-incl-abroad+suspect-price-2"*)
        [ "$(echo $summaries | wc -w)" -eq 3 ] && passed=$((passed + 1)) ||
            { failed=$((failed + 1)); echo "FAIL: three reports expected: $summaries"; } ;;
    *) failed=$((failed + 1)); echo "FAIL: report file names: $summaries" ;;
esac
# --no-files: the table only, nothing written.
check "report --no-files" 0 "$bin" --db "$work/sample.db" report --output "$work/nofiles" --no-files --format table
contains "report --no-files prints the table" "== used ("
[ -e "$work/nofiles" ] && { failed=$((failed + 1)); echo "FAIL: --no-files wrote $(ls "$work/nofiles")"; } || passed=$((passed + 1))
check "report --no-files --format none" 2 "$bin" --db "$work/sample.db" report --no-files --format none
# Stale data: report and history warn as recommend does, when the last night is days old.
check "report on stale data" 0 env GPUPRICE_NOW=2030-01-01T03:00:00Z "$bin" --db "$work/sample.db" report --no-files
contains "report warns of stale prices" "days old: is the nightly fetch running?"
check "history on stale data" 0 env GPUPRICE_NOW=2030-01-01T03:00:00Z "$bin" --db "$work/sample.db" history --model "RTX 3090"
contains "history warns of stale prices" "days old: is the nightly fetch running?"
# Fresh data: the table, without the warning the two checks above pin word for word.
check "report on fresh data" 0 "$bin" --db "$work/sample.db" report --no-files
contains "report on fresh data prints the table" "== used (as of"
grep -qF "days old: is the nightly fetch running?" "$work/out" && { failed=$((failed + 1)); echo "FAIL: fresh data called stale"; } || passed=$((passed + 1))

# history --model: one suggestion when a model is close, a short list at most, never the catalog.
check "history mistyped model" 2 "$bin" --db "$work/sample.db" history --model "RTX 309O"
contains "history suggests the closest model" "no model 'RTX 309O' in the catalog (did you mean 'RTX 3090'?)"
check "history one letter" 2 "$bin" --db "$work/sample.db" history --model x
contains "history one letter points to specs" "no model 'x' in the catalog (see gpuprice specs)"
[ "$(wc -c <"$work/out")" -lt 200 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: history --model x lists too much"; cat "$work/out"; }
check "history part of a name" 2 "$bin" --db "$work/sample.db" history --model 3090
contains "history lists the few that contain it" "did you mean: RTX 3090, RTX 3090 Ti"
check "history a name and more" 2 "$bin" --db "$work/sample.db" history --model "RTX 3090 FE 24GB"
contains "history names the model inside" "did you mean: RTX 3090"
check "history by SKU key" 0 "$bin" --db "$work/sample.db" history --model rtx-3090 --format csv
contains "history by key shows the display name" ",used,RTX 3090,"

# One --format parser: every command names the same choices; only report takes none.
for cmd in "specs" "history --model 'RTX 3090'" "recommend --budget 8000" "report"; do
    eval "check \"$cmd --format json\" 2 \"\$bin\" --db \"\$work/sample.db\" $cmd --format json"
    if [ "$cmd" = report ]; then contains "$cmd format choices" "--format must be table, csv or none"
    else contains "$cmd format choices" "--format must be table or csv"; fi
done
check "specs --format none" 2 "$bin" specs --format none
# The sparse label: one suffix in the table heading and the file names.
check "specs sparse table" 0 "$bin" specs --precision bf16 --sparse
contains "specs sparse heading" "bf16-sparse"

# UX N22: names in any case, as --model; a number written as a price; another market's prices.
check "condition and precision in capitals" 0 "$bin" --db "$work/sample.db" report --condition Used \
    --precision FP16 --no-files
contains "capitals read as the names" "== used (as of"
check "history condition in capitals" 0 "$bin" --db "$work/sample.db" history --model rtx-3090 --condition USED
for budget in '$1000' 1,000 4k; do
    check "recommend --budget $budget" 2 "$bin" --db "$work/sample.db" recommend --budget "$budget"
    contains "--budget $budget named" "--budget '$budget' is not a number: write digits only, without a currency sign, thousands separators or k; --budget: for all the cards together"
done
check "recommend --count 2.5" 2 "$bin" --db "$work/sample.db" recommend --budget 4000 --count 2.5
contains "--count 2.5 named" "--count '2.5' is not a whole number; --count: plan a box of exactly N cards"
check "report of a market not fetched" 1 "$bin" --db "$work/sample.db" report --marketplace EBAY_GB --no-files
contains "the market not fetched named" "no EBAY_GB prices in $work/sample.db yet; fetch them with 'gpuprice fetch --marketplace EBAY_GB'"
check "recommend of a market not fetched" 1 "$bin" --db "$work/sample.db" recommend --budget 900 --marketplace EBAY_GB
contains "recommend: the market not fetched named" "no EBAY_GB prices"
# UX P16: a market in any case (named in its own spelling); watts are no money; no box of 0 cards;
# "80" is watts, said.
check "a market in lower case" 1 "$bin" --db "$work/sample.db" report --marketplace ebay_gb --no-files
contains "lower-case market read as EBAY_GB" "no EBAY_GB prices"
check "recommend --outlet-watts abc" 2 "$bin" --db "$work/sample.db" recommend --budget 4000 --outlet-watts abc
contains "watts without currency advice" "--outlet-watts 'abc' is not a number: write digits only; --outlet-watts"
check "recommend --count 0" 2 "$bin" --db "$work/sample.db" recommend --budget 4000 --count 0
contains "--count 0 refused" "--count and --max-count must be 1..64"
check "recommend --power-limit 80" 0 "$bin" --db "$work/sample.db" recommend --budget 4000 --count 2 --power-limit 80
contains "--power-limit 80 said to be watts" "--power-limit 80 is 80 W per card; for a share of each card's TDP write 80%"
# UX P4 on the sample: $8,000 for 4 cards names what would admit a better box, with figures.
check "recommend --budget 8000 --count 4" 0 "$bin" --db "$work/sample.db" recommend --budget 8000 --count 4
contains "what would make it better" "what would make it better:"
contains "a wider slot limit named" "+ with --slots 8 (a case with 8 slot openings): 4 x"

# UX N21: the completion offers each option's values, not option names. Every value it offers is
# one the binary takes, and every value the binary names in its error for a bad one is offered.
values_of() {  # values_of COMMAND OPTION: the completion's words after `gpuprice COMMAND OPTION`
    complete_words "$bin" "$1" "$2" ""
}
accepted() {  # accepted COMMAND OPTION VALUE: the binary takes the value (no usage error)
    local extra=""
    case $1 in
        report) extra="--no-files" ;;
        recommend) extra="--budget 4000" ;;
        history) [ "$2" = --model ] || extra="--model rtx-3090" ;;
    esac
    [ "$2" = --format ] && [ "$3" = html ] && extra="--output $work/page"
    [ "$2" = --format ] && [ "$3" = none ] && extra=""
    mkdir -p "$work/page"
    "$bin" --db "$work/sample.db" "$1" $extra "$2" "$3" >"$work/out" 2>&1
    [ $? -ne 2 ]
}
for pair in report:--condition report:--precision report:--format report:--price report:--rank-by \
            report:--marketplace report:--include recommend:--objective recommend:--cooling \
            recommend:--format history:--by history:--format history:--model specs:--format; do
    command=${pair%%:*} option=${pair#*:}
    got=$(values_of "$command" "$option")
    if [ -z "$got" ] || [[ " $got" == *" --"* ]]; then
        failed=$((failed + 1)); echo "FAIL: completion after '$command $option': '$got'"; continue
    fi
    # Every model key is counted against the catalog below; three of them run here.
    [ "$option" = --model ] && got=$(echo $got | cut -d' ' -f1-3)
    for value in $got; do
        accepted "$command" "$option" "$value" && passed=$((passed + 1)) ||
            { failed=$((failed + 1)); echo "FAIL: completion offers $command $option $value; binary says:"; cat "$work/out"; }
    done
    # The values the binary names for a bad one: after the value, words of letters, digits, - and _.
    [ "$option" = --model ] && continue
    "$bin" --db "$work/sample.db" "$command" $([ "$command" = recommend ] && echo --budget 4000) \
        $([ "$command" = history ] && echo --model rtx-3090) "$option" bogus >"$work/out" 2>&1
    named=$(head -1 "$work/out" | sed -n -e "s/.*bogus'\{0,1\}[^a-zA-Z]*//p" -e "s/.* must be //p" | tr -c 'a-zA-Z0-9_-' '\n' |
        grep -vxE 'is|not|one|of|or|and|use|must|be|comma-separated|format|--format|' | sort -u)
    [ -n "$named" ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: $command $option bogus names no values"; cat "$work/out"; }
    for value in $named; do
        [[ " $got " == *" $value "* ]] && passed=$((passed + 1)) ||
            { failed=$((failed + 1)); echo "FAIL: $command $option: the binary names '$value', the completion offers '$got'"; }
    done
done
# UX P17: after an option that takes a number, nothing (not the option list); after `watch add`,
# the model keys.
for pair in recommend:--budget recommend:--slots recommend:--power-limit; do
    got=$(values_of "${pair%%:*}" "${pair#*:}")
    [ -z "$got" ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: completion after '${pair/:/ }': '$got'"; }
done
got=$(complete_words "$bin" watch add rtx-309)
case " $got " in *" rtx-3090 "*) passed=$((passed + 1)) ;; *) failed=$((failed + 1)); echo "FAIL: completion after 'watch add': '$got'" ;; esac
# Every precision of the catalog, and every model key of `specs`.
got=$(values_of report --precision)
want=$(grep -v '^#' "$src/schema/catalog/precisions.csv" | tail -n +2 | cut -d, -f1 | xargs)
[ "$got" = "$want" ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: --precision completion '$got', catalog '$want'"; }
got=$(values_of history --model | wc -w)
want=$(grep -v '^#' "$src/schema/catalog/skus.csv" | tail -n +2 | wc -l)
[ "$got" -eq "$want" ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: --model completion offers $got keys, the catalog has $want"; }
got=$(complete_words "$bin" history --model rtx-309)
[ "$got" = "rtx-3090 rtx-3090-ti" ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: completion of '--model rtx-309': '$got'"; }

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
