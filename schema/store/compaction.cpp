#include "schema/store/compaction.hpp"

#include <charconv>
#include <map>
#include <set>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "schema/domain/clock.hpp"
#include "schema/store/sql_text.hpp"

namespace gpuprice::schema {

namespace {

// The price_intervals migration's CHECK and nightly_prices rely on it: the intervals holding a
// night begin at most this many days before it.
constexpr int kMaxIntervalDays = 31;

// The same columns of price_observations aliased o.
constexpr SqlText kObservationValues =
    "o.condition_id, o.price_cents, o.shipping_cents, o.shipping_type, o.currency, "
    "o.shipping_estimated, o.original_price_cents, o.discount_percentage, o.current_bid_cents";

// What a night's price row says besides its night and run: an interval goes on while it is the
// same.
struct Values {
    std::optional<std::int64_t> condition_id;
    std::int64_t price_cents = 0;
    std::optional<std::int64_t> shipping_cents;
    std::optional<std::string> shipping_type;
    std::string currency;
    std::int64_t shipping_estimated = 0;
    std::optional<std::int64_t> original_price_cents;
    std::optional<double> discount_percentage;
    std::optional<std::int64_t> current_bid_cents;
    bool operator==(const Values&) const = default;
};

// The value columns in this order, from `first` on, in every statement below.
constexpr SqlText kValueColumns =
    "condition_id, price_cents, shipping_cents, shipping_type, currency, "
    "shipping_estimated, original_price_cents, discount_percentage, current_bid_cents";

Values read_values(const Statement& s, int first) {
    Values v;
    v.condition_id = s.optional_int64(first);
    v.price_cents = s.int64(first + 1);
    v.shipping_cents = s.optional_int64(first + 2);
    v.shipping_type = s.optional_text(first + 3);
    v.currency = s.text(first + 4);
    v.shipping_estimated = s.int64(first + 5);
    v.original_price_cents = s.optional_int64(first + 6);
    v.discount_percentage = s.optional_real(first + 7);
    v.current_bid_cents = s.optional_int64(first + 8);
    return v;
}

void bind_values(Statement& s, int first, const Values& v) {
    s.bind(first, v.condition_id)
        .bind(first + 1, v.price_cents)
        .bind(first + 2, v.shipping_cents)
        .bind(first + 3, v.shipping_type)
        .bind(first + 4, v.currency)
        .bind(first + 5, v.shipping_estimated)
        .bind(first + 6, v.original_price_cents)
        .bind(first + 7, v.discount_percentage)
        .bind(first + 8, v.current_bid_cents);
}

// An interval's bids kept apart (the price_intervals column `bids`), by day from its first night.
using Bids = std::vector<std::optional<std::int64_t>>;

std::string bids_json(const Bids& bids) {
    std::string out = "[";
    for (const auto& bid : bids) {
        if (out.size() > 1) out += ',';
        out += bid ? std::to_string(*bid) : "null";
    }
    return out + "]";
}

// Reads what bids_json wrote (integers and nulls, nothing else).
Bids parse_bids(const std::string& json) {
    Bids bids;
    const char* p = json.data();
    const char* end = p + json.size();
    const auto fail = [&] {
        throw std::runtime_error("price_intervals.bids is not a list of bids: " + json);
    };
    if (p == end || *p++ != '[') fail();
    while (p != end && *p != ']') {
        if (!bids.empty() && *p++ != ',') fail();
        if (end - p >= 4 && std::string_view(p, 4) == "null") {
            bids.emplace_back();
            p += 4;
            continue;
        }
        std::int64_t bid = 0;
        const auto [next, error] = std::from_chars(p, end, bid);
        if (error != std::errc()) fail();
        bids.emplace_back(bid);
        p = next;
    }
    if (p == end || p + 1 != end) fail();
    return bids;
}

struct Interval {
    std::int64_t listing_id = 0;
    std::string first_on;
    std::string last_on;
    std::int64_t run_id = 0;
    Values values;                // with bids apart, current_bid_cents is nullopt
    std::optional<Bids> bids;     // kept apart: the interval goes on while the bid changes
    bool stored = false;          // read back from price_intervals (then updated, not inserted)
    std::string stored_last_on;   // its last night as stored
    std::size_t stored_bids = 0;  // how many bids it held as stored

