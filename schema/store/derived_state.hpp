// Where the tables the nightly pipeline derives from the nights stand (clearance decisions, the
// per-night rollups): the newest run the last pass took into account, per marketplace (in meta).
// A pass after new runs redoes what they may have changed; readers use the derived tables only
// when they take every run into account, and compute from the nights otherwise.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "schema/domain/market.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

// What a pass over one marketplace has to redo. A pass runs inside one write transaction of its
// caller, from derived_work to record_derived_pass, so that no run lands between what it reads
// and what it writes.
struct DerivedWork {
    Market market;
    // What the tables are derived with (the catalog and the derivation's rules): tables
    // derived with anything else are derived again from scratch.
    std::string made_with;
    std::int64_t latest_run = 0;  // the newest run: the derived tables hold up to it once done
    std::string latest_night;     // the newest night observed
    bool up_to_date = false;      // no run since the last pass, no stale listing
    bool from_scratch = false;    // no pass yet, its results forgotten, or made with other rules
    // Else: what the runs since the last pass may have changed. Listings seen on or after `since`
    // are decided again, with the pending ones, those decided on or after `changed_from` and the
    // stale ones (derived_stale); nights after passed_night are rolled up, and those from `since`
    // on that a later run stored prices on, with the nights whose clearances changed and those the
    // stale listings were listed on.
    std::string since;
    std::string changed_from;
    // The last pass's newest run and night: a night up to passed_night was rolled up then, and
    // changes only if a later run stored prices on it.
    std::int64_t passed_run = 0;
    std::string passed_night;
};
DerivedWork derived_work(Database& db, const Market& market, const std::string& made_with);
// The run and night the pass went up to, and what it derived the tables with.
void record_derived_pass(Database& db, const DerivedWork& work);
// Whether a pass was made over some marketplace with something other than `made_with` (or by a
// gpuprice that does not record it): the next pass derives its tables again.
bool derived_with_other_rules(Database& db, const std::string& made_with);
// The nights the stale listings were listed on (first to last night seen).
std::set<std::string> stale_listing_nights(Database& db);
// After every marketplace's pass: the stale listings have been derived again.
void clear_stale_listings(Database& db);

// Whether the derived tables of `marketplace` take every one of its runs and verdicts into
// account, and were made with `made_with`.
bool derived_tables_are_current(Database& db, const Market& market, const std::string& made_with);

// The markets fetch runs were made for (a run without one is EBAY_US, as it was then).
std::vector<Market> run_markets(Database& db);

}  // namespace gpuprice::schema
