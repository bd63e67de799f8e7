#include "schema/store/observation_store.hpp"

#include <functional>
#include <stdexcept>

#include "schema/domain/clock.hpp"
#include "schema/domain/match_reason.hpp"
#include "schema/store/life_query.hpp"
#include "schema/store/listing_url.hpp"
#include "schema/store/night_price_row.hpp"
#include "schema/store/past.hpp"

namespace gpuprice::schema {

namespace {

PricedObservation read_row(const Statement& stmt, Details details) {
    PricedObservation o;
    o.listing_id = stmt.int64(0);
    o.model = stmt.text(1);
    o.condition_id = stmt.int32(2);
    o.price_cents = stmt.int64(3);
    o.shipping_cents = stmt.optional_int64(4);
    o.observed_on = stmt.text(5);
    o.currency = stmt.text(6);
    if (details == Details::With) {
        o.item_id = stmt.text(7);
        o.title = stmt.text(8);
        o.item_url = stmt.text(9);
        const auto decided_by = parse_match_evidence(stmt.text(10));
        if (!decided_by)
            throw std::runtime_error("listing " + std::to_string(o.listing_id) +
                                     " was matched by '" + stmt.text(10) +
                                     "', which this gpuprice does not know");
        o.decided_by = *decided_by;
        if (stmt.int32(11) != 0) {
            ListingAttributes a;
            if (const auto cooler = stmt.optional_text(12)) a.cooler = parse_cooler(*cooler);
            a.slot_width = stmt.optional_real(13);
            o.attributes = a;
        }
    }
    return o;
}

std::vector<PricedObservation> read_rows(Statement& stmt, Details details) {
    std::vector<PricedObservation> rows;
    while (stmt.step()) rows.push_back(read_row(stmt, details));
    rows.shrink_to_fit();  // a report keeps them while it builds: up to half of it is slack
    return rows;
}

// The columns read_row reads, in its order, over `o` (a listing's price of a night), `m` (its
// verdict), `l` (the listing) and `a` (its attributes): the first seven without details, all of
// them with. read_night_price reads the first six, the model apart.
constexpr auto kLatestPriceColumns = "SELECT o.listing_id, m.model, " + life_sql::kCondition +
                                     ", o.price_cents, o.shipping_cents, o.observed_on, "
                                     "o.currency ";
constexpr auto kLatestColumns = kLatestPriceColumns + ", l.item_id, l.title, " + kListingUrl +
                                ", m.decided_by, m.attributes_extracted, a.cooler, a.slot_width ";

// The listing (l) of a price row o and its verdict (m) when the matcher matched it (?5 binds
// `ok`): in the order SQLite chooses, or in the order written (kMatchedInOrder: the price row,
// then primary-key lookups). kKept: the listing's price flags are none of ?4's.
constexpr SqlText kMatched =
    " JOIN match_results m ON m.listing_id = o.listing_id AND m.reason = ?5 "
    "JOIN listings l ON l.id = o.listing_id ";
constexpr SqlText kMatchedInOrder =
    " CROSS JOIN match_results m ON m.listing_id = o.listing_id AND m.reason = ?5 "
    "CROSS JOIN listings l ON l.id = o.listing_id ";
constexpr SqlText kKept = "(l.price_flags & ?4) = 0 ";
// latest_in_window's: the listing's condition id there is in [?7, ?8] (condition_id_span).
constexpr auto kOfConditions = "AND " + life_sql::kCondition + " BETWEEN ?7 AND ?8 ";

// latest_in_window's statement over a window that holds intervals: each listing's row of its
// latest night in the window comes out of the GROUP BY itself (SQLite gives a bare column the
// value of the row max() chose), so nightly_prices is read once, not joined again. By listing.
constexpr auto kLatestFromIntervals =
    "WITH latest AS (SELECT listing_id, max(observed_on) AS observed_on, condition_id, "
    "  price_cents, shipping_cents, currency FROM nightly_prices "
    "  WHERE observed_on BETWEEN ?1 AND ?2 AND marketplace = ?3 "
    "  GROUP BY listing_id) " +
    kLatestColumns + "FROM latest o" + kMatched +
    "LEFT JOIN listing_attributes a ON a.listing_id = o.listing_id WHERE " + kKept + kOfConditions +
    "AND (?6 IS NULL OR o.observed_on < ?6)";

// The parts of latest_in_window's statement: each listing at its latest night in the window, in
// two arms, both found through the listings' last nights (listings_by_last_seen: only a listing
// last seen on or after the window's first night can have a price in it). A listing whose last
// price in the market (last_prices) falls in the window is read there: every listing of a window
// that ends on the latest night. One priced after the window (a report of an earlier night) is
// read at its latest night in it, one seek backwards in its own prices. Grouping the window's
// nightly prices instead reads every one of them: five times slower at a year. CROSS JOIN keeps
// the order written: with the nights as parameters SQLite would rather scan the window's prices by
// night (40 s at a year). The price flags are applied here, where the medians' inputs are chosen,
// so no report can count them (nor price a plan with them). ?1 and ?2 are the window's nights.
constexpr SqlText kLaterInWindow =
    "WITH later AS (SELECT c.id AS listing_id, (SELECT max(observed_on) FROM price_observations p "
    "    WHERE p.listing_id = c.id AND p.marketplace = ?3 AND p.observed_on BETWEEN ?1 AND ?2) "
    "    AS night "
    "  FROM listings c CROSS JOIN last_prices x ON x.listing_id = c.id AND x.marketplace = ?3 "
    "  WHERE c.last_seen_on > ?2 AND x.observed_on > ?2) ";
constexpr auto kLastInWindowJoins =
    "FROM listings c CROSS JOIN last_prices o "
    "  ON o.listing_id = c.id AND o.marketplace = ?3" +
    kMatchedInOrder;
constexpr auto kLaterInWindowJoins =
    "FROM later "
    "CROSS JOIN price_observations o ON o.listing_id = later.listing_id "
    "  AND o.observed_on = later.night AND o.marketplace = ?3" +
    kMatchedInOrder;
constexpr auto kLastInWindowWhere =
    "WHERE c.last_seen_on >= ?1 AND o.observed_on BETWEEN ?1 AND ?2 "
    "AND " +
    kKept + kOfConditions + "AND (?6 IS NULL OR o.observed_on < ?6) ";
constexpr auto kLaterInWindowWhere =
    "WHERE " + kKept + kOfConditions + "AND (?6 IS NULL OR later.night < ?6) ";
// The statement of both arms with `columns` and what `joins` adds to each.
template <std::size_t N, std::size_t M>
consteval auto latest_in_window_sql(const SqlText<N>& columns, const SqlText<M>& joins) {
    return kLaterInWindow + columns + kLastInWindowJoins + joins + kLastInWindowWhere +
           "UNION ALL " + columns + kLaterInWindowJoins + joins + kLaterInWindowWhere;
}

// The statement of for_each_latest_observation and the latest prices
// (columns as read_row reads them): the listings whose latest night in [from, to] is before
// `before`, or all of them.
// Without details, only the columns read_row reads then: no attributes joined, no title or URL
// (the nightly rollup and a report's reference read 145,000 rows at a year).
// With details by listing id; without, in the order read (no sort of 145,000 rows at a year, a
// fifth of the statement's time in the sqlite3 shell).

Statement latest_in_window(Database& db, const Past& past, const std::string& from,
                           const std::string& to, const std::optional<std::string>& before,
                           const ObservationFilter& filter, Details details,
                           const std::vector<ConditionClass>& conditions) {
    constexpr auto kPrices = latest_in_window_sql(kLatestPriceColumns, SqlText(""));
    constexpr auto kWithDetails =
        latest_in_window_sql(
            kLatestColumns,
            SqlText("LEFT JOIN listing_attributes a ON a.listing_id = o.listing_id ")) +
        "ORDER BY 1";
    using Sql = std::string_view;
    const auto nightly = details == Details::With ? Sql(kWithDetails) : Sql(kPrices);
    auto stmt = past.prepare(db, from, nightly, kLatestFromIntervals);
    stmt.bind_all(from, to, filter.market.id, filter.excluded_flags);
    stmt.bind(5, match_reason_name(MatchReason::ok)).bind(6, before);
    const auto [first_id, last_id] = condition_id_span(conditions);
    stmt.bind(7, first_id).bind(8, last_id);
    return stmt;
}

}  // namespace

std::optional<std::string> latest_night(Database& db, const Market& market) {
    auto stmt =
        db.prepare("SELECT max(observed_on) FROM price_observations WHERE marketplace = ?1");
    stmt.bind(1, market.id);
    if (!stmt.step()) return std::nullopt;
    return stmt.optional_text(0);
}

std::optional<std::string> night_on_or_before(Database& db, const std::string& date, int slack,
                                              const Market& market) {
    // A compacted night is still a night: its prices are intervals, the night in compacted_nights.
    auto stmt = db.prepare(
        "SELECT max(night) FROM ("
        "  SELECT max(observed_on) AS night FROM price_observations WHERE observed_on <= ?1 "
        "  AND observed_on >= date(?1, ?2) AND marketplace = ?3 "
        "  UNION ALL SELECT max(night) FROM compacted_nights WHERE night <= ?1 "
        "  AND night >= date(?1, ?2) AND marketplace = ?3)");
    stmt.bind_all(date, std::to_string(-slack) + " days", market.id);
    if (!stmt.step()) return std::nullopt;
    return stmt.optional_text(0);
}

void for_each_latest_observation(Database& db, const Past& past, const std::string& from,
                                 const std::string& to, Details details,
                                 const ObservationFilter& filter,
                                 const std::function<void(PricedObservation&&)>& take,
                                 const std::vector<ConditionClass>& conditions) {
    auto stmt = latest_in_window(db, past, from, to, std::nullopt, filter, details, conditions);
    while (stmt.step()) take(read_row(stmt, details));
}

namespace {

// Each row of a statement selecting kLatestPriceColumns, as its model (not copied: the
// caller has it) and its price.
void take_night_prices(Statement& stmt,
                       const std::function<void(std::string_view model, NightPrice&&)>& take) {
    while (stmt.step()) take(stmt.text_view(1), read_night_price(stmt));
}

}  // namespace

void for_each_window_price(Database& db, const Past& past, const std::string& from,
                           const std::string& to, const ObservationFilter& filter,
                           const std::function<void(std::string_view model, NightPrice&&)>& take) {
    auto stmt = latest_in_window(db, past, from, to, std::nullopt, filter, Details::Without, {});
    take_night_prices(stmt, take);
}

void for_each_night_price(Database& db, const Past& past, const std::string& after,
                          const std::string& through, const ObservationFilter& filter,
                          const std::function<void(std::string_view model, NightPrice&&)>& take) {
    // The columns and filters of the window's statement, from the nights' index: a night's own
    // prices, not every listing seen since. Compacted nights are read from their intervals
    // (nightly_prices: SQLite takes the nights' range into each arm of the view, and finds a
    // night's intervals from the index of first nights), a quarter of a second a night at a
    // year where reading a window of them whole took 6-7 s.
    constexpr auto kFilters = kMatchedInOrder +
                              "WHERE o.observed_on > ?1 AND o.observed_on <= ?2 "
                              "AND o.marketplace = ?3 AND " +
                              kKept;
    constexpr auto kCompacted = kLatestPriceColumns + "FROM nightly_prices o" + kFilters;
    constexpr auto kNightly = kLatestPriceColumns +
                              "FROM price_observations o INDEXED BY price_observations_by_night" +
                              kFilters;
    auto stmt = past.prepare(db, add_days(after, 1), kNightly, kCompacted);
    stmt.bind_all(after, through, filter.market.id, filter.excluded_flags);
    stmt.bind(5, match_reason_name(MatchReason::ok));
    take_night_prices(stmt, take);
}

std::size_t latest_observations_bound(Database& db, const std::string& from) {
    // Every listing with a price on or after `from` was last seen then or later (its last night
    // never moves back): a count of the index alone.
    auto stmt = db.prepare("SELECT count(*) FROM listings WHERE last_seen_on >= ?1");
    stmt.bind(1, from);
    stmt.step();
    return static_cast<std::size_t>(stmt.int64(0));
}

std::vector<LatestPrice> load_latest_prices(Database& db, const Past& past, const std::string& from,
                                            const std::string& to, const ObservationFilter& filter,
                                            const std::vector<ConditionClass>& conditions,
                                            const std::optional<std::string>& before) {
    auto stmt = latest_in_window(db, past, from, to, before, filter, Details::Without, conditions);
    std::vector<LatestPrice> rows;
    // No copies while growing; what is never written is not resident.
    rows.reserve(latest_observations_bound(db, from));
    while (stmt.step())
        rows.push_back(
            {stmt.int64(0), stmt.text(1), stmt.int32(2), stmt.int64(3), stmt.optional_int64(4)});
    return rows;
}

std::vector<PricedObservation> load_model_history(Database& db, const Past& past,
                                                  const std::string& model,
                                                  const ObservationFilter& filter) {
    // Every night, compacted ones too (their listings' rows found through the model's index).
    constexpr auto kWhere = "AND o.marketplace = ?3 AND " + kKept + "ORDER BY o.observed_on";
    constexpr auto kCompacted = kLatestPriceColumns + "FROM nightly_prices o" + kMatched +
                                "WHERE o.listing_id IN (SELECT listing_id FROM match_results "
                                "  WHERE model = ?1 AND reason = ?5) " +
                                kWhere;
    constexpr auto kNightly = kLatestPriceColumns + "FROM price_observations o" + kMatched +
                              "WHERE m.model = ?1 " + kWhere;
    auto stmt = past.prepare(db, "", kNightly, kCompacted);
    stmt.bind(1, model).bind(3, filter.market.id).bind(4, filter.excluded_flags);
    stmt.bind(5, match_reason_name(MatchReason::ok));
    return read_rows(stmt, Details::Without);
}

std::vector<PricedObservation> load_window_history(Database& db, const Past& past,
                                                   const std::string& from, const std::string& to,
                                                   const ObservationFilter& filter) {
    // The same statement over the nights compacted or not (nightly_prices), or over
    // price_observations alone.
    constexpr auto kFilters = kMatched +
                              "WHERE o.observed_on BETWEEN ?1 AND ?2 AND o.marketplace = ?3 "
                              "AND " +
                              kKept + "ORDER BY o.observed_on";
    constexpr auto kCompacted = kLatestPriceColumns + "FROM nightly_prices o" + kFilters;
    constexpr auto kNightly = kLatestPriceColumns + "FROM price_observations o" + kFilters;
    auto stmt = past.prepare(db, from, kNightly, kCompacted);
    stmt.bind_all(from, to, filter.market.id, filter.excluded_flags);
    stmt.bind(5, match_reason_name(MatchReason::ok));
    return read_rows(stmt, Details::Without);
}

}  // namespace gpuprice::schema