    // An interval begun at a night with a bid keeps its bids apart (an auction's bid changes
    // almost every night); one begun without keeps the bid among its values, so it goes on only
    // while there is none (and intervals stored before the bids column keep theirs).
    static Interval begin(std::int64_t listing_id, std::string night, std::int64_t run_id,
                          Values values) {
        Interval i;
        i.listing_id = listing_id;
        i.first_on = night;
        i.last_on = std::move(night);
        i.run_id = run_id;
        i.values = std::move(values);
        if (i.values.current_bid_cents) {
            i.bids = Bids{i.values.current_bid_cents};
            i.values.current_bid_cents.reset();
        }
        return i;
    }

    // Whether `night`'s values (the market night after last_on) continue it.
    bool goes_on_with(const Values& night_values) const {
        if (!bids) return values == night_values;
        auto without_bid = night_values;
        without_bid.current_bid_cents.reset();
        return values == without_bid;
    }

    void extend(std::string night, std::int64_t night_run, const Values& night_values) {
        if (bids) {
            bids->resize(static_cast<std::size_t>(days_between(first_on, night)) + 1);
            bids->back() = night_values.current_bid_cents;
        }
        last_on = std::move(night);
        run_id = night_run;
    }

    bool changed() const {
        return !stored || last_on != stored_last_on || (bids && bids->size() != stored_bids);
    }
};

// Writes the intervals of one pass: the new ones inserted, the stored ones that went on updated.
class IntervalWriter {
    static constexpr auto kInsert =
        "INSERT INTO price_intervals (listing_id, marketplace, first_on, last_on, run_id, bids, " +
        kValueColumns +
        ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)";

  public:
    IntervalWriter(Database& db, const Market& market, CompactionResult& result)
        : market_(market),
          result_(result),
          insert_(db.prepare(kInsert)),
          extend_(db.prepare("UPDATE price_intervals SET last_on = ?4, run_id = ?5, bids = ?6 "
                             "WHERE listing_id = ?1 AND marketplace = ?2 AND first_on = ?3")) {}

    void write(const Interval& i) {
        if (!i.changed()) return;
        auto& stmt = i.stored ? extend_ : insert_;
        stmt.bind(1, i.listing_id)
            .bind_unowned(2, market_.id)
            .bind_unowned(3, i.first_on)
            .bind_unowned(4, i.last_on)
            .bind(5, i.run_id)
            .bind(6, i.bids ? std::optional<std::string>(bids_json(*i.bids)) : std::nullopt);
        if (!i.stored) bind_values(stmt, 7, i.values);
        stmt.run();
        ++(i.stored ? result_.intervals_extended : result_.intervals_new);
    }

  private:
    const Market& market_;
    CompactionResult& result_;
    Statement insert_;
    Statement extend_;
};

// The market's nights, compacted already or before `before`, numbered in order: an interval
// goes on only from one market night to the next.
std::map<std::string, int> market_nights(Database& db, const Market& market,
                                         const std::string& before, std::set<std::string>& fresh) {
    std::set<std::string> nights;
    auto compacted =
        db.prepare("SELECT night FROM compacted_nights WHERE marketplace = ?1 ORDER BY night");
    compacted.bind(1, market.id);
    while (compacted.step()) nights.insert(compacted.text(0));
    // Night by night through the night index (one seek each), not a pass over every row.
    auto next = db.prepare(
        "SELECT min(observed_on) FROM price_observations WHERE observed_on > ?1 "
        "AND observed_on < ?2 AND marketplace = ?3");
    for (std::string night;;) {
        next.bind_all(night, before, market.id);
        next.step();
        const auto found = next.optional_text(0);
        next.reset();
        if (!found) break;
        if (nights.insert(*found).second) fresh.insert(*found);
        night = *found;
    }
    std::map<std::string, int> numbered;
    for (const auto& night : nights) numbered.emplace(night, static_cast<int>(numbered.size()));
    return numbered;
}

}  // namespace

