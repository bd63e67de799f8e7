#include "schema/store/model_night_store.hpp"

#include "schema/domain/clearance_outcome.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/sql_text.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace gpuprice::schema {

namespace {

void insert_rows(Statement& insert, const Market& market, const std::string& night,
                 const std::vector<ModelNight>& rows, bool shipping_included) {
    for (const auto& r : rows) {
        insert.bind_all(market.id, r.model, night, condition_name(r.condition),
                        shipping_included ? 1 : 0, r.listings, r.outliers_removed);
        if (r.listings > 0) {
            insert.bind(8, r.median_usd).bind(9, r.p25_usd).bind(10, r.p75_usd);
        } else {
            insert.bind_null(8).bind_null(9).bind_null(10);
        }
        insert.bind(11, r.cleared_listings).bind(12, r.cleared_median_usd);
        insert.run();
    }
}

ConditionClass parse_condition_class(const std::string& name) {
    for (const auto& info : condition_classes()) {
        if (info.name == name) return info.condition;
    }
    throw std::runtime_error("model_nights holds an unknown condition class '" + name + "'");
}

std::vector<ModelNight> read_rows(Statement& select) {
    std::vector<ModelNight> rows;
    while (select.step()) {
        ModelNight r;
        r.model = select.text(0);
        r.night = select.text(1);
        r.condition = parse_condition_class(select.text(2));
        r.listings = select.int32(3);
        r.outliers_removed = select.int32(4);
        r.median_usd = select.optional_real(5).value_or(0);
        r.p25_usd = select.optional_real(6).value_or(0);
        r.p75_usd = select.optional_real(7).value_or(0);
        r.cleared_listings = select.int32(8);
        r.cleared_median_usd = select.optional_real(9);
        rows.push_back(std::move(r));
    }
    return rows;
}

// The marketplace's nights after ?1 with prices, nightly or compacted: each part's first.
constexpr SqlText kPricedNightsAfter =
    "SELECT min(observed_on) AS night FROM price_observations "
    "WHERE observed_on > ?1 AND marketplace = ?2 UNION ALL SELECT min(night) "
    "FROM compacted_nights WHERE night > ?1 AND marketplace = ?2";
constexpr auto kNextPricedNight = "SELECT min(night) FROM (" + kPricedNightsAfter + ")";
constexpr auto kNextPricedOrClearedNight =
    "SELECT min(night) FROM (" + kPricedNightsAfter +
    " UNION ALL SELECT min(night) FROM listing_clearances "
    "WHERE night > ?1 AND marketplace = ?2 AND outcome = ?3)";

// The marketplace's nights in order, one seek per night through the indexes: those with prices,
// or (a rollup has rows for these) those with prices or a listing that cleared.
class MarketNights {
  public:
    enum class Which { priced, priced_or_cleared };

    MarketNights(Database& db, const Market& market, Which which)
        : market_(market),
          which_(which),
          next_(which == Which::priced ? db.prepare(kNextPricedNight)
                                       : db.prepare(kNextPricedOrClearedNight)) {}

    // The first of them after `night`.
    std::optional<std::string> after(const std::string& night) {
        next_.bind(1, night).bind(2, market_.id);
        if (which_ == Which::priced_or_cleared)
            next_.bind(3, clearance_outcome_name(ClearanceOutcome::cleared));
        next_.step();
        auto next = next_.optional_text(0);
        next_.reset();
        return next;
    }

  private:
    Market market_;
    Which which_;
    Statement next_;
};

}  // namespace

