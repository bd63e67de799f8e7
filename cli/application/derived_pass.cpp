#include "cli/application/derived_pass.hpp"

#include "cli/application/clearances.hpp"
#include "cli/application/model_nights.hpp"
#include "schema/store/derived_state.hpp"

namespace gpuprice::app {

void update_derived_tables(schema::Database& db, const schema::Catalog& catalog) {
    // One write transaction: no run or verdict lands between what the pass reads and writes.
    schema::Transaction tx(db);
    for (const auto& market : schema::run_markets(db)) {
        const auto work = schema::derived_work(db, market);
        if (work.up_to_date) continue;
        // A listing whose verdict or flags changed counts differently on every night it was
        // listed, and where it cleared (before and after); the nights whose evidence held those
        // are added where the nights are chosen (nights_to_roll_up).
        auto nights = schema::stale_listing_nights(db);
        nights.merge(decide_clearances(db, catalog, work));
        roll_up_nights(db, catalog, work, nights);
        schema::record_derived_pass(db, work);
    }
    schema::clear_stale_listings(db);
    tx.commit();
}

void redo_derived_tables(schema::Database& db, const schema::Catalog& catalog) {
    for (const auto& market : schema::run_markets(db)) {
        schema::Transaction tx(db);
        schema::forget_derived_pass(db, market);
        tx.commit();
    }
    update_derived_tables(db, catalog);
}

}  // namespace gpuprice::app
