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

// night (YYYY-MM-DD) -> sent query -> how it was covered that night.
using SentCoverage = std::map<std::string, std::map<std::string, SentNight>>;

}  // namespace gpuprice::schema
