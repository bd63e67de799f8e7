// `gpuprice compact`: the nightly prices older than the retention become intervals (one row per
// listing per unchanged price run, schema/store/compaction), so the database grows with what
// changes rather than with nights x listings. Every report, history and page reads the same
// numbers before and after (tests/test_compaction.cpp, scripts/bench-same-reports).
#pragma once

#include <string>
#include <vector>

#include "schema/store/compaction.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

// The documented default: the last 60 nights stay as nightly rows. Reports of tonight, their 7-
// and 30-night change columns, `--days 30` and the clearances' 61-night lookback read only those
// (and the lives of listings last seen before them, one interval each), so they stay as fast as
// before; older nights are read back from the intervals.
inline constexpr int kDefaultKeepNights = 60;

struct MarketCompaction {
    std::string marketplace;
    std::string before;  // the nights before it were compacted
    schema::CompactionResult result;
};

// Compacts, for each marketplace with runs, the nights more than `keep_nights` - 1 days before
// its latest night (keep_nights >= 1), one transaction per marketplace.
std::vector<MarketCompaction> compact_database(schema::Database& db, int keep_nights);

}  // namespace gpuprice::app
