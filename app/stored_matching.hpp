// Stored listings and sold items through the title matcher into stored verdicts: what a night
// does for the listings it saw, and what `gpuprice match --rematch` does for all of them after
// the catalog or its rules changed.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "app/matchers.hpp"
#include "schema/domain/match_reason.hpp"
#include "schema/store/match_store.hpp"
#include "schema/store/sold_store.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

// How many titles got each verdict.
class MatchCounts {
  public:
    void add(schema::MatchReason reason) { ++counts_[static_cast<std::size_t>(reason)]; }
    int of(schema::MatchReason reason) const { return counts_[static_cast<std::size_t>(reason)]; }
    int total() const;
    void merge(const MatchCounts& other);

  private:
    std::array<int, std::size(schema::kAllMatchReasons)> counts_{};
};

// Titles held in memory at once: matching reads, matches and stores them a batch at a time.
inline constexpr int kMatchBatch = 10000;

// Matches the chosen listings and stores one verdict each, and what each title says about the
// card's build (listing attributes). `batch`: kMatchBatch but in tests of the batch boundaries.
MatchCounts match_listings(schema::Database& db, const Matchers& matchers,
                           schema::WhichListings which, std::int64_t run_id, const std::string& now,
                           int batch = kMatchBatch);

// The same for sold items: those without a verdict, or all of them.
MatchCounts match_sold_items(schema::Database& db, const Matchers& matchers,
                             schema::WhichSoldItems which, int batch = kMatchBatch);

// Whether the stored verdicts were made with these rules (false for a database that never
// recorded it, or whose catalog or rule files changed since).
bool verdicts_current(schema::Database& db, const Matchers& matchers);

// Every listing and sold item matched again with these rules, and the rules remembered.
struct Rematch {
    MatchCounts listings;
    MatchCounts sold;
};
Rematch rematch_everything(schema::Database& db, const schema::Catalog& catalog,
                           const Matchers& matchers, const std::string& now);

// What the catalog is missing (`unmatched`): the `limit` most common titles the matcher did not
// turn into a model, unknown models and ambiguous ones first, as count<TAB>reason<TAB>title lines
// whose titles (eBay's text) a terminal prints as text.
std::vector<std::string> unmatched_lines(schema::Database& db, int limit);

}  // namespace gpuprice::app
