#include "schema/store/clearance_inputs.hpp"

namespace gpuprice::schema {

namespace {

// The columns every life query selects, after a CTE `last(listing_id, night)`. A macro so that
// each statement is one literal (scripts/check-sql: no SQL assembled at run time).
#define GPUPRICE_LIFE_COLUMNS                                                                     \
    "SELECT l.id, m.model, coalesce(o.condition_id, l.condition_id, 0), "                         \
    "coalesce(l.buying_options, ''), l.first_seen_on, last.night, coalesce(r.started_at, ''), "   \
    "l.item_end_date, "                                                                           \
    "(SELECT count(*) FROM price_observations p WHERE p.listing_id = l.id "                       \
    "  AND p.observed_on <= last.night), "                                                        \
    "o.price_cents, o.shipping_cents, l.item_id, l.title, coalesce(l.item_url, ''), "             \
    "o.current_bid_cents "                                                                        \
    "FROM last "                                                                                  \
    "JOIN price_observations o ON o.listing_id = last.listing_id AND o.observed_on = last.night " \
    "  AND o.marketplace = ?3 "                                                                   \
    "JOIN match_results m ON m.listing_id = last.listing_id AND m.reason = 'ok' "                 \
    "JOIN listings l ON l.id = last.listing_id "                                                  \
    "LEFT JOIN fetch_runs r ON r.id = o.run_id " /* abroad, variation summaries, low-feedback     \
                                                    sellers: kept out as from the medians */      \
    "WHERE (l.price_flags & ?4) = 0"

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
        life.nights_seen = select.int32(8);
        life.last_price_cents = select.int64(9);
        life.last_shipping_cents = select.optional_int64(10);
        life.item_id = select.text(11);
        life.title = select.text(12);
        life.item_url = select.text(13);
        life.last_bid_cents = select.optional_int64(14);
        lives.push_back(std::move(life));
    }
    return lives;
}

}  // namespace

std::vector<ListingLife> load_listing_lives(Database& db, const std::string& since,
                                            const std::string& to,
                                            const ObservationFilter& filter) {
    // A listing with an observation in [since, to] has its last night (as of `to`) there.
    auto select = db.prepare(
        "WITH last AS (SELECT listing_id, max(observed_on) AS night FROM price_observations "
        "  WHERE observed_on BETWEEN ?1 AND ?2 AND marketplace = ?3 GROUP BY "
        "listing_id) " GPUPRICE_LIFE_COLUMNS);
    select.bind(1, since).bind(2, to).bind(3, filter.marketplace).bind(4, filter.excluded_flags);
    return read_lives(select);
}

std::vector<ListingLife> load_model_listing_lives(Database& db, const std::string& model,
                                                  const ObservationFilter& filter) {
    auto select = db.prepare(
        "WITH last AS (SELECT o.listing_id, max(o.observed_on) AS night "
        "  FROM price_observations o JOIN match_results m ON m.listing_id = o.listing_id "
        "  WHERE m.model = ?1 AND m.reason = 'ok' AND o.marketplace = ?3 GROUP BY "
        "o.listing_id) " GPUPRICE_LIFE_COLUMNS);
    select.bind(1, model).bind(3, filter.marketplace).bind(4, filter.excluded_flags);
    return read_lives(select);
}

FamilyCoverage load_family_coverage(Database& db, const std::string& since, const std::string& to,
                                    const std::string& marketplace) {
    // A family's search row is complete only when the price bands it was split into were.
    auto select = db.prepare(
        "SELECT substr(r.started_at, 1, 10) AS night, q.family, max(q.complete) "
        "FROM query_coverage q JOIN fetch_runs r ON r.id = q.run_id "
        "WHERE q.kind = 'search' AND substr(r.started_at, 1, 10) BETWEEN ?1 AND ?2 "
        "AND coalesce(r.marketplace, 'EBAY_US') = ?3 GROUP BY night, q.family");
    select.bind(1, since).bind(2, to).bind(3, marketplace);
    FamilyCoverage coverage;
    while (select.step()) coverage[select.text(0)][select.text(1)] = select.int32(2) != 0;
    return coverage;
}

}  // namespace gpuprice::schema
