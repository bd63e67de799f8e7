// Replays recorded Browse API responses (one search page per .json file) through the same
// parse-and-store path as a live fetch, so the main job runs without an eBay account.
#pragma once

#include <string>

#include "fetcher/fetch_run.hpp"
#include "schema/domain/night.hpp"

namespace gpuprice::fetcher {

// Every *.json file of `dir`, in name order, as one run with source 'sample', with the coverage
// of each recorded query (its `href`'s q), on `night`. When `dir` holds night-N folders, each is
// a night of its own, N nights before `night`, oldest first; the outcome sums them, with the last
// night's run id. Each run is stamped as begun at kReplayedAt on its own night, so that a replay
// of fixed nights stores the same rows whenever it is made. A sold/ folder holds recorded
// Marketplace Insights pages, their sale dates moved to lie as far before `night`'s kReplayedAt as
// before the recording's lastSoldDate bound. The pages are read as `market`'s (the bundled
// sample was recorded on EBAY_US: another market's currency finds its prices foreign).
FetchOutcome replay_sample(schema::Database& db, const std::string& dir,
                           const schema::Market& market, schema::Night night,
                           const ProgressFn& progress);

// When on its night a replayed run begins: 03:00 UTC, when the nightly runs.
inline constexpr std::chrono::hours kReplayedAt{3};

}  // namespace gpuprice::fetcher
