// A span of eBay's itemCreationDate in which one query's pages may have left a listing out on a
// night: a short page with `next`, the seam between two pages, or a last page when eBay's total
// is not accounted for. A listing created outside every window of a query that returned it before,
// paged to its end and sorted newlyListed, would have been served had it still been listed: its
// absence is evidence that it left (analysis/clearance.hpp).
#pragma once

#include <optional>
#include <string>

namespace gpuprice::schema {

struct CreatedWindow {
    // ISO 8601 UTC as eBay writes itemCreationDate (the same width, so text order is time
    // order); nullopt: open on that side.
    std::optional<std::string> from;  // the oldest creation date inside (inclusive)
    std::optional<std::string> to;    // the newest (inclusive)

    // Whether a listing created at `created` may be inside; an unknown date (empty) may be.
    bool holds(const std::string& created) const {
        if (created.empty()) return true;
        return (!from || *from <= created) && (!to || created <= *to);
    }
    bool operator==(const CreatedWindow&) const = default;
};

}  // namespace gpuprice::schema
