#include "app/derived_pass.hpp"

#include "app/clearances.hpp"
#include "app/model_nights.hpp"
#include "schema/store/derived_state.hpp"

namespace gpuprice::app {

std::string derivation_fingerprint(const schema::Catalog& catalog) {
    return "derivation " + std::to_string(kDerivationVersion) + ", catalog " + catalog.digest;
}

schema::Past read_past(schema::Database& db, const schema::Catalog& catalog,
                       const schema::Market& market) {
    return schema::Past::read(db, market, derivation_fingerprint(catalog));
}

bool derivation_outdated(schema::Database& db, const schema::Catalog& catalog) {
    return schema::derived_with_other_rules(db, derivation_fingerprint(catalog));
}

void update_derived_tables(schema::Database& db, const schema::Catalog& catalog) {
    // One write transaction: no run or verdict lands between what the pass reads and writes.
    schema::Transaction tx(db);
    const auto made_with = derivation_fingerprint(catalog);
    for (const auto& market : schema::run_markets(db)) {
        const auto work = schema::derived_work(db, market, made_with);
        if (work.up_to_date) continue;
        // The pass reads prices only: compaction's form, not the tables it derives.
        const auto past = schema::Past::read(db, market);
        // A listing whose verdict or flags changed counts differently on every night it was
        // listed, and where it cleared (before and after); the nights whose evidence held those
        // are added where the nights are chosen (nights_to_roll_up).
        auto nights = schema::stale_listing_nights(db);
        nights.merge(decide_clearances(db, catalog, work));
        roll_up_nights(db, past, catalog, work, nights);
        schema::record_derived_pass(db, work);
    }
    schema::clear_stale_listings(db);
    tx.commit();
}

}  // namespace gpuprice::app