CompactionResult compact_nights_before(Database& db, const Market& market,
                                       const std::string& before) {
    CompactionResult result;
    std::set<std::string> fresh;
    const auto nights = market_nights(db, market, before, fresh);
    result.nights = static_cast<int>(fresh.size());

    // The runs behind each night, before their rows go (the night's status and runs read them).
    auto runs = db.prepare(
        "INSERT OR IGNORE INTO compacted_runs (marketplace, night, run_id) "
        "SELECT DISTINCT marketplace, observed_on, run_id FROM price_observations "
        "WHERE marketplace = ?1 AND observed_on < ?2");
    runs.bind(1, market.id).bind(2, before);
    runs.run();
    auto add_night =
        db.prepare("INSERT OR IGNORE INTO compacted_nights (marketplace, night) VALUES (?1, ?2)");
    for (const auto& night : fresh) {
        add_night.bind(1, market.id).bind(2, night);
        add_night.run();
        add_night.reset();
    }

    // Listing by listing in the primary key's order (NOT INDEXED: the night index would need a
    // sort of every row), its nights in order, its last night too (an interval ending on a
    // listing's last night has that night's run: the lives read it there).
    constexpr auto kRows = "SELECT o.listing_id, o.observed_on, o.run_id, " + kObservationValues +
                           " FROM price_observations o NOT INDEXED "
                           "WHERE o.marketplace = ?1 AND o.observed_on < ?2 "
                           "ORDER BY o.listing_id, o.observed_on";
    auto rows = db.prepare(kRows);
    rows.bind(1, market.id).bind(2, before);
    constexpr auto kLastStored = "SELECT first_on, last_on, run_id, bids, " + kValueColumns +
                                 " FROM price_intervals WHERE listing_id = ?1 AND marketplace = ?2 "
                                 "ORDER BY first_on DESC LIMIT 1";
    auto last_stored = db.prepare(kLastStored);
    IntervalWriter writer(db, market, result);
    // The interval being built, when `open`: not a std::optional, whose engaged fields g++ 12
    // -O2 took for uninitialized (-Wmaybe-uninitialized).
    Interval current;
    bool open = false;
    while (rows.step()) {
        const auto listing_id = rows.int64(0);
        auto night = rows.text(1);
        const auto run_id = rows.int64(2);
        auto values = read_values(rows, 3);
        ++result.observations;
        if (open && current.listing_id != listing_id) {
            writer.write(current);
            open = false;
        }
        if (!open) {
            // The listing's latest interval from an earlier compaction may go on into these nights.
            last_stored.bind(1, listing_id).bind(2, market.id);
            if (last_stored.step()) {
                Interval stored;
                stored.listing_id = listing_id;
                stored.first_on = last_stored.text(0);
                stored.last_on = last_stored.text(1);
                stored.run_id = last_stored.int64(2);
                if (const auto bids = last_stored.optional_text(3)) {
                    stored.bids = parse_bids(*bids);
                    stored.stored_bids = stored.bids->size();
                }
                stored.values = read_values(last_stored, 4);
                stored.stored = true;
                stored.stored_last_on = stored.last_on;
                current = std::move(stored);
                open = true;
            }
            last_stored.reset();
        }
        const bool goes_on = open && current.listing_id == listing_id &&
                             nights.at(night) == nights.at(current.last_on) + 1 &&
                             current.goes_on_with(values) &&
                             night <= add_days(current.first_on, kMaxIntervalDays);
        if (goes_on) {
            current.extend(std::move(night), run_id, values);
            continue;
        }
        if (open) writer.write(current);
        current = Interval::begin(listing_id, std::move(night), run_id, std::move(values));
        open = true;
    }
    if (open) writer.write(current);
    rows.reset();

    auto forget =
        db.prepare("DELETE FROM price_observations WHERE marketplace = ?1 AND observed_on < ?2");
    forget.bind(1, market.id).bind(2, before);
    forget.run();
    return result;
}

}  // namespace gpuprice::schema
