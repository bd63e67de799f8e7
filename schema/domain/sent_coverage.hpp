// Which queries a night's fetches sent (named by what was sent: fetcher Query::sent_key), whether
// each was paged to its end, and where its pages may have left a listed item out. A listing the
// queries that returned it before all paged to their end without it, created outside their
// windows, has left the market (analysis/clearance.hpp).
#pragma once

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "schema/domain/created_window.hpp"

namespace gpuprice::schema {

// One query on one night, from its best run that night.
struct SentNight {
    // Its search, price bands included, was paged to its end: every page fetched, none failed or
    // cut, no `next` left.
    bool complete = false;
    std::vector<CreatedWindow> withheld;

    // Whether its pages may have left out a listing created at `created` (empty: unknown).
    bool may_have_withheld(const std::string& created) const {
        return std::any_of(withheld.begin(), withheld.end(),
                           [&](const CreatedWindow& w) { return w.holds(created); });
    }
};

// sent query -> how one night covered it.
using SentQueries = std::map<std::string, SentNight>;
// night (YYYY-MM-DD) -> sent query -> how it was covered that night.
using SentCoverage = std::map<std::string, SentQueries>;

// What one night's queries say of a listing created at `created` that the queries `returned_by`
// returned before: whether that night sent any of them, whether every one it sent was paged to
// its end, and whether the pages of one of them may have left the listing out.
struct SentVerdict {
    bool asked = false;
    bool complete = true;
    bool withheld = false;
};
inline SentVerdict sent_verdict(const SentQueries& night, const std::string& created,
                                const std::vector<std::string>& returned_by) {
    SentVerdict verdict;
    for (const auto& sent : returned_by) {
        const auto found = night.find(sent);
        if (found == night.end()) continue;
        verdict.asked = true;
        verdict.complete = verdict.complete && found->second.complete;
        verdict.withheld = verdict.withheld || found->second.may_have_withheld(created);
    }
    return verdict;
}

}  // namespace gpuprice::schema
