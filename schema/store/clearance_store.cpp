#include "schema/store/clearance_store.hpp"

#include <algorithm>
#include <functional>
#include <set>
#include <stdexcept>

#include "schema/domain/buying_option.hpp"
#include "schema/store/life_query.hpp"
#include "schema/store/night_price_row.hpp"

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

// The rows of a statement selecting life_sql::kColumns, outcome and night, one at a time; only
// those of `conditions` when it names any (a row of another is skipped before its strings are
// read).
void read_decided(Statement& select, const std::vector<ConditionClass>& conditions,
                  const std::function<void(DecidedLife&&)>& each) {
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
        each(std::move(d));
    }
}

}  // namespace

ListingsToDecide::ListingsToDecide(Database& db, const DerivedWork& work) : db_(db) {
    db.exec("CREATE TEMP TABLE IF NOT EXISTS listings_to_decide (listing_id INTEGER PRIMARY KEY)");
    db.exec("DELETE FROM temp.listings_to_decide");
    // Pending decisions have no night: the night index finds them among a year's decisions.
    // Listings last seen since on a night compaction already folded into intervals (a pass that
    // fell behind the retention) are found by their last night: their prices are intervals now.
    auto fill = db.prepare(
        "INSERT INTO temp.listings_to_decide (listing_id) "
        "SELECT listing_id FROM price_observations WHERE observed_on >= ?1 AND marketplace = ?3 "
        "UNION SELECT id FROM listings WHERE last_seen_on >= ?1 AND last_seen_on <= ("
        "  SELECT max(night) FROM compacted_nights WHERE marketplace = ?3) "
        "UNION SELECT listing_id FROM listing_clearances WHERE marketplace = ?3 "
        "  AND night IS NULL AND outcome = ?4 "
        "UNION SELECT listing_id FROM listing_clearances WHERE marketplace = ?3 "
        "  AND night >= ?2 "
        "UNION SELECT listing_id FROM derived_stale");
    fill.bind_all(work.since, work.changed_from, work.market.id,
                  clearance_outcome_name(ClearanceOutcome::pending));
    fill.run();
}

ListingsToDecide::~ListingsToDecide() {
    try {
        db_.exec("DROP TABLE IF EXISTS temp.listings_to_decide");
    } catch (...) {
        // A destructor does not throw; the temporary table goes with the connection anyway.
    }
}

// The term of life_sql::kJoins' WHERE that leaves out the lives pending_from names (?6, with the
// auction option's name as ?7): a fixed-price listing last seen on or after that night.
namespace {

constexpr SqlText kNotPending =
    "AND (?6 IS NULL OR l.last_seen_on < ?6 OR instr(coalesce(l.buying_options, ''), ?7) > 0) ";

void bind_not_pending(Statement& select, const std::optional<std::string>& pending_from) {
    select.bind(6, pending_from).bind(7, buying_option_name(BuyingOption::auction));
}

}  // namespace

std::vector<ListingLife> load_lives_to_decide(Database& db, const ListingsToDecide&,
                                              const DerivedWork& work,
                                              const std::optional<std::string>& pending_from) {
    constexpr auto kSql = life_sql::kColumns +
                          "FROM temp.listings_to_decide e "
                          "CROSS JOIN listings l ON l.id = e.listing_id " +
                          life_sql::kJoins + kNotPending + "ORDER BY l.id";
    auto select = db.prepare(kSql);
    bind_not_pending(select, pending_from);
    bind_life_joins(select, work.market, 0);
    return read_lives(select);
}

std::vector<ListingLife> load_lives_after(Database& db, const Market& market, std::int64_t after_id,
                                          int limit,
                                          const std::optional<std::string>& pending_from) {
    constexpr auto kSql = life_sql::kColumns + "FROM listings l " + life_sql::kJoins + kNotPending +
                          "AND l.id > ?1 ORDER BY l.id LIMIT ?2";
    auto select = db.prepare(kSql);
    select.bind(1, after_id).bind(2, limit);
    bind_not_pending(select, pending_from);
    bind_life_joins(select, market, 0);
    return read_lives(select);
}

std::set<std::string> store_clearance_decisions(Database& db, const ListingsToDecide&,
                                                const DerivedWork& work,
                                                const std::vector<ClearanceDecisionRow>& rows) {
    // The listings load_lives_to_decide read: their earlier decisions go, whether or not they
    // still have a life (a listing rematched to no model has none). The nights their clearances
    // counted on, before and after, change.
    std::set<std::string> nights;
    auto earlier = db.prepare(
        "SELECT DISTINCT c.night FROM temp.listings_to_decide e "
        "CROSS JOIN listing_clearances c ON c.listing_id = e.listing_id AND c.marketplace = ?1 "
        "WHERE c.outcome = ?2");
    earlier.bind(1, work.market.id).bind(2, clearance_outcome_name(ClearanceOutcome::cleared));
    while (earlier.step()) nights.insert(earlier.text(0));
    earlier.reset();
    auto forget = db.prepare(
        "DELETE FROM listing_clearances WHERE marketplace = ?1 "
        "AND listing_id IN (SELECT listing_id FROM temp.listings_to_decide)");
    forget.bind(1, work.market.id);
    forget.run();
    insert_decisions(db, work, rows);
    for (const auto& row : rows) {
        if (row.outcome == ClearanceOutcome::cleared) nights.insert(row.night);
    }
    return nights;
}

