#!/usr/bin/env bash
# gpuprice installed the way a packager installs it: `cmake --install --prefix` into a temporary
# prefix, the prefix then moved (nothing may point back into the build or source tree), and the
# installed binary run from / with an empty HOME: --version, fetch --sample, report (written
# under the XDG data home), the man page read with man -l and checked against every option of
# every command's --help, the bash completion, gpuprice-nightly, the systemd units.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -u
build=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

if ! cmake --install "$build" --prefix "$work/staged" >"$work/install.log" 2>&1; then
    fail "cmake --install"; cat "$work/install.log"; exit 1
fi
mv "$work/staged" "$work/prefix"  # relocated: only paths relative to the binary still work
prefix=$work/prefix
for f in bin/gpuprice bin/gpuprice-nightly share/gpuprice/catalog/skus.csv \
         share/gpuprice/catalog/aliases.csv share/gpuprice/sample-data/night-0/a100-1.json \
         share/man/man1/gpuprice.1 share/man/man1/gpuprice-nightly.1 \
         share/bash-completion/completions/gpuprice \
         share/doc/gpuprice/README.md share/systemd/user/gpuprice-nightly.service \
         share/systemd/user/gpuprice-nightly.timer; do
    [ -e "$prefix/$f" ] && ok || fail "not installed: $f"
done
# No path into the source tree's data is compiled in.
if grep -q -a -e "$src/schema/catalog" -e "$src/scripts/sample-data" "$prefix/bin/gpuprice"; then
    fail "the binary names a source path"
else
    ok
fi

mkdir "$work/home"
# As a fresh user meets it: an empty HOME, no XDG variables, started from /.
as_user() { (cd / && env -i PATH="$prefix/bin:/usr/bin:/bin" HOME="$work/home" "$@"); }

