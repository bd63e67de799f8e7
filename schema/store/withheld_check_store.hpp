// The listings a night's getItem check asks about, and what it found (table
// listing_withheld_checks, migration 0026): the clearance rule reads the ended ones
// (analysis/clearance.hpp, through attach_returned_by).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "schema/domain/listing_life.hpp"
#include "schema/domain/market.hpp"
#include "schema/domain/withheld_check.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

// The lives a check may ask about on night `tonight`: matched fixed-price listings of `market`
// last seen on a night in [since, tonight), whose absence is not decided yet (no clearance row, or
// a pending one) and that no check found ended; multi-variation summaries are left out (their
// price is kept out of medians whatever becomes of them). Oldest last night first, then by
// listing id; created_at, returned_by and ended_on attached.
std::vector<ListingLife> load_undecided_lives(Database& db, const Market& market,
                                              const std::string& since, const std::string& tonight);

// Whether any listing of `market` was last seen on a night in [since, tonight): none, and a
// check on `tonight` would have nothing to ask (a first night).
bool any_listing_seen_between(Database& db, const Market& market, const std::string& since,
                              const std::string& tonight);

struct WithheldCheckRow {
    std::int64_t listing_id = 0;
    WithheldCheck outcome = WithheldCheck::undecided;
};
// Records what run `run_id` of `night` found, one transaction.
void record_withheld_checks(Database& db, std::int64_t run_id, const std::string& night,
                            const std::vector<WithheldCheckRow>& rows);

}  // namespace gpuprice::schema
