#!/usr/bin/env bash
# The Debian package as a user gets it, in two ctest tests:
#   deb_test.sh build SOURCE_DIR PACKAGE_BUILD_DIR    scripts/package --no-build makes the .deb of
#       the build the other tests ran; its name and Depends are checked. No root.
#   deb_test.sh install SOURCE_DIR PACKAGE_BUILD_DIR  apt-get installs that .deb (pulling its
#       runtime dependencies), a non-root user runs the installed gpuprice --version and the sample
#       report in an empty HOME, and apt-get removes it again. Needs root (or sudo without a
#       password); exits 77 (skipped) otherwise. One at a time per machine: the package is global.
# PACKAGE_BUILD_DIR is the Release build folder to package (scripts/test's build-test/).
set -u
mode=$1
src=$2
export GPUPRICE_BUILD_DIR=$3
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

if [ "$mode" = build ]; then
    deb=$("$src/scripts/package" --no-build) || { fail "scripts/package"; exit 1; }
    [ -f "$deb" ] && ok || { fail "no .deb at '$deb'"; exit 1; }
    case $(basename "$deb") in gpuprice_*.deb) ok ;; *) fail "package name $(basename "$deb")" ;; esac
    depends=$(dpkg-deb -f "$deb" Depends)
    for library in libcurl4 libsqlite3-0 libsimdjson libboost-program-options libstdc++6 ca-certificates; do
        grep -q "$library" <<<"$depends" && ok || fail "Depends lacks $library: $depends"
    done
    echo "deb build: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
fi
[ "$mode" = install ] || { echo "deb_test.sh: '$mode' is neither build nor install" >&2; exit 2; }
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    if sudo -n true 2>/dev/null; then sudo="sudo -n"; else
        echo "deb: needs root or passwordless sudo to install a package; skipped"; exit 77
    fi
fi
exec 7>/tmp/gpuprice-deb-test.lock
flock 7
work=$(mktemp -d)
chmod 755 "$work"
if dpkg-query -W -f='${Status}' gpuprice 2>/dev/null | grep -q "install ok installed"; then
    echo "deb: a gpuprice package is already installed on this machine; not touching it"
    exit 77
fi
cleanup() {
    $sudo apt-get remove -y -qq -o DPkg::Lock::Timeout=300 gpuprice >/dev/null 2>&1
    rm -rf "$work"
}
trap cleanup EXIT

# The package the build test made (scripts/package removes older ones before it builds).
deb=$(ls "$GPUPRICE_BUILD_DIR"/gpuprice_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { fail "no .deb in $GPUPRICE_BUILD_DIR: the build test did not run"; exit 1; }

export DEBIAN_FRONTEND=noninteractive
if $sudo apt-get install -y -qq -o DPkg::Lock::Timeout=300 "$deb" >"$work/apt.log" 2>&1; then ok; else
    fail "apt-get install $deb"; cat "$work/apt.log"; exit 1
fi
[ -x /usr/bin/gpuprice ] && [ -x /usr/bin/gpuprice-nightly ] && ok || fail "not installed in /usr/bin"

# A non-root user: the one running this, or a system user made for the purpose.
if [ "$(id -u)" -ne 0 ]; then
    user=$(id -un)
else
    user=gpuprice-test
    id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user" ||
        { fail "useradd $user"; exit 1; }
fi
home=$work/home
mkdir "$home"
[ "$(id -u)" -eq 0 ] && chown "$user:" "$home"
as_user() {
    if [ "$(id -u)" -eq 0 ]; then
        (cd / && setpriv --reuid="$user" --regid="$(id -g "$user")" --init-groups \
            env -i PATH=/usr/bin:/bin HOME="$home" "$@")
    else
        (cd / && env -i PATH=/usr/bin:/bin HOME="$home" "$@")
    fi
}
version=$(sed -n 's/^project(gpuprice VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
as_user gpuprice --version >"$work/out" 2>&1
grep -q "^gpuprice $version" "$work/out" && ok || { fail "installed --version"; cat "$work/out"; }
as_user gpuprice fetch --sample >"$work/out" 2>&1 && ok || { fail "installed fetch --sample"; cat "$work/out"; }
as_user gpuprice report --format csv >"$work/report.csv" 2>"$work/out" && ok || { fail "installed report"; cat "$work/out"; }
grep -q "^used,24,1," "$work/report.csv" && ok || fail "installed report has no ranked row"
ls "$home"/.local/share/gpuprice/reports/gpuprice-used-*.csv >/dev/null 2>&1 && ok || fail "report not in the data home"
[ "$(stat -c %U "$home/.local/share/gpuprice/gpuprice.db")" = "$user" ] && ok || fail "database not the user's"
MANWIDTH=80 man gpuprice 2>/dev/null | grep -q "EXIT STATUS" && ok || fail "man gpuprice"
if command -v systemd-analyze >/dev/null; then
    systemd-analyze verify /usr/lib/systemd/user/gpuprice-nightly.timer \
        /usr/lib/systemd/user/gpuprice-nightly.service >"$work/out" 2>&1 && ok || { fail "systemd-analyze verify"; cat "$work/out"; }
fi

if $sudo apt-get remove -y -qq -o DPkg::Lock::Timeout=300 gpuprice >"$work/apt.log" 2>&1; then ok; else
    fail "apt-get remove"; cat "$work/apt.log"
fi
[ ! -e /usr/bin/gpuprice ] && [ ! -e /usr/share/gpuprice ] && ok || fail "files left after removal"

echo "deb install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
