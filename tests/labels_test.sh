#!/usr/bin/env bash
# Every ctest test has a kind, `unit` or `integration` (tests/CMakeLists.txt says which is which),
# so that `ctest -L` and `scripts/test --quick` select by label and none is left out unseen.
# Usage: labels_test.sh BUILD_DIR
set -u
build=$1
listed() { ctest --test-dir "$build" -N "$@" | grep -E '^ *Test +#'; }
unit=$(listed -L '^unit$' | wc -l)
integration=$(listed -L '^integration$' | wc -l)
failed=0
[ "$unit" -gt 0 ] && [ "$integration" -gt 0 ] || { echo "FAIL: $unit unit, $integration integration tests"; failed=1; }
if kindless=$(listed -LE '^(unit|integration)$'); then
    echo "FAIL: tests with neither label unit nor integration:"; echo "$kindless"; failed=1
fi
both=$(comm -12 <(listed -L '^unit$' | sed 's/^ *Test *#[0-9]*: //' | sort) \
                <(listed -L '^integration$' | sed 's/^ *Test *#[0-9]*: //' | sort))
[ -z "$both" ] || { echo "FAIL: tests labelled both unit and integration:"; echo "$both"; failed=1; }
echo "labels: $unit unit, $integration integration"
exit $failed
