// What was kept out of the prices, and why, with counts: outliers (the report's rule), flagged
// listings (abroad, variations, low-feedback sellers, and any flag the fetcher adds), titles that
// are no single catalog card (by the matcher's reason), listings not yet matched, listings
// whose condition is no price (for parts) and listings whose condition eBay did not state (no
// conditionId, no condition name of schema/domain/condition_names). For the page's "left out"
// section.
#pragma once

#include <string>
#include <vector>

#include "analysis/price_report.hpp"
#include "schema/domain/listing_tally.hpp"

namespace gpuprice::analysis {

struct LeftOutCount {
    std::string what;  // "outliers", "abroad", "unmatched: ambiguous", ...
    int count = 0;
    std::string why;  // one sentence
};

// `tallies`: the window's listings (schema::tally_listings); `conditions`: the report's;
// `excluded_flags`: the price flags kept out of its medians (flags let in are not left out).
// Reasons with no listing are left out of the list.
std::vector<LeftOutCount> left_out_counts(const std::vector<schema::ListingTally>& tallies,
                                          const Report& report,
                                          const std::vector<schema::ConditionClass>& conditions,
                                          int excluded_flags);

}  // namespace gpuprice::analysis
