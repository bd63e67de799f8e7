#include "app/compaction.hpp"

#include <stdexcept>

#include "schema/domain/clock.hpp"
#include "schema/store/derived_state.hpp"
#include "schema/store/observation_store.hpp"

namespace gpuprice::app {

std::vector<MarketCompaction> compact_database(schema::Database& db, int keep_nights) {
    if (keep_nights < 1) {
        throw std::invalid_argument("nights to keep must be at least 1, not " +
                                    std::to_string(keep_nights));
    }
    std::vector<MarketCompaction> done;
    for (const auto& market : schema::run_markets(db)) {
        schema::Transaction tx(db);
        const auto latest = schema::latest_night(db, market);
        if (!latest) continue;
        MarketCompaction c;
        c.marketplace = market.id;
        c.before = schema::add_days(*latest, -(keep_nights - 1));
        c.result = schema::compact_nights_before(db, market, c.before);
        tx.commit();
        done.push_back(std::move(c));
    }
    return done;
}

}  // namespace gpuprice::app
