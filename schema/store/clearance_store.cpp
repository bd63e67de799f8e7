#include "schema/store/clearance_store.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "schema/domain/buying_option.hpp"
#include "schema/store/life_query.hpp"

namespace gpuprice::schema {

namespace {

// The rows of one pass; a fixed-price listing still listed on the latest night gets none.
void insert_decisions(Database& db, const DerivedWork& work,
                      const std::vector<ClearanceDecisionRow>& rows) {
    auto insert = db.prepare(
        "INSERT OR REPLACE INTO listing_clearances (listing_id, marketplace, last_seen_on, "
        "outcome, night) VALUES (?1, ?2, ?3, ?4, ?5)");
    for (const auto& row : rows) {
        if (row.outcome == ClearanceOutcome::pending && row.last_seen >= work.latest_night)
            continue;
        insert.bind(1, row.listing_id)
            .bind_unowned(2, work.market.id)
            .bind_unowned(3, row.last_seen)
            .bind_unowned(4, clearance_outcome_name(row.outcome))
            .bind(5, row.night.empty() ? std::optional<std::string>() : row.night);
        insert.run();
    }
}

// The rows of a statement selecting GPUPRICE_LIFE_COLUMNS, outcome and night; only those of
// `conditions` when it names any (a row of another is skipped before its strings are read).
std::vector<DecidedLife> read_decided(Statement& select,
                                      const std::vector<ConditionClass>& conditions = {}) {
    std::vector<DecidedLife> lives;
    while (select.step()) {
        if (!conditions.empty() && std::find(conditions.begin(), conditions.end(),
                                             condition_class(select.int32(2))) == conditions.end())
            continue;
        DecidedLife d;
        d.life = read_life(select);
        const auto outcome = parse_clearance_outcome(select.text(14));
        if (!outcome)
            throw std::runtime_error("unknown clearance outcome '" + select.text(14) + "'");
        d.outcome = *outcome;
        d.night = select.text(15);
        lives.push_back(std::move(d));
    }
    return lives;
}

}  // namespace

std::vector<ListingLife> load_lives_to_decide(Database& db, const DerivedWork& work) {
    // The listings seen since, those pending, and those decided on a night the new runs may
    // have changed.
    auto select = db.prepare(
        "WITH e(id) AS ("
        "  SELECT listing_id FROM price_observations WHERE observed_on >= ?1 AND marketplace = ?3 "
        "  UNION SELECT listing_id FROM listing_clearances WHERE marketplace = ?3 "
        "    AND outcome = ?6 "
        "  UNION SELECT listing_id FROM listing_clearances WHERE marketplace = ?3 "
        "    AND night >= ?2 "
        "  UNION SELECT listing_id FROM derived_stale) " GPUPRICE_LIFE_COLUMNS
        "FROM e CROSS JOIN listings l ON l.id = e.id " GPUPRICE_LIFE_JOINS "ORDER BY l.id");
    select.bind(1, work.since)
        .bind(2, work.changed_from)
        .bind(6, clearance_outcome_name(ClearanceOutcome::pending));
    bind_life_joins(select, work.market, 0);
    std::vector<ListingLife> lives;
    while (select.step()) lives.push_back(read_life(select));
    return lives;
}

std::vector<ListingLife> load_lives_after(Database& db, const Market& market, std::int64_t after_id,
                                          int limit) {
    auto select = db.prepare(GPUPRICE_LIFE_COLUMNS "FROM listings l " GPUPRICE_LIFE_JOINS
                                                   "AND l.id > ?1 ORDER BY l.id LIMIT ?2");
    select.bind(1, after_id).bind(2, limit);
    bind_life_joins(select, market, 0);
    std::vector<ListingLife> lives;
    while (select.step()) lives.push_back(read_life(select));
    return lives;
}

// The decisions a derived pass redoes (?1 since, ?2 changed_from, ?3 the market): from a changed
// night on, of listings seen since `since`, and of listings whose verdict or flags changed. A
// literal, so that the statements stay literals (scripts/check-sql).
#define GPUPRICE_REDONE_DECISIONS                                              \
    "night >= ?2 OR listing_id IN (SELECT listing_id FROM price_observations " \
    "WHERE observed_on >= ?1 AND marketplace = ?3) OR listing_id IN "          \
    "(SELECT listing_id FROM derived_stale)"

std::set<std::string> store_clearance_decisions(Database& db, const DerivedWork& work,
                                                const std::vector<ClearanceDecisionRow>& rows) {
    // The same listings load_lives_to_decide chose: their earlier decisions go, whether or not
    // they still have a life (a listing rematched to no model has none). The nights their
    // clearances counted on, before and after, change.
    std::set<std::string> nights;
    auto earlier = db.prepare(
        "SELECT DISTINCT night FROM listing_clearances WHERE marketplace = ?3 "
        "AND outcome = ?4 AND (" GPUPRICE_REDONE_DECISIONS ")");
    earlier.bind(1, work.since)
        .bind(2, work.changed_from)
        .bind(3, work.market.id)
        .bind(4, clearance_outcome_name(ClearanceOutcome::cleared));
    while (earlier.step()) nights.insert(earlier.text(0));
    earlier.reset();
    auto forget = db.prepare(
        "DELETE FROM listing_clearances WHERE marketplace = ?3 AND (outcome = ?4 "
        "OR " GPUPRICE_REDONE_DECISIONS ")");
    forget.bind(1, work.since)
        .bind(2, work.changed_from)
        .bind(3, work.market.id)
        .bind(4, clearance_outcome_name(ClearanceOutcome::pending));
    forget.run();
    insert_decisions(db, work, rows);
    for (const auto& row : rows) {
        if (row.outcome == ClearanceOutcome::cleared) nights.insert(row.night);
    }
    return nights;
}

#undef GPUPRICE_REDONE_DECISIONS

void forget_clearance_decisions(Database& db, const Market& market) {
    auto forget = db.prepare("DELETE FROM listing_clearances WHERE marketplace = ?1");
    forget.bind(1, market.id);
    forget.run();
}

void add_clearance_decisions(Database& db, const DerivedWork& work,
                             const std::vector<ClearanceDecisionRow>& rows) {
    insert_decisions(db, work, rows);
}

std::vector<DecidedLife> load_decided_lives(Database& db, const std::string& since,
                                            const std::string& from, const std::string& to,
                                            const ObservationFilter& filter,
                                            const std::vector<ConditionClass>& conditions) {
    // As load_listing_lives, through the index of the decisions' nights. A decision stands for the
    // life whose last night it was made on; nights after `to` were not fetched yet as far as a
    // report of `to` knows. Only the window's clearances are read: the lookback before `from`
    // is there for listings last seen before the window that left inside it.
    auto select = db.prepare(GPUPRICE_LIFE_COLUMNS
                             ", c.outcome, coalesce(c.night, '') FROM listing_clearances c "
                             "CROSS JOIN listings l ON l.id = c.listing_id " GPUPRICE_LIFE_JOINS
                             "AND c.marketplace = ?3 AND c.last_seen_on BETWEEN ?1 AND ?2 "
                             "AND c.last_seen_on = l.last_seen_on "
                             "AND (l.last_seen_on < ?2 OR instr(l.buying_options, ?6) > 0) "
                             "AND c.outcome IN (?7, ?8) AND c.night BETWEEN ?9 AND ?2 "
                             "ORDER BY c.night, l.id");
    select.bind(1, since)
        .bind(2, to)
        .bind(6, buying_option_name(BuyingOption::auction))
        .bind(7, clearance_outcome_name(ClearanceOutcome::auction_near_final))
        .bind(8, clearance_outcome_name(ClearanceOutcome::cleared))
        .bind(9, from);
    bind_life_joins(select, filter.market, filter.excluded_flags);
    return read_decided(select, conditions);
}

std::vector<DecidedLife> load_cleared_between(Database& db, const std::string& first,
                                              const std::string& last,
                                              const ObservationFilter& filter) {
    auto select = db.prepare(GPUPRICE_LIFE_COLUMNS
                             ", c.outcome, coalesce(c.night, '') FROM listing_clearances c "
                             "CROSS JOIN listings l ON l.id = c.listing_id " GPUPRICE_LIFE_JOINS
                             "AND c.marketplace = ?3 AND c.night BETWEEN ?1 AND ?7 "
                             "AND c.outcome = ?6 AND c.last_seen_on = l.last_seen_on "
                             "ORDER BY c.night, l.id");
    select.bind(1, first).bind(7, last);
    select.bind(6, clearance_outcome_name(ClearanceOutcome::cleared));
    bind_life_joins(select, filter.market, filter.excluded_flags);
    return read_decided(select);
}

std::vector<DecidedLife> load_model_decided_lives(Database& db, const std::string& model,
                                                  const ObservationFilter& filter) {
    auto select =
        db.prepare(GPUPRICE_LIFE_COLUMNS
                   ", c.outcome, coalesce(c.night, '') FROM match_results v "
                   "CROSS JOIN listings l ON l.id = v.listing_id "
                   "CROSS JOIN listing_clearances c ON c.listing_id = l.id AND c.marketplace = ?3 "
                   "  AND c.last_seen_on = l.last_seen_on " GPUPRICE_LIFE_JOINS
                   "AND v.model = ?1 AND v.reason = ?5 "
                   "AND c.outcome IN (?6, ?7, ?8) ORDER BY l.id");
    select.bind(1, model)
        .bind(6, clearance_outcome_name(ClearanceOutcome::cleared))
        .bind(7, clearance_outcome_name(ClearanceOutcome::auction_near_final))
        .bind(8, clearance_outcome_name(ClearanceOutcome::uncounted));
    bind_life_joins(select, filter.market, filter.excluded_flags);
    return read_decided(select);
}

}  // namespace gpuprice::schema
