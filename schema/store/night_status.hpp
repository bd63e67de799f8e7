// Whether the nights a report reads are whole: every run behind them finished cleanly and was
// matched, and every listing in them has a verdict. Reports, history and recommend say so when
// not, with counts, instead of quietly computing medians from part of a night.
#pragma once

#include <string>

#include "schema/domain/market.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

struct NightStatus {
    int listings = 0;  // distinct listings observed in the window (counted only when some lack a
                       // verdict, the one case the summary names it)
    int listings_without_verdict = 0;  // of those, not yet matched (matching was interrupted)
    int incomplete_runs = 0;  // runs behind the window that are partial, failed or unmatched
    std::string why;          // one line per incomplete run: "run 7 partial: <reason>"
    bool complete() const { return listings_without_verdict == 0 && incomplete_runs == 0; }
    // "complete", or one line saying what is missing, with counts.
    std::string summary(const std::string& from, const std::string& to) const;
};

// The nights [from, to] of one market: its listings and the runs behind them.
NightStatus night_status(Database& db, const std::string& from, const std::string& to,
                         const Market& market);

// After matching gave every listing without a verdict one: marks every finished run matched.
void mark_runs_matched(Database& db, const std::string& now);

}  // namespace gpuprice::schema
