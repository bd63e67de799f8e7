// The SQL that reads listing lives (schema::ListingLife), shared by the statements that read them
// for finding clearances and for the stored clearance decisions. Internal to gpuprice_store.
#pragma once

#include <vector>

#include "schema/domain/listing_life.hpp"
#include "schema/domain/market.hpp"
#include "schema/store/listing_url.hpp"
#include "schema/store/sql_text.hpp"
#include "schema/store/sqlite.hpp"

// The columns every life query selects (life_sql::kColumns, 0-13, as read_life reads them), and
// the joins behind them (kJoins): a listing's last observation is its row in last_prices
// (migration 0027), the price of its last_seen_on night whether that night's row is still in
// price_observations or compacted into an interval. CROSS and LEFT JOIN keep SQLite's order (the
// leading table first, then primary-key lookups). Compile-time parts (schema/store/sql_text.hpp),
// so that each statement is one constant; ?3 is the marketplace, ?4 the excluded price flags, ?5
// the verdict of a matched listing (bind_life_joins binds the three). The leading table is
// aliased l (listings) by the statement.
namespace gpuprice::schema::life_sql {

// A price row o's condition id, else its listing l's (0: neither has one); for a life, its last
// night's. A life's price and shipping there.
inline constexpr SqlText kCondition = "coalesce(o.condition_id, l.condition_id, 0)";
inline constexpr SqlText kPrice = "o.price_cents";
inline constexpr SqlText kShipping = "o.shipping_cents";
inline constexpr auto kColumns = "SELECT l.id, m.model, " + kCondition +
                                 ", coalesce(l.buying_options, ''), l.first_seen_on, "
                                 "l.last_seen_on, coalesce(r.started_at, ''), l.item_end_date, " +
                                 kPrice + ", " + kShipping + ", l.item_id, l.title, " +
                                 kListingUrl + ", o.current_bid_cents ";
// The last observation and the verdict of listing l, without its last run.
inline constexpr SqlText kPriceJoins =
    "CROSS JOIN last_prices o "
    "  ON o.listing_id = l.id AND o.marketplace = ?3 AND o.observed_on = l.last_seen_on "
    "CROSS JOIN match_results m ON m.listing_id = l.id AND m.reason = ?5 ";
// Kept out of clearances as out of the medians.
inline constexpr SqlText kWhere = "WHERE (l.price_flags & ?4) = 0 ";
inline constexpr auto kJoins = kPriceJoins + "LEFT JOIN fetch_runs r ON r.id = o.run_id " + kWhere;

}  // namespace gpuprice::schema::life_sql

namespace gpuprice::schema {

// The life in the current row of a statement selecting life_sql::kColumns.
ListingLife read_life(const Statement& select);
// Every remaining row of such a statement, as lives.
std::vector<ListingLife> read_lives(Statement& select);
// Binds life_sql::kJoins' parameters: ?3 the marketplace, ?4 the excluded flags, ?5 `ok`.
void bind_life_joins(Statement& select, const Market& market, int excluded_flags);

}  // namespace gpuprice::schema
