// The fetch runs behind a night's prices, for the page's account of the night.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "schema/domain/market.hpp"
#include "schema/domain/run_status.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

struct NightRun {
    std::int64_t id = 0;
    RunSource source = RunSource::ebay;
    RunStatus status = RunStatus::running;
    int listings_seen = 0;
    int listings_skipped = 0;
    std::string message;  // its first line; empty when none
};

// The runs whose observations fall on `night` on `market`, oldest first.
std::vector<NightRun> runs_of_night(Database& db, const std::string& night, const Market& market);

}  // namespace gpuprice::schema
