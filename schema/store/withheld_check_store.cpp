#include "schema/store/withheld_check_store.hpp"

#include "schema/domain/buying_option.hpp"
#include "schema/domain/clearance_outcome.hpp"
#include "schema/domain/price_flags.hpp"
#include "schema/store/clearance_inputs.hpp"
#include "schema/store/life_query.hpp"

namespace gpuprice::schema {

std::vector<ListingLife> load_undecided_lives(Database& db, const Market& market,
                                              const std::string& since,
                                              const std::string& tonight) {
    // Through the listings' last-night index: the nights since `since` only.
    constexpr auto kSql =
        life_sql::kColumns + "FROM listings l " + life_sql::kJoins +
        "AND l.last_seen_on >= ?1 AND l.last_seen_on < ?2 "
        "AND instr(coalesce(l.buying_options, ''), ?6) = 0 "
        "AND NOT EXISTS (SELECT 1 FROM listing_clearances c WHERE c.listing_id = l.id "
        "  AND c.marketplace = ?3 AND c.outcome <> ?7) "
        "AND NOT EXISTS (SELECT 1 FROM listing_withheld_checks k WHERE k.listing_id = l.id "
        "  AND k.outcome = ?8) "
        "ORDER BY l.last_seen_on, l.id";
    auto select = db.prepare(kSql);
    select.bind(1, since).bind(2, tonight).bind(6, buying_option_name(BuyingOption::auction));
    select.bind(7, clearance_outcome_name(ClearanceOutcome::pending))
        .bind(8, withheld_check_name(WithheldCheck::ended));
    bind_life_joins(select, market, kFlagVariations);
    auto lives = read_lives(select);
    attach_returned_by(db, lives);
    return lives;
}

bool any_listing_seen_between(Database& db, const Market& market, const std::string& since,
                              const std::string& tonight) {
    // Through the listings' last-night index, then the night's observation of the marketplace.
    auto select = db.prepare(
        "SELECT EXISTS (SELECT 1 FROM listings l JOIN price_observations o "
        "ON o.listing_id = l.id AND o.observed_on = l.last_seen_on "
        "WHERE l.last_seen_on >= ?1 AND l.last_seen_on < ?2 AND o.marketplace = ?3)");
    select.bind(1, since).bind(2, tonight).bind(3, market.id);
    return select.step() && select.int32(0) != 0;
}

void record_withheld_checks(Database& db, std::int64_t run_id, const std::string& night,
                            const std::vector<WithheldCheckRow>& rows) {
    if (rows.empty()) return;
    Transaction tx(db);
    auto insert = db.prepare(
        "INSERT OR REPLACE INTO listing_withheld_checks (listing_id, night, run_id, outcome) "
        "VALUES (?1, ?2, ?3, ?4)");
    for (const auto& row : rows) {
        insert.bind_all(row.listing_id, night, run_id, withheld_check_name(row.outcome));
        insert.run();
    }
    tx.commit();
}

}  // namespace gpuprice::schema
