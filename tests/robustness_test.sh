#!/usr/bin/env bash
# Faults a process meets from outside: a full disk (a file-size limit) in the middle of an
# ingest. The database must stay consistent, the error must say what happened, and the next
# run must complete.
# Usage: robustness_test.sh PATH/TO/gpuprice
set -u
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

db="$work/full.db"
"$bin" --db "$db" init >/dev/null || fail "init"
# 1 MB of file size: the sample needs several. SIGXFSZ ignored, so writes fail with EFBIG.
( trap '' XFSZ; ulimit -f 1024; exec "$bin" --db "$db" fetch --sample ) >"$work/out" 2>"$work/err"
code=$?
[ "$code" -ne 0 ] && ok || fail "a full disk went unnoticed (exit 0)"
[ "$code" -eq 4 ] && ok || { fail "full disk exit $code, expected 4"; cat "$work/err"; }
grep -qiE "disk full|too large|No space" "$work/err" && ok || { fail "the error does not say the disk is full"; cat "$work/err"; }
[ "$(sqlite3 "$db" 'PRAGMA integrity_check')" = ok ] && ok || fail "integrity_check after a full disk"
before=$(sqlite3 "$db" "SELECT count(*) FROM listings")
[ "$before" -gt 0 ] && ok || fail "no page was committed before the disk filled ($before)"

"$bin" --db "$db" fetch --sample >"$work/out" 2>"$work/err" && ok || { fail "the next run failed"; cat "$work/err"; }
fresh="$work/fresh.db"
"$bin" --db "$fresh" fetch --sample >/dev/null 2>&1
[ "$(sqlite3 "$db" 'SELECT count(*) FROM listings')" = "$(sqlite3 "$fresh" 'SELECT count(*) FROM listings')" ] && ok || fail "listings differ from a clean run"
[ "$(sqlite3 "$db" "SELECT count(*) FROM fetch_runs WHERE status = 'running'")" = 0 ] && ok || fail "a run was left running"
[ "$(sqlite3 "$db" 'PRAGMA integrity_check')" = ok ] && ok || fail "integrity_check after the rerun"

echo "robustness: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
