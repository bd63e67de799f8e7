// Replays recorded Browse API responses (one search page per .json file) through the same
// parse-and-store path as a live fetch, so the main job runs without an eBay account.
#pragma once

#include <string>

#include "fetcher/fetch_run.hpp"

namespace gpuprice::fetcher {

// Every *.json file of `dir`, in name order, as one run with source 'sample', with the coverage
// of each recorded query (its `href`'s q). When `dir` holds night-N folders, each is a night of
// its own, N nights before `observed_on` (run started N days before gpuprice's clock), oldest
// first; the outcome sums them, with the last night's run id. A sold/ folder holds recorded
// Marketplace Insights pages, their sale dates moved to lie as far before gpuprice's clock as
// before the recording's lastSoldDate bound. The pages are read as `market`'s (the bundled
// sample was recorded on EBAY_US: another market's currency finds its prices foreign).
FetchOutcome replay_sample(schema::Database& db, const std::string& dir,
                           const schema::Market& market, const std::string& observed_on,
                           const ProgressFn& progress);

}  // namespace gpuprice::fetcher
