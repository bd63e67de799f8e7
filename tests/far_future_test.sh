#!/usr/bin/env bash
# The test program's cases a second time, under a wall clock far in the future (libfaketime at
# $GPUPRICE_FAR_FUTURE, default 2031-07-15): a test that reads the wall clock instead of freezing
# its own (tests/frozen_clock.hpp) fails here at once, not on the day its fixed nights fall out of
# a report's window. The monotonic clock stays real: timeouts and the fake eBay's delays are not
# dates. Several of these run beside the other ctest tests, each a share of the cases.
# Usage: far_future_test.sh TEST_PROGRAM SHARD SHARDS (SHARD counts from 1)
set -u
program=$1
shard=$2
shards=$3
far_future=${GPUPRICE_FAR_FUTURE:-2031-07-15}
preload=/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1
[ -e "$preload" ] || { echo "far-future: $preload is missing (scripts/install-deps installs faketime)"; exit 1; }
cases=$("$program" --count --no-intro | sed -n 's/.*current filters: //p')
[ -n "$cases" ] || { echo "far-future: $program did not count its cases"; exit 1; }
per=$(((cases + shards - 1) / shards))
first=$(((shard - 1) * per + 1))
last=$((shard * per))
echo "far-future: cases $first-$last of $cases, the wall clock at $far_future 03:00:00 UTC"
# ASan must come first among the libraries unless told that libfaketime, preloaded, may.
LD_PRELOAD=$preload FAKETIME="@$far_future 03:00:00" FAKETIME_DONT_FAKE_MONOTONIC=1 TZ=UTC \
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
    exec "$program" --no-intro --no-version --minimal --first="$first" --last="$last"