std::vector<std::string> nights_to_roll_up(Database& db, const DerivedWork& work,
                                           const std::set<std::string>& also, int evidence_nights) {
    std::set<std::string> nights = also;
    MarketNights market_nights(db, work.market, MarketNights::Which::priced_or_cleared);
    if (work.from_scratch) {
        for (auto night = market_nights.after(""); night; night = market_nights.after(*night))
            nights.insert(*night);
        return {nights.begin(), nights.end()};
    }
    // A night the last pass rolled up changes only with a later run of that night: rolling it up
    // again read and judged its whole 30-night window for nothing. A run knows its night
    // (migration 0023); one that stored no price there only costs a roll-up that changes nothing.
    auto stored_later = db.prepare(
        "SELECT EXISTS (SELECT 1 FROM fetch_runs WHERE id > ?3 AND night = ?1 "
        "  AND marketplace = ?2) "
        "OR EXISTS (SELECT 1 FROM compacted_runs WHERE night = ?1 AND marketplace = ?2 "
        "  AND run_id > ?3)");
    const auto changed = [&](const std::string& night) {
        if (night > work.passed_night) return true;
        stored_later.bind_all(night, work.market.id, work.passed_run);
        stored_later.step();
        const bool later = stored_later.int32(0) != 0;
        stored_later.reset();
        return later;
    };
    // Night by night through the indexes (one seek each), not a pass over every observation.
    MarketNights priced(db, work.market, MarketNights::Which::priced);
    for (auto night = priced.after(add_days(work.since, -1)); night; night = priced.after(*night))
        if (changed(*night)) nights.insert(*night);
    // A night's prices and clearances are the evidence of the rollups of the nights after it in
    // the window: those of the marketplace change with it. Each seek finds one of them, and one
    // more ends a window; a night in several windows is sought once.
    const std::set<std::string> changed_nights = nights;
    std::string sought;  // the marketplace's nights up to it are found
    for (const auto& changed_night : changed_nights) {
        const auto until = add_days(changed_night, evidence_nights - 1);
        for (auto night = std::max(changed_night, sought);;) {
            const auto next = market_nights.after(night);
            if (!next || *next > until) break;
            nights.insert(*next);
            night = *next;
        }
        sought = std::max(sought, until);
    }
    return {nights.begin(), nights.end()};
}

void replace_model_nights(Database& db, const Market& market, const std::string& night,
                          const std::vector<ModelNight>& included,
                          const std::vector<ModelNight>& excluded) {
    auto forget = db.prepare("DELETE FROM model_nights WHERE marketplace = ?1 AND night = ?2");
    forget.bind(1, market.id).bind(2, night);
    forget.run();
    auto insert = db.prepare(
        "INSERT INTO model_nights (marketplace, model, night, condition, shipping_included, "
        "listings, outliers_removed, median_usd, p25_usd, p75_usd, cleared_listings, "
        "cleared_median_usd) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)");
    insert_rows(insert, market, night, included, true);
    insert_rows(insert, market, night, excluded, false);
}

void forget_model_nights(Database& db, const Market& market) {
    auto forget = db.prepare("DELETE FROM model_nights WHERE marketplace = ?1");
    forget.bind(1, market.id);
    forget.run();
}

// The columns read_rows reads.
constexpr SqlText kColumns =
    "SELECT model, night, condition, listings, outliers_removed, median_usd, p25_usd, p75_usd, "
    "cleared_listings, cleared_median_usd FROM model_nights ";

std::vector<ModelNight> load_model_nights(Database& db, const Market& market,
                                          const std::string& model, bool shipping_included) {
    constexpr auto kSql = kColumns +
                          "WHERE marketplace = ?1 AND model = ?2 AND shipping_included = ?3 "
                          "ORDER BY night";
    auto select = db.prepare(kSql);
    select.bind_all(market.id, model, shipping_included ? 1 : 0);
    auto rows = read_rows(select);
    // Within a night, in condition class order (the order history prints).
    std::stable_sort(rows.begin(), rows.end(), [](const ModelNight& a, const ModelNight& b) {
        return a.night != b.night ? a.night < b.night : a.condition < b.condition;
    });
    return rows;
}

std::vector<ModelNight> load_model_nights_between(Database& db, const Market& market,
                                                  const std::string& from, const std::string& to,
                                                  bool shipping_included) {
    constexpr auto kSql = kColumns +
                          "WHERE marketplace = ?1 AND night BETWEEN ?2 AND ?3 "
                          "AND shipping_included = ?4 ORDER BY model, night";
    auto select = db.prepare(kSql);
    select.bind_all(market.id, from, to, shipping_included ? 1 : 0);
    return read_rows(select);
}

}  // namespace gpuprice::schema
