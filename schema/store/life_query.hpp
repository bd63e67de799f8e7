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
// the joins behind them (kJoins): a listing's last observation is the one of its last_seen_on
// night, its row in last_prices (migration 0027: in price_observations each listing's last price
// sits on a page of its own) or, once compacted, at the end of one of its price intervals (whose
// run is that night's). CROSS and LEFT JOIN keep SQLite's order (the leading table first, then
// primary-key lookups). The interval is read only when the night has no last price (the CASEs and
// coalesce stop before their subquery), so the lives of listings seen lately cost what they did.
// Compile-time parts (schema/store/sql_text.hpp), so that each statement is one constant; ?3 is
// the marketplace, ?4 the excluded price flags, ?5 the verdict of a matched listing
// (bind_life_joins binds the three). The leading table is aliased l (listings) by the statement.
namespace gpuprice::schema::life_sql {

inline constexpr SqlText kLastIntervalFrom =
    " FROM price_intervals i WHERE i.listing_id = l.id "
    "AND i.marketplace = ?3 AND i.last_on = l.last_seen_on)";
template <std::size_t N>
consteval auto last_interval(const SqlText<N>& column) {
    return "(SELECT " + column + kLastIntervalFrom;
}
// A life's condition, price, shipping and bid on its last night: from o, else its last interval.
inline constexpr auto kCondition = "coalesce(CASE WHEN o.listing_id IS NULL THEN " +
                                   last_interval(SqlText("i.condition_id")) +
                                   " ELSE o.condition_id END, l.condition_id, 0)";
inline constexpr auto kPrice =
    "coalesce(o.price_cents, " + last_interval(SqlText("i.price_cents")) + ")";
inline constexpr auto kShipping = "CASE WHEN o.listing_id IS NULL THEN " +
                                  last_interval(SqlText("i.shipping_cents")) +
                                  " ELSE o.shipping_cents END";
inline constexpr auto kBid =
    "CASE WHEN o.listing_id IS NULL THEN " +
    last_interval(SqlText("CASE WHEN i.bids IS NULL THEN i.current_bid_cents ELSE "
                          "json_extract(i.bids, '$[' || CAST(julianday(i.last_on) - "
                          "julianday(i.first_on) AS INTEGER) || ']') END")) +
    " ELSE o.current_bid_cents END ";
inline constexpr auto kColumns = "SELECT l.id, m.model, " + kCondition +
                                 ", coalesce(l.buying_options, ''), l.first_seen_on, "
                                 "l.last_seen_on, coalesce(r.started_at, ''), l.item_end_date, " +
                                 kPrice + ", " + kShipping + ", l.item_id, l.title, " +
                                 kListingUrl + ", " + kBid;
// The last observation (or interval) and the verdict of listing l, without its last run.
inline constexpr SqlText kPriceJoins =
    "LEFT JOIN last_prices o "
    "  ON o.listing_id = l.id AND o.marketplace = ?3 AND o.observed_on = l.last_seen_on "
    "CROSS JOIN match_results m ON m.listing_id = l.id AND m.reason = ?5 ";
inline constexpr auto kWhere =
    "WHERE (l.price_flags & ?4) = 0 " /* kept out of clearances as out of the medians */
    "AND (o.listing_id IS NOT NULL OR EXISTS " +
    last_interval(SqlText("1")) + ") ";
inline constexpr auto kJoins = kPriceJoins +
                               "LEFT JOIN fetch_runs r ON r.id = coalesce(o.run_id, " +
                               last_interval(SqlText("i.run_id")) + ") " + kWhere;

}  // namespace gpuprice::schema::life_sql

namespace gpuprice::schema {

// The life in the current row of a statement selecting life_sql::kColumns.
ListingLife read_life(const Statement& select);
// Every remaining row of such a statement, as lives.
std::vector<ListingLife> read_lives(Statement& select);
// Binds life_sql::kJoins' parameters: ?3 the marketplace, ?4 the excluded flags, ?5 `ok`.
void bind_life_joins(Statement& select, const Market& market, int excluded_flags);

}  // namespace gpuprice::schema
