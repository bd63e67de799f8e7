// Wiring of stored listings through the title matcher into stored verdicts; shared by `match`
// (all listings, after a catalog change) and `fetch` (what the run saw).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "analysis/listing_attributes.hpp"
#include "analysis/title_matcher.hpp"
#include "schema/store/match_store.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::cli {

// Matches the chosen listings and stores one verdict each, and what each title says about the
// card's build (listing attributes). Returns counts per reason name.
std::map<std::string, int> match_listings(schema::Database& db,
                                          const analysis::TitleMatcher& matcher,
                                          const analysis::AttributeExtractor& extractor,
                                          schema::WhichListings which, std::int64_t run_id,
                                          const std::string& now);

// The same for sold items: those without a verdict, or all of them (after a catalog change).
std::map<std::string, int> match_sold_items(schema::Database& db,
                                            const analysis::TitleMatcher& matcher, bool all);

}  // namespace gpuprice::cli
