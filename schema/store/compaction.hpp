// Storage that grows with what changes: the nightly prices of nights older than a retention
// become intervals (price_intervals, the migration of that name), one row per listing per run of
// consecutive market nights at unchanged values. Readers of nights that may be compacted read the
// view nightly_prices, which gives every such night back (schema/store/past chooses it); what they
// read is the same before and after.
#pragma once

#include <cstdint>
#include <string>

#include "schema/domain/market.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

struct CompactionResult {
    int nights = 0;                       // market nights compacted now
    std::int64_t observations = 0;        // nightly prices turned into intervals
    std::int64_t intervals_new = 0;       // intervals written
    std::int64_t intervals_extended = 0;  // earlier intervals that went on into these nights
};

// Compacts `market`'s nightly prices of the nights before `before` (YYYY-MM-DD), each listing's
// last night seen included (its interval ends that night with that night's run: the clearance
// lives read it there). Runs inside the caller's write transaction.
CompactionResult compact_nights_before(Database& db, const Market& market,
                                       const std::string& before);

}  // namespace gpuprice::schema
