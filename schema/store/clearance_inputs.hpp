// What finding cleared listings reads: each matched listing's life on the market (first and last
// night seen, nights seen, last price), and which family queries each night covered completely
// (table query_coverage, written per fetch run).
#pragma once

#include <string>
#include <vector>

#include "schema/domain/family_coverage.hpp"
#include "schema/domain/listing_life.hpp"
#include "schema/domain/sent_coverage.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

// Matched listings last seen on a night in [since, to) (auctions: [since, to]) that could have
// left the market by `to`; a listing seen on `to`, or after it, is still listed. The filter's
// marketplace and price flags apply as they do to the medians. In listing id order.
std::vector<ListingLife> load_listing_lives(Database& db, const std::string& since,
                                            const std::string& to, const ObservationFilter& filter);
// The same for one model, all nights.
std::vector<ListingLife> load_model_listing_lives(Database& db, const std::string& model,
                                                  const ObservationFilter& filter);

// Per night in [since, to]: every family query asked, and whether one run that night covered it
// completely (its search, price bands included, saw every listing eBay serves).
FamilyCoverage load_family_coverage(Database& db, const std::string& since, const std::string& to,
                                    const Market& market);

// Per night in [since, to]: every query sent (search, price bands, other category; runs since
// migration 0025), whether one run that night paged it to its end, and that run's withheld windows
// (the complete run with the fewest, when several were).
SentCoverage load_sent_coverage(Database& db, const std::string& since, const std::string& to,
                                const Market& market);

// Fills each life's created_at, returned_by (the queries that ever returned it) and ended_on (the
// first night after its last one that a getItem check found it ended).
void attach_returned_by(Database& db, std::vector<ListingLife>& lives);

}  // namespace gpuprice::schema