void forget_clearance_decisions(Database& db, const Market& market) {
    auto forget = db.prepare("DELETE FROM listing_clearances WHERE marketplace = ?1");
    forget.bind(1, market.id);
    forget.run();
}

void add_clearance_decisions(Database& db, const DerivedWork& work,
                             const std::vector<ClearanceDecisionRow>& rows) {
    insert_decisions(db, work, rows);
}

void for_each_decided_life(Database& db, const std::string& since, const std::string& from,
                           const std::string& to, const ObservationFilter& filter,
                           const std::vector<ConditionClass>& conditions,
                           const std::function<void(DecidedLife&&)>& each) {
    // As load_listing_lives, through the index of the decisions' nights. A decision stands for the
    // life whose last night it was made on; nights after `to` were not fetched yet as far as a
    // report of `to` knows. Only the window's clearances are read: the lookback before `from`
    // is there for listings last seen before the window that left inside it. Lives of other
    // conditions mostly end before their verdict and run are read (condition_id_span).
    constexpr auto kSql = life_sql::kColumns +
                          ", c.outcome, coalesce(c.night, '') FROM listing_clearances c "
                          "CROSS JOIN listings l ON l.id = c.listing_id " +
                          life_sql::kJoins +
                          "AND c.marketplace = ?3 AND c.last_seen_on BETWEEN ?1 AND ?2 "
                          "AND c.last_seen_on = l.last_seen_on "
                          "AND (l.last_seen_on < ?2 OR instr(l.buying_options, ?6) > 0) "
                          "AND c.outcome IN (?7, ?8) AND c.night BETWEEN ?9 AND ?2 AND " +
                          life_sql::kCondition + " BETWEEN ?10 AND ?11 ORDER BY c.night, l.id";
    auto select = db.prepare(kSql);
    select.bind(1, since)
        .bind(2, to)
        .bind(6, buying_option_name(BuyingOption::auction))
        .bind(7, clearance_outcome_name(ClearanceOutcome::auction_near_final))
        .bind(8, clearance_outcome_name(ClearanceOutcome::cleared))
        .bind(9, from);
    const auto [first_id, last_id] = condition_id_span(conditions);
    select.bind(10, first_id).bind(11, last_id);
    bind_life_joins(select, filter.market, filter.excluded_flags);
    read_decided(select, conditions, each);
}

std::size_t decided_lives_bound(Database& db, const std::string& from, const std::string& to,
                                const Market& market) {
    // The night index alone (it holds the marketplace, a key column): every decision with a
    // night in the window, whatever its outcome. Asking the outcome too read each row (20 ms
    // of tonight's report at a year, against 4 ms); for_each_decided_life only leaves rows out.
    auto count = db.prepare(
        "SELECT count(*) FROM listing_clearances WHERE night BETWEEN ?1 AND ?2 "
        "AND marketplace = ?3");
    count.bind_all(from, to, market.id);
    count.step();
    return static_cast<std::size_t>(count.int64(0));
}

std::vector<ClearedPrice> load_cleared_between(Database& db, const std::string& first,
                                               const std::string& last,
                                               const ObservationFilter& filter) {
    // Of a life, only what the rollups count: its model, condition and last price, as
    // life_sql::kColumns reads them (a year's 30-night window holds 65,000 of them, read
    // every night).
    constexpr auto kSql = "SELECT l.id, m.model, " + life_sql::kCondition + ", " +
                          life_sql::kPrice + ", " + life_sql::kShipping +
                          ", coalesce(c.night, '') "
                          "FROM listing_clearances c "
                          "CROSS JOIN listings l ON l.id = c.listing_id " +
                          life_sql::kPriceJoins + life_sql::kWhere +
                          "AND c.marketplace = ?3 AND c.night BETWEEN ?1 AND ?7 "
                          "AND c.outcome = ?6 AND c.last_seen_on = l.last_seen_on "
                          "ORDER BY c.night, l.id";
    auto select = db.prepare(kSql);
    select.bind(1, first).bind(7, last);
    select.bind(6, clearance_outcome_name(ClearanceOutcome::cleared));
    bind_life_joins(select, filter.market, filter.excluded_flags);
    std::vector<ClearedPrice> cleared;
    while (select.step()) cleared.push_back({select.text(1), read_night_price(select)});
    return cleared;
}

std::vector<DecidedLife> load_model_decided_lives(Database& db, const std::string& model,
                                                  const ObservationFilter& filter) {
    constexpr auto kSql =
        life_sql::kColumns +
        ", c.outcome, coalesce(c.night, '') FROM match_results v "
        "CROSS JOIN listings l ON l.id = v.listing_id "
        "CROSS JOIN listing_clearances c ON c.listing_id = l.id AND c.marketplace = ?3 "
        "  AND c.last_seen_on = l.last_seen_on " +
        life_sql::kJoins +
        "AND v.model = ?1 AND v.reason = ?5 AND c.outcome IN (?6, ?7, ?8) ORDER BY l.id";
    auto select = db.prepare(kSql);
    select.bind(1, model)
        .bind(6, clearance_outcome_name(ClearanceOutcome::cleared))
        .bind(7, clearance_outcome_name(ClearanceOutcome::auction_near_final))
        .bind(8, clearance_outcome_name(ClearanceOutcome::uncounted));
    bind_life_joins(select, filter.market, filter.excluded_flags);
    std::vector<DecidedLife> lives;
    read_decided(select, {}, [&](DecidedLife&& d) { lives.push_back(std::move(d)); });
    return lives;
}

}  // namespace gpuprice::schema
