#include "schema/store/listing_tally_store.hpp"

namespace gpuprice::schema {

std::vector<ListingTally> tally_listings(Database& db, const std::string& from,
                                         const std::string& to, const Market& market) {
    // Each listing once, at its last observation of the window (its condition there), compacted
    // or not: the latest night's row comes out of the GROUP BY (a bare column takes the value of
    // the row max() chose), nightly_prices read once. A window of nightly rows alone finds no
    // compacted night in the view's second arm, and reads price_observations by night.
    auto select = db.prepare(
        "WITH latest AS (SELECT listing_id, max(observed_on), condition_id "
        "  FROM nightly_prices WHERE observed_on BETWEEN ?1 AND ?2 "
        "  AND marketplace = ?3 GROUP BY listing_id) "
        "SELECT m.reason, l.price_flags, coalesce(o.condition_id, l.condition_id, 0), count(*) "
        "FROM latest o "
        "JOIN listings l ON l.id = o.listing_id "
        "LEFT JOIN match_results m ON m.listing_id = o.listing_id "
        "GROUP BY 1, 2, 3");
    select.bind_all(from, to, market.id);
    std::vector<ListingTally> rows;
    while (select.step()) {
        ListingTally t;
        if (const auto reason = select.optional_text(0)) t.reason = parse_match_reason(*reason);
        t.price_flags = select.int32(1);
        t.condition_id = select.int32(2);
        t.listings = select.int32(3);
        rows.push_back(t);
    }
    return rows;
}

}  // namespace gpuprice::schema
