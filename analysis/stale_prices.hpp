// Whether prices are too old to act on: the nightly fetch may have stopped. One rule for every
// command that shows prices (report, history, recommend).
#pragma once

#include <optional>
#include <string>

namespace gpuprice::analysis {

// Prices older than this many nights get a warning.
inline constexpr int kStaleAfterDays = 2;

// "prices from 2026-12-03, 7 days old: is the nightly fetch running?", or nullopt when the
// prices of `as_of` are fresh on `today` (both YYYY-MM-DD; nullopt when either is empty).
std::optional<std::string> stale_prices_warning(const std::string& as_of, const std::string& today);

}  // namespace gpuprice::analysis
