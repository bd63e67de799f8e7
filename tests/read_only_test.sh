#!/usr/bin/env bash
# Commands that only read open the database read-only: a database in a folder the user may not
# write (a cron user's, shared) is reported from, and is left exactly as it was. An out-of-date
# schema is refused with what to do; a changed catalog is reported, not stored.
# Usage: read_only_test.sh PATH/TO/gpuprice SOURCE_DIR
set -u
bin=$1
src=$2
work=$(mktemp -d)
chmod 755 "$work"
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

# Run as someone who cannot write the database: as root, drop to nobody (root ignores modes).
reader() {
    if [ "$(id -u)" -eq 0 ]; then
        setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME=/nonexistent "$@"
    else
        "$@"
    fi
}

mkdir "$work/shared" "$work/out"
chmod 777 "$work/out"
db=$work/shared/gpuprice.db
"$bin" --db "$db" fetch --sample >/dev/null 2>&1 || { fail "fetch --sample"; exit 1; }
# nobody may not reach a build folder under a private one (a checkout in /root, a 0700 temp
# folder): then nobody runs a copy of the binary, with a copy of the catalog.
if [ "$(id -u)" -eq 0 ] && ! reader test -x "$bin"; then
    mkdir "$work/bin"
    cp "$bin" "$work/bin/"
    bin=$work/bin/$(basename "$bin")
    cp -r "$src/schema/catalog" "$work/catalog"
    export GPUPRICE_CATALOG_DIR=$work/catalog
fi
chmod 444 "$db" "$db"-*
chmod 555 "$work/shared"
before=$(cd "$work/shared" && sha256sum * | sort)

reader "$bin" --db "$db" report --output "$work/out" --format csv >"$work/report.csv" 2>"$work/err"
[ $? -eq 0 ] && ok || { fail "report from a read-only database"; cat "$work/err"; }
grep -q "^used,24,1," "$work/report.csv" && ok || fail "report has no ranked row"
ls "$work"/out/gpuprice-used-*.csv >/dev/null 2>&1 && ok || fail "report CSV not written"
reader "$bin" --db "$db" recommend --budget 1000 >"$work/rec" 2>"$work/err"
[ $? -eq 0 ] && grep -q "prices as of" "$work/rec" && ok || { fail "recommend read-only"; cat "$work/err"; }
reader "$bin" --db "$db" history --model "RTX 3090" >/dev/null 2>"$work/err"
[ $? -eq 0 ] && ok || { fail "history read-only"; cat "$work/err"; }
reader "$bin" --db "$db" unmatched --limit 3 >/dev/null 2>"$work/err"
[ $? -eq 0 ] && ok || { fail "unmatched read-only"; cat "$work/err"; }
after=$(cd "$work/shared" && sha256sum * | sort)
[ "$before" = "$after" ] && ok || { fail "the read-only database changed"; diff <(echo "$before") <(echo "$after"); }

# A writing command says it needs write access, and leaves the file alone.
reader "$bin" --db "$db" fetch --sample >/dev/null 2>"$work/err"
code=$?
[ "$code" -eq 4 ] && grep -q "needs write access to $db" "$work/err" && ok || { fail "fetch into a read-only file: $code"; cat "$work/err"; }

# A catalog that differs from the stored one: reported from, with a note, nothing stored.
cp -r "$src/schema/catalog" "$work/newcat"
sed -i 's/^rtx-3090,RTX 3090,NVIDIA,geforce,Ampere GA10x,,24,1,GDDR6X,936,82,328,10496,1695,/rtx-3090,RTX 3090,NVIDIA,geforce,Ampere GA10x,,24,1,GDDR6X,936,82,328,10496,1700,/' "$work/newcat/skus.csv"
cmp -s "$src/schema/catalog/skus.csv" "$work/newcat/skus.csv" && fail "catalog edit did not apply"
reader "$bin" --db "$db" --catalog-dir "$work/newcat" --verbose report --output "$work/out" >/dev/null 2>"$work/err"
[ $? -eq 0 ] && grep -q "listings in $db were matched with other catalog or rule files" "$work/err" \
    && grep -q "gpuprice match --rematch" "$work/err" && ok || { fail "changed catalog note"; cat "$work/err"; }
# Under cron or a pipe, without --verbose, the warning still reaches stderr; --quiet silences it.
reader "$bin" --db "$db" --catalog-dir "$work/newcat" report --output "$work/out" 2>&1 >/dev/null |
    cat >"$work/err"
grep -q "^gpuprice: warning: the listings in $db were matched with other catalog" "$work/err" &&
    ok || { fail "the warning is lost under a pipe"; cat "$work/err"; }
reader "$bin" --db "$db" --catalog-dir "$work/newcat" --quiet report --output "$work/out" 2>&1 \
    >/dev/null | cat >"$work/err"
! grep -q "were matched with" "$work/err" && ok || { fail "--quiet still warned"; cat "$work/err"; }
# A rule file alone (no spec figure) changes every verdict too: the same note.
cp -r "$src/schema/catalog" "$work/newrules"
echo "not-a-gpu,rtx,,always" >>"$work/newrules/exclusions.csv"
reader "$bin" --db "$db" --catalog-dir "$work/newrules" --verbose report --output "$work/out" >/dev/null 2>"$work/err"
[ $? -eq 0 ] && grep -q "were matched with other catalog or rule files" "$work/err" && ok || { fail "changed rules note"; cat "$work/err"; }
# An identical catalog in another folder is the same catalog: no note.
cp -r "$src/schema/catalog" "$work/samecat"
reader "$bin" --db "$db" --catalog-dir "$work/samecat" --verbose report --output "$work/out" >/dev/null 2>"$work/err"
[ $? -eq 0 ] && ! grep -q "were matched with" "$work/err" && ok || { fail "identical catalog elsewhere warned"; cat "$work/err"; }
after=$(cd "$work/shared" && sha256sum * | sort)
[ "$before" = "$after" ] && ok || fail "the changed catalog was written into the read-only database"

# An older schema: a reading command does not upgrade it; it says to run init.
chmod 755 "$work/shared"
cp "$db" "$work/old.db"
chmod 644 "$work/old.db"
sqlite3 "$work/old.db" "PRAGMA user_version = 1"
"$bin" --db "$work/old.db" report --output "$work/out" >/dev/null 2>"$work/err"
code=$?
[ "$code" -eq 4 ] && grep -q "older than this gpuprice" "$work/err" && grep -q "gpuprice init" "$work/err" \
    && ok || { fail "older schema: exit $code"; cat "$work/err"; }
[ "$(sqlite3 "$work/old.db" "PRAGMA user_version")" = 1 ] && ok || fail "the reading command migrated"

# An empty file (new; a fetch may be creating it): named as empty, not as an older schema.
: > "$work/empty.db"
"$bin" --db "$work/empty.db" report --output "$work/out" >/dev/null 2>"$work/err"
code=$?
[ "$code" -eq 4 ] && grep -q "holds no gpuprice data yet" "$work/err" && ! grep -q "older than" "$work/err" \
    && ok || { fail "empty file: exit $code"; cat "$work/err"; }
[ ! -s "$work/empty.db" ] && ok || fail "the reading command wrote into the empty file"

echo "read-only: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
