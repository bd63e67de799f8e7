// Each listing's last price as last_prices holds it (migration 0027, kept by triggers), and as
// an uncompacted price_observations says it must be: the row of the listing's latest night in
// each marketplace.
#pragma once

#include <sstream>
#include <string>

#include "schema/store/sqlite.hpp"

namespace gpuprice::test {

namespace last_prices_detail {

inline std::string rows(schema::Database& db, const std::string& from_where) {
    auto select = db.prepare(
        "SELECT p.listing_id, p.marketplace, p.observed_on, p.run_id, p.condition_id, "
        "p.price_cents, p.shipping_cents, p.currency, p.current_bid_cents " +
        from_where + " ORDER BY p.listing_id, p.marketplace");
    std::ostringstream out;
    while (select.step()) {
        for (int c = 0; c < 9; ++c) out << select.optional_text(c).value_or("NULL") << ' ';
        out << '\n';
    }
    return out.str();
}

}  // namespace last_prices_detail

// What last_prices holds, a line per row.
inline std::string last_prices(schema::Database& db) {
    return last_prices_detail::rows(db, "FROM last_prices p");
}

// What it must hold, from price_observations alone.
inline std::string last_prices_of_observations(schema::Database& db) {
    return last_prices_detail::rows(
        db,
        "FROM price_observations p WHERE p.observed_on = (SELECT max(q.observed_on) "
        "FROM price_observations q WHERE q.listing_id = p.listing_id "
        "AND q.marketplace = p.marketplace)");
}

}  // namespace gpuprice::test
