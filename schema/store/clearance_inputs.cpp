#include "schema/store/clearance_inputs.hpp"

#include "schema/domain/clock.hpp"
#include "schema/domain/query_stop.hpp"

namespace gpuprice::schema {

namespace {

// The columns every life query selects: a listing's last observation is the one of its
// last_seen_on night. CROSS JOIN keeps SQLite's order (listings first, then two primary-key
// lookups): left free, it scans the observations' night index instead. A macro so that each
// statement is one literal (scripts/check-sql: no SQL assembled at run time); ?3 is the
// marketplace, ?4 the excluded price flags.
#define GPUPRICE_LIFE_COLUMNS                                                                    \
    "SELECT l.id, m.model, coalesce(o.condition_id, l.condition_id, 0), "                        \
    "coalesce(l.buying_options, ''), l.first_seen_on, l.last_seen_on, "                          \
    "coalesce(r.started_at, ''), l.item_end_date, o.price_cents, o.shipping_cents, l.item_id, "  \
    "l.title, coalesce(l.item_url, ''), o.current_bid_cents "                                    \
    "FROM listings l "                                                                           \
    "CROSS JOIN price_observations o ON o.listing_id = l.id AND o.observed_on = l.last_seen_on " \
    "  AND o.marketplace = ?3 "                                                                  \
    "CROSS JOIN match_results m ON m.listing_id = l.id AND m.reason = 'ok' "                     \
    "LEFT JOIN fetch_runs r ON r.id = o.run_id "                                                 \
    "WHERE (l.price_flags & ?4) = 0 " /* kept out of clearances as out of the medians */

std::vector<ListingLife> read_lives(Statement& select) {
    std::vector<ListingLife> lives;
    while (select.step()) {
        ListingLife life;
        life.listing_id = select.int64(0);
        life.model = select.text(1);
        life.condition_id = select.int32(2);
        life.buying_options = select.text(3);
        life.first_seen = select.text(4);
        life.last_seen = select.text(5);
        life.last_seen_at = select.text(6);
        life.item_end_date = select.optional_text(7);
        life.last_price_cents = select.int64(8);
        life.last_shipping_cents = select.optional_int64(9);
        life.item_id = select.text(10);
        life.title = select.text(11);
        life.item_url = select.text(12);
        life.last_bid_cents = select.optional_int64(13);
        // Listed from the first night seen to the last, nights it was missed included.
        life.nights_seen = days_between(life.first_seen, life.last_seen) + 1;
        lives.push_back(std::move(life));
    }
    return lives;
}

}  // namespace

std::vector<ListingLife> load_listing_lives(Database& db, const std::string& since,
                                            const std::string& to,
                                            const ObservationFilter& filter) {
    // Only a listing last seen before `to` can have cleared by `to` (an auction may also end on
    // `to`); a listing seen on `to`, or after it, is still listed. Read through the listings
    // table: scanning the window's observations cost a second on a year of 27,400 listings
    // (scripts/bench-report).
    auto select = db.prepare(GPUPRICE_LIFE_COLUMNS
                             "AND l.last_seen_on >= ?1 AND (l.last_seen_on < ?2 OR "
                             "(l.last_seen_on = ?2 AND l.buying_options LIKE '%AUCTION%'))");
    select.bind(1, since).bind(2, to).bind(3, filter.market.id).bind(4, filter.excluded_flags);
    return read_lives(select);
}

std::vector<ListingLife> load_model_listing_lives(Database& db, const std::string& model,
                                                  const ObservationFilter& filter) {
    auto select = db.prepare(GPUPRICE_LIFE_COLUMNS "AND m.model = ?1");
    select.bind(1, model).bind(3, filter.market.id).bind(4, filter.excluded_flags);
    return read_lives(select);
}

FamilyCoverage load_family_coverage(Database& db, const std::string& since, const std::string& to,
                                    const Market& market) {
    // A family's search row is complete only when the price bands it was split into were.
    auto select = db.prepare(
        "SELECT substr(r.started_at, 1, 10) AS night, q.family, max(q.complete) "
        "FROM query_coverage q JOIN fetch_runs r ON r.id = q.run_id "
        "WHERE q.kind = ?4 AND substr(r.started_at, 1, 10) BETWEEN ?1 AND ?2 "
        "AND coalesce(r.marketplace, 'EBAY_US') = ?3 GROUP BY night, q.family");
    select.bind(1, since)
        .bind(2, to)
        .bind(3, market.id)
        .bind(4, query_kind_name(QueryKind::search));
    FamilyCoverage coverage;
    while (select.step()) coverage[select.text(0)][select.text(1)] = select.int32(2) != 0;
    return coverage;
}

}  // namespace gpuprice::schema
