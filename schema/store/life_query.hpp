// The SQL that reads listing lives (schema::ListingLife), shared by the statements that read them
// for finding clearances and for the stored clearance decisions. Internal to gpuprice_store.
#pragma once

#include <vector>

#include "schema/domain/listing_life.hpp"
#include "schema/domain/market.hpp"
#include "schema/store/listing_url.hpp"
#include "schema/store/sqlite.hpp"

// The columns every life query selects (0-13, as read_life reads them), and the joins behind
// them: a listing's last observation is the one of its last_seen_on night, in price_observations
// or, once compacted, at the end of one of its price intervals (whose run is that night's). CROSS
// and LEFT JOIN keep SQLite's order (the leading table first, then primary-key lookups): left
// free, it scans the observations' night index instead; as a LEFT JOIN it would look each
// observation up through the night index and then the table (14% more CPU for tonight's
// report), hence INDEXED BY the primary key (the autoindex of a WITHOUT ROWID table). The interval
// is read only when the night is not in price_observations (the CASEs and coalesce stop before
// their subquery), so the lives of listings seen lately cost what they did. Macros so that each
// statement is one literal (scripts/check-sql: no SQL assembled at run time); ?3 is the
// marketplace, ?4 the excluded price flags, ?5 the verdict of a matched listing (bind_life_joins
// binds the three). The leading table is aliased l (listings) by the statement.
#define GPUPRICE_LAST_INTERVAL(column)                   \
    "(SELECT " column                                    \
    " FROM price_intervals i WHERE i.listing_id = l.id " \
    "AND i.marketplace = ?3 AND i.last_on = l.last_seen_on)"
// A life's condition, price, shipping and bid on its last night: from o, else its last interval.
#define GPUPRICE_LIFE_CONDITION                                             \
    "coalesce(CASE WHEN o.listing_id IS NULL THEN " GPUPRICE_LAST_INTERVAL( \
        "i.condition_id") " ELSE o.condition_id END, l.condition_id, 0)"
#define GPUPRICE_LIFE_PRICE "coalesce(o.price_cents, " GPUPRICE_LAST_INTERVAL("i.price_cents") ")"
#define GPUPRICE_LIFE_SHIPPING                                     \
    "CASE WHEN o.listing_id IS NULL THEN " GPUPRICE_LAST_INTERVAL( \
        "i.shipping_cents") " ELSE o.shipping_cents END"
#define GPUPRICE_LIFE_BID \
    "CASE WHEN o.listing_id IS NULL THEN " GPUPRICE_LAST_INTERVAL(                            \
        "CASE WHEN i.bids IS NULL THEN i.current_bid_cents ELSE json_extract(i.bids, '$[' "    \
        "|| CAST(julianday(i.last_on) - julianday(i.first_on) AS INTEGER) || ']') END") \
    " ELSE o.current_bid_cents END "
#define GPUPRICE_LIFE_COLUMNS                                                 \
    "SELECT l.id, m.model, " GPUPRICE_LIFE_CONDITION                          \
    ", "                                                                      \
    "coalesce(l.buying_options, ''), l.first_seen_on, l.last_seen_on, "       \
    "coalesce(r.started_at, ''), l.item_end_date, " GPUPRICE_LIFE_PRICE       \
    ", " GPUPRICE_LIFE_SHIPPING ", l.item_id, l.title, " GPUPRICE_LISTING_URL \
    ", " GPUPRICE_LIFE_BID
// The last observation (or interval) and the verdict of listing l, without its last run.
#define GPUPRICE_LIFE_PRICE_JOINS                                                      \
    "LEFT JOIN price_observations o INDEXED BY sqlite_autoindex_price_observations_1 " \
    "  ON o.listing_id = l.id AND o.observed_on = l.last_seen_on "                     \
    "  AND o.marketplace = ?3 "                                                        \
    "CROSS JOIN match_results m ON m.listing_id = l.id AND m.reason = ?5 "
#define GPUPRICE_LIFE_WHERE                                                              \
    "WHERE (l.price_flags & ?4) = 0 " /* kept out of clearances as out of the medians */ \
    "AND (o.listing_id IS NOT NULL OR EXISTS " GPUPRICE_LAST_INTERVAL("1") ") "
#define GPUPRICE_LIFE_JOINS                                                        \
    GPUPRICE_LIFE_PRICE_JOINS                                                      \
    "LEFT JOIN fetch_runs r ON r.id = coalesce(o.run_id, " GPUPRICE_LAST_INTERVAL( \
        "i.run_id") ") " GPUPRICE_LIFE_WHERE

namespace gpuprice::schema {

// The life in the current row of a statement selecting GPUPRICE_LIFE_COLUMNS.
ListingLife read_life(const Statement& select);
// Every remaining row of such a statement, as lives.
std::vector<ListingLife> read_lives(Statement& select);
// Binds GPUPRICE_LIFE_JOINS' parameters: ?3 the marketplace, ?4 the excluded flags, ?5 `ok`.
void bind_life_joins(Statement& select, const Market& market, int excluded_flags);

}  // namespace gpuprice::schema
