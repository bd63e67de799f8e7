// What `gpuprice probe` does besides asking eBay: which family it probes when not told (the one
// the night relies on most), and the answers stored where the night reads them.
#pragma once

#include <optional>
#include <string>

#include "fetcher/probe.hpp"
#include "schema/domain/market.hpp"
#include "schema/rules/rule_set.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

// The family that took the most pages in the marketplace's last run, else RTX 3080 (a multi-page
// family every night), else the catalog's first family of two words or more (one join of its
// words can differ from the other only if it has two); nullopt when the catalog has none.
std::optional<std::string> default_probe_term(schema::Database& db, const schema::RuleSet& rules,
                                              const schema::Market& market);

// Runs the probe and stores its answers for the night (schema/store/probe_store).
fetcher::ProbeResult probe_and_store(schema::Database& db, const schema::Market& market,
                                     fetcher::EbayClient& client,
                                     const fetcher::ProbeSettings& settings, int quota_reserve,
                                     const std::string& now);

}  // namespace gpuprice::app
