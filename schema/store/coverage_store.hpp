// Per-query coverage of fetch runs (table query_coverage).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schema/domain/market.hpp"
#include "schema/domain/query_coverage.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

// Writes a run's coverage rows in one transaction.
void store_coverage(Database& db, std::int64_t run_id, const std::vector<QueryCoverage>& rows);

// A run's coverage rows, in query order.
std::vector<QueryCoverage> load_coverage(Database& db, std::int64_t run_id);

// The family whose search (price bands included) took the most pages in the marketplace's latest
// eBay run that paged any; nullopt before one.
std::optional<std::string> largest_family(Database& db, const Market& market);

}  // namespace gpuprice::schema
