#!/usr/bin/env bash
# The nightly job as the README sets it up, after `cmake --install` into /usr/local (staged with
# DESTDIR) and into ~/.local: the README's cron line runs under cron's PATH (/usr/bin:/bin), and
# the systemd user units sit where the user manager looks for that prefix, their ExecStart the
# installed gpuprice-nightly, which runs as the unit would (empty environment but HOME).
# Usage: nightly_install_test.sh BUILD_DIR SOURCE_DIR
set -u
build=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

# As cron runs a line: /bin/sh, PATH=/usr/bin:/bin, HOME, nothing else.
as_cron() { (cd / && env -i PATH=/usr/bin:/bin HOME="$1" SHELL=/bin/sh /bin/sh -c "$2"); }

# The README's cron line for a source install, with --sample so it needs no eBay account.
cron_line=$(grep -o '15 3 \* \* \* /usr/local/bin/gpuprice-nightly[^`]*' "$src/README.md" | head -1)
[ -n "$cron_line" ] && ok || fail "README has no cron line for /usr/local"
command=${cron_line#15 3 \* \* \* }
args=${command#* }  # what the unit's ExecStart passes too
[ "$args" = "--max-calls 3000" ] && ok || fail "README's cron line passes '$args'"
# The man page's cron line is the README's (UX N20: they said 3000 and 2000).
MANWIDTH=120 man -l "$src/cli/gpuprice.1" 2>/dev/null | grep -F "15 3 * * *" >"$work/man_cron"
[ "$(sed 's/^ *//' "$work/man_cron")" = "$cron_line" ] && ok ||
    fail "man page's cron line '$(cat "$work/man_cron")' is not the README's '$cron_line'"
# The man page names the units' folders the README names, for each prefix.
MANWIDTH=200 man -l "$src/cli/gpuprice.1" 2>/dev/null >"$work/man.txt"
for folder in /usr/lib/systemd/user/ /usr/local/lib/systemd/user/ "~/.local/share/systemd/user/"; do
    grep -qF "\`${folder}\`" "$src/README.md" && ok || fail "README lacks $folder"
    grep -qF "${folder%/}" "$work/man.txt" && ok || fail "man page lacks $folder"
done
for line in "systemctl --user daemon-reload" "systemctl --user enable --now gpuprice-nightly.timer" \
            'loginctl enable-linger "$USER"'; do
    grep -qF -- "$line" "$src/README.md" && ok || fail "README lacks '$line'"
    grep -qF -- "$line" "$work/man.txt" && ok || fail "man page lacks '$line'"
done

# 1. /usr/local, staged: the unit names /usr/local/bin/gpuprice-nightly and sits in
#    /usr/local/lib/systemd/user, a folder of the user manager's search path.
root=$work/root
if DESTDIR=$root cmake --install "$build" --prefix /usr/local >"$work/install.log" 2>&1; then ok; else
    fail "cmake --install --prefix /usr/local"; cat "$work/install.log"; exit 1
fi
unit=$root/usr/local/lib/systemd/user/gpuprice-nightly.service
grep -qx "ExecStart=/usr/local/bin/gpuprice-nightly $args" "$unit" && ok ||
    fail "/usr/local unit's ExecStart: $(grep ExecStart "$unit")"
[ -f "$root/usr/local/lib/systemd/user/gpuprice-nightly.timer" ] && ok || fail "/usr/local timer"
(env -i HOME="$work/home1" PATH=/usr/bin:/bin systemd-analyze --user unit-paths 2>/dev/null ||
    echo /usr/local/lib/systemd/user) | grep -qx /usr/local/lib/systemd/user && ok ||
    fail "/usr/local/lib/systemd/user is not in the user manager's path"
# The cron line, its program under the staging root (what /usr/local holds after a real install).
mkdir -p "$work/home1"
as_cron "$work/home1" "$root${command%% *} --sample ${command#* }" >"$work/out" 2>&1
[ $? -eq 0 ] && [ ! -s "$work/out" ] && ok || { fail "cron line after /usr/local install"; cat "$work/out"; }
ls "$work/home1"/.local/share/gpuprice/reports/*/gpuprice-all-*.csv >/dev/null 2>&1 && ok ||
    fail "cron night wrote no report"
# Without the absolute path, cron's PATH does not find it: why the README gives the path.
as_cron "$work/home1" "gpuprice-nightly --help" >/dev/null 2>&1
[ $? -eq 127 ] && ok || fail "gpuprice-nightly found on cron's PATH without /usr/local/bin?"

# 2. ~/.local: the units in ~/.local/share/systemd/user ($XDG_DATA_HOME/systemd/user), ExecStart
#    the absolute ~/.local/bin path (systemd does not search ~/.local/bin).
home=$work/home2
mkdir -p "$home"
if cmake --install "$build" --prefix "$home/.local" >"$work/install.log" 2>&1; then ok; else
    fail "cmake --install --prefix ~/.local"; cat "$work/install.log"; exit 1
fi
unit=$home/.local/share/systemd/user/gpuprice-nightly.service
grep -qx "ExecStart=$home/.local/bin/gpuprice-nightly $args" "$unit" && ok ||
    fail "~/.local unit's ExecStart: $(grep ExecStart "$unit" 2>&1)"
[ -f "$home/.local/share/systemd/user/gpuprice-nightly.timer" ] && ok || fail "~/.local timer"
if command -v systemd-analyze >/dev/null; then
    env -i HOME="$home" PATH=/usr/bin:/bin systemd-analyze --user unit-paths 2>/dev/null |
        grep -qx "$home/.local/share/systemd/user" && ok ||
        fail "~/.local/share/systemd/user is not in the user manager's path"
    (cd / && env -i HOME="$home" PATH=/usr/bin:/bin systemd-analyze verify --man=no "$unit" \
        "$home/.local/share/systemd/user/gpuprice-nightly.timer") >"$work/out" 2>&1 && ok ||
        { fail "systemd-analyze verify"; cat "$work/out"; }
fi
# ExecStart as systemd runs it: no PATH of the user's shell, --sample for no eBay account.
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
as_cron "$home" "${exec_start%% *} --sample" >"$work/out" 2>&1
[ $? -eq 0 ] && [ ! -s "$work/out" ] && ok || { fail "the unit's ExecStart after ~/.local install"; cat "$work/out"; }
ls "$home"/.local/share/gpuprice/reports/*/gpuprice-all-*.csv >/dev/null 2>&1 && ok ||
    fail "~/.local night wrote no report"

echo "nightly install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
