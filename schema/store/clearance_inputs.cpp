#include "schema/store/clearance_inputs.hpp"

#include "schema/domain/buying_option.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/query_stop.hpp"
#include "schema/domain/withheld_check.hpp"
#include "schema/store/life_query.hpp"

#include <map>

namespace gpuprice::schema {

std::vector<ListingLife> load_listing_lives(Database& db, const std::string& since,
                                            const std::string& to,
                                            const ObservationFilter& filter) {
    // Only a listing last seen before `to` can have cleared by `to` (an auction may also end on
    // `to`); a listing seen on `to`, or after it, is still listed. Read through the listings
    // table: scanning the window's observations cost a second on a year of 27,400 listings
    // (scripts/bench-report).
    constexpr auto kSql = life_sql::kColumns + "FROM listings l " + life_sql::kJoins +
                          "AND l.last_seen_on >= ?1 AND (l.last_seen_on < ?2 OR "
                          "(l.last_seen_on = ?2 AND instr(l.buying_options, ?6) > 0)) "
                          "ORDER BY l.id";
    auto select = db.prepare(kSql);
    select.bind(1, since).bind(2, to).bind(6, buying_option_name(BuyingOption::auction));
    bind_life_joins(select, filter.market, filter.excluded_flags);
    return read_lives(select);
}

std::vector<ListingLife> load_model_listing_lives(Database& db, const std::string& model,
                                                  const ObservationFilter& filter) {
    // From the model's index: its listings are a few thousand of the million a year holds.
    constexpr auto kSql = life_sql::kColumns +
                          "FROM match_results v CROSS JOIN listings l ON l.id = v.listing_id " +
                          life_sql::kJoins + "AND v.model = ?1 AND v.reason = ?5 ORDER BY l.id";
    auto select = db.prepare(kSql);
    select.bind(1, model);
    bind_life_joins(select, filter.market, filter.excluded_flags);
    return read_lives(select);
}

namespace {

// ?1-?3 the nights and the marketplace, ?4-?6 the kinds of query that cover a family: its
// search, its other-category search, its price bands.
void bind_coverage_window(Statement& select, const std::string& since, const std::string& to,
                          const Market& market) {
    select.bind_all(since, to, market.id, query_kind_name(QueryKind::search),
                    query_kind_name(QueryKind::other_category),
                    query_kind_name(QueryKind::price_band));
}

}  // namespace

FamilyCoverage load_family_coverage(Database& db, const std::string& since, const std::string& to,
                                    const Market& market) {
    // Per run and family: complete when its search (complete only when the price bands it was
    // split into were) and its other-category search were (audit 3, F10); items withheld when a
    // page of any of them, bands included, came back short with `next`, or when its pages served
    // fewer than eBay's total with no multi-variation summary to explain it (a short last page).
    auto select = db.prepare(
        "SELECT r.night, q.family, "
        "min(CASE WHEN q.kind IN (?4, ?5) THEN q.complete END), "
        "max(q.short_page_deficit > 0 OR (q.total_gap > 0 AND q.variation_summaries = 0)) "
        "FROM query_coverage q JOIN fetch_runs r ON r.id = q.run_id "
        "WHERE q.kind IN (?4, ?5, ?6) AND r.night BETWEEN ?1 AND ?2 AND r.marketplace = ?3 "
        "GROUP BY r.id, q.family "
        "HAVING count(CASE WHEN q.kind = ?4 THEN 1 END) > 0");
    bind_coverage_window(select, since, to, market);
    FamilyCoverage coverage;
    while (select.step()) {
        const bool complete = select.int32(2) != 0;
        const bool withheld = select.int32(3) != 0;
        auto [it, first] = coverage[select.text(0)].try_emplace(select.text(1), complete, withheld);
        auto& night = it->second;
        if (first || !complete) continue;
        // The night's best run: a complete one, and among complete ones one that withheld none.
        night.withheld = night.complete ? night.withheld && withheld : withheld;
        night.complete = true;
    }
    return coverage;
}

SentCoverage load_sent_coverage(Database& db, const std::string& since, const std::string& to,
                                const Market& market) {
    constexpr SqlText kWhere =
        "WHERE q.kind IN (?4, ?5, ?6) AND q.sent IS NOT NULL AND r.night BETWEEN ?1 AND ?2 "
        "AND r.marketplace = ?3 ";
    constexpr auto kRuns = "FROM query_coverage q JOIN fetch_runs r ON r.id = q.run_id " + kWhere;
    // Each run's windows per sent query (its search's and its bands').
    std::map<std::pair<std::int64_t, std::string>, std::vector<CreatedWindow>> windows;
    constexpr auto kWindows =
        "SELECT q.run_id, q.sent, w.created_from, w.created_to "
        "FROM query_withheld_windows w JOIN query_coverage q "
        "ON q.run_id = w.run_id AND q.query = w.query JOIN fetch_runs r ON r.id = q.run_id " +
        kWhere;
    auto select_windows = db.prepare(kWindows);
    bind_coverage_window(select_windows, since, to, market);
    while (select_windows.step()) {
        windows[{select_windows.int64(0), select_windows.text(1)}].push_back(
            {select_windows.optional_text(2), select_windows.optional_text(3)});
    }
    constexpr auto kSent = "SELECT r.night, r.id, q.sent, min(q.complete) " + kRuns +
                           "GROUP BY r.id, q.sent ORDER BY r.id";
    auto select = db.prepare(kSent);
    bind_coverage_window(select, since, to, market);
    SentCoverage coverage;
    while (select.step()) {
        SentNight run;
        run.complete = select.int32(3) != 0;
        const auto found = windows.find({select.int64(1), select.text(2)});
        if (found != windows.end()) run.withheld = std::move(found->second);
        auto& sent = coverage[select.text(0)];
        const auto known = sent.find(select.text(2));
        if (known == sent.end()) {
            sent.emplace(select.text(2), std::move(run));
            continue;
        }
        // The night's best run: a complete one, and among those the one with fewest windows.
        auto& night = known->second;
        if (run.complete && (!night.complete || run.withheld.size() < night.withheld.size()))
            night = std::move(run);
    }
    return coverage;
}

void attach_returned_by(Database& db, std::vector<ListingLife>& lives) {
    auto created = db.prepare("SELECT coalesce(created_at, '') FROM listings WHERE id = ?1");
    auto sent = db.prepare("SELECT sent FROM listing_queries WHERE listing_id = ?1");
    auto ended = db.prepare(
        "SELECT min(night) FROM listing_withheld_checks WHERE listing_id = ?1 AND outcome = ?2 "
        "AND night > ?3");
    for (auto& life : lives) {
        ended.bind(1, life.listing_id)
            .bind(2, withheld_check_name(WithheldCheck::ended))
            .bind(3, life.last_seen);
        if (ended.step()) life.ended_on = ended.optional_text(0).value_or("");
        ended.reset();
        created.bind(1, life.listing_id);
        if (created.step()) life.created_at = created.text(0);
        created.reset();
        sent.bind(1, life.listing_id);
        while (sent.step()) life.returned_by.push_back(sent.text(0));
        sent.reset();
    }
}

}  // namespace gpuprice::schema