as_user gpuprice --version >"$work/out" 2>&1
[ $? -eq 0 ] && ok || fail "--version exit"
version=$(sed -n 's/^project(gpuprice VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
grep -q "^gpuprice $version\( (git [^)]*)\)\?$" "$work/out" && ok || { fail "--version says"; cat "$work/out"; }

as_user gpuprice fetch --sample >"$work/out" 2>&1
[ $? -eq 0 ] && ok || { fail "fetch --sample"; cat "$work/out"; }
data=$work/home/.local/share/gpuprice
[ -s "$data/gpuprice.db" ] && ok || fail "no database under the XDG data home"
[ "$(stat -c %a "$data")" = 700 ] && ok || fail "data home not 0700: $(stat -c %a "$data")"
as_user gpuprice report >"$work/out" 2>&1
[ $? -eq 0 ] && ok || { fail "report"; cat "$work/out"; }
csv=$(ls "$data"/reports/gpuprice-used-????-??-??.csv 2>/dev/null | head -1)
[ -n "$csv" ] && grep -q "^used,24,1," "$csv" && ok || fail "no ranked report under $data/reports"
[ -z "$(ls -A / | grep -x reports)" ] && ok || fail "a report folder appeared in /"

# The data home follows XDG_DATA_HOME.
(cd / && env -i PATH="$prefix/bin:/usr/bin:/bin" HOME="$work/home" XDG_DATA_HOME="$work/xdg" \
    gpuprice fetch --sample) >"$work/out" 2>&1
[ -s "$work/xdg/gpuprice/gpuprice.db" ] && ok || { fail "XDG_DATA_HOME not followed"; cat "$work/out"; }

# A missing database names the path and how to point elsewhere.
(cd / && env -i PATH="$prefix/bin:/usr/bin:/bin" HOME="$work/nohome" gpuprice report) >"$work/out" 2>&1
[ $? -eq 1 ] && grep -q "no database at $work/nohome/.local/share/gpuprice/gpuprice.db" "$work/out" &&
    grep -q -- "--db FILE or GPUPRICE_DB" "$work/out" && ok || { fail "missing database message"; cat "$work/out"; }

# The nightly job, installed beside the binary, finds it and shares the data home.
as_user gpuprice-nightly --sample >"$work/out" 2>&1
[ $? -eq 0 ] && [ ! -s "$work/out" ] && ok || { fail "gpuprice-nightly --sample"; cat "$work/out"; }
ls "$data"/reports/*/gpuprice-all-*.csv >/dev/null 2>&1 && ok || fail "nightly report not in the data home"
grep -q "gpuprice $version" "$data"/logs/*.log && ok || fail "nightly log lacks the version"

# The man page: readable, no groff warnings, and every option of every command documented.
page=$prefix/share/man/man1/gpuprice.1
MANWIDTH=100 man -l "$page" >"$work/man.txt" 2>"$work/man.err"
[ $? -eq 0 ] && ok || { fail "man -l"; cat "$work/man.err"; }
[ ! -s "$work/man.err" ] && ok || { fail "man page warnings"; cat "$work/man.err"; }
# `man gpuprice-nightly` finds the page (NAME lists it; UX N20: "No manual entry").
(cd / && env -i PATH=/usr/bin:/bin MANPATH="$prefix/share/man" MANWIDTH=100 man gpuprice-nightly) \
    >"$work/man-nightly.txt" 2>&1
[ $? -eq 0 ] && grep -q "^   gpuprice-nightly$" "$work/man-nightly.txt" && ok ||
    { fail "man gpuprice-nightly"; head -5 "$work/man-nightly.txt"; }
for section in NAME SYNOPSIS "GLOBAL OPTIONS" COMMANDS "EXIT STATUS" ENVIRONMENT FILES; do
    grep -q "^$section" "$work/man.txt" && ok || fail "man page lacks $section"
done
commands=$(as_user gpuprice --help | sed -n '/^Commands:/,/^$/s/^  \([a-z]*\) .*/\1/p')
[ "$(echo "$commands" | wc -l)" -ge 8 ] && ok || fail "could not read the command list"
for command in $commands; do
    grep -q "^   $command$" "$work/man.txt" && ok || fail "man page lacks command $command"
    # In the command's own section, as a whole option (UX N20: report's --include and
    # --marketplace were only elsewhere, and --include-sxm passed for --include).
    awk -v heading="   $command" '$0 == heading { inside = 1; next }
        inside && /^   [a-z][a-z-]*$/ { exit } inside' "$work/man.txt" >"$work/section.txt"
    [ "$command" = help ] && continue  # `help --help` is the global help
    for option in $(as_user gpuprice "$command" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
        [ "$option" = --help ] && continue
        grep -qE -- "$option([^a-z-]|$)" "$work/section.txt" && ok ||
            fail "man page's $command section lacks $option"
    done
done
for option in $(as_user gpuprice --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
    grep -q -- "$option" "$work/man.txt" && ok || fail "man page lacks global $option"
done
for code in 0 1 2 3 4 5 6 7 75; do
    grep -qE "^ {7}$code( |$)" "$work/man.txt" && ok || fail "man page lacks exit code $code"
done
for variable in GPUPRICE_DB GPUPRICE_CATALOG_DIR GPUPRICE_CONFIG GPUPRICE_NOW EBAY_CLIENT_ID XDG_DATA_HOME \
                XDG_CONFIG_HOME XDG_CACHE_HOME; do
    grep -q "$variable" "$work/man.txt" && ok || fail "man page lacks $variable"
done

# bash completion: commands, then a command's options.
completion=$prefix/share/bash-completion/completions/gpuprice
got=$(as_user bash -c 'source "$1"; COMP_WORDS=(gpuprice rep); COMP_CWORD=1; _gpuprice; echo "${COMPREPLY[*]}"' _ "$completion")
[ "$got" = report ] && ok || fail "completion of 'rep': '$got'"
got=$(as_user bash -c 'source "$1"; COMP_WORDS=(gpuprice report --ch); COMP_CWORD=2; _gpuprice; echo "${COMPREPLY[*]}"' _ "$completion")
[ "$got" = "--chart --check" ] && ok || fail "completion of 'report --ch': '$got'"
# The installed completion offers an option's values (UX N21); cli.shell checks every list.
got=$(as_user bash -c 'source "$1"; COMP_WORDS=(gpuprice report --price ""); COMP_CWORD=3; _gpuprice; echo "${COMPREPLY[*]}"' _ "$completion")
[ "$got" = "median p25 lowest3 cleared sold" ] && ok || fail "completion after 'report --price': '$got'"

# systemd units: the service runs the nightly job installed at the prefix given to
# `cmake --install` (an absolute path: moving the prefix needs the unit reinstalled, see
# nightly_install_test.sh), the timer starts it nightly.
grep -q "^ExecStart=$work/staged/bin/gpuprice-nightly --max-calls" \
    "$prefix/share/systemd/user/gpuprice-nightly.service" && ok || fail "service ExecStart"
grep -q "^OnCalendar=" "$prefix/share/systemd/user/gpuprice-nightly.timer" && ok || fail "timer OnCalendar"

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
