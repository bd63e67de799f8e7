// The SQL that reads listing lives (schema::ListingLife), shared by the statements that read them
// for finding clearances and for the stored clearance decisions. Internal to gpuprice_store.
#pragma once

#include "schema/domain/listing_life.hpp"
#include "schema/domain/market.hpp"
#include "schema/store/sqlite.hpp"

// The columns every life query selects (0-13, as read_life reads them), and the joins behind
// them: a listing's last observation is the one of its last_seen_on night. CROSS JOIN keeps
// SQLite's order (the leading table first, then primary-key lookups): left free, it scans the
// observations' night index instead. Macros so that each statement is one literal
// (scripts/check-sql: no SQL assembled at run time); ?3 is the marketplace, ?4 the excluded price
// flags, ?5 the verdict of a matched listing (bind_life_joins binds the three). The leading table
// is aliased l (listings) by the statement.
#define GPUPRICE_LIFE_COLUMNS                                                                   \
    "SELECT l.id, m.model, coalesce(o.condition_id, l.condition_id, 0), "                       \
    "coalesce(l.buying_options, ''), l.first_seen_on, l.last_seen_on, "                         \
    "coalesce(r.started_at, ''), l.item_end_date, o.price_cents, o.shipping_cents, l.item_id, " \
    "l.title, coalesce(l.item_url, ''), o.current_bid_cents "
#define GPUPRICE_LIFE_JOINS                                                                      \
    "CROSS JOIN price_observations o ON o.listing_id = l.id AND o.observed_on = l.last_seen_on " \
    "  AND o.marketplace = ?3 "                                                                  \
    "CROSS JOIN match_results m ON m.listing_id = l.id AND m.reason = ?5 "                       \
    "LEFT JOIN fetch_runs r ON r.id = o.run_id "                                                 \
    "WHERE (l.price_flags & ?4) = 0 " /* kept out of clearances as out of the medians */

namespace gpuprice::schema {

// The life in the current row of a statement selecting GPUPRICE_LIFE_COLUMNS.
ListingLife read_life(const Statement& select);
// Binds GPUPRICE_LIFE_JOINS' parameters: ?3 the marketplace, ?4 the excluded flags, ?5 `ok`.
void bind_life_joins(Statement& select, const Market& market, int excluded_flags);

}  // namespace gpuprice::schema
