#include "schema/store/derived_state.hpp"

#include <algorithm>
#include <optional>

#include "schema/domain/clock.hpp"
#include "schema/store/observation_store.hpp"

namespace gpuprice::schema {

namespace {

// meta keys of the last pass over a marketplace: the newest run it took into account, and the
// newest night observed then.
std::string run_key(const Market& market) {
    return "derived_run:" + std::string(market.id);
}
std::string night_key(const Market& market) {
    return "derived_night:" + std::string(market.id);
}
// What the last pass over a marketplace derived its tables with (derived_work's `made_with`), and
// the run it went up to: a pass of a gpuprice that records no such thing (an older one, on the
// same file) moves derived_run but not this, and its tables are derived again.
std::string made_with_key(const Market& market) {
    return "derived_with:" + std::string(market.id);
}
std::string made_with_stamp(const std::string& made_with, std::int64_t run) {
    return made_with + " through run " + std::to_string(run);
}

std::optional<std::string> meta_value(Database& db, const std::string& key) {
    auto select = db.prepare("SELECT value FROM meta WHERE key = ?1");
    select.bind(1, key);
    if (!select.step()) return std::nullopt;
    return select.text(0);
}

// Whether the last pass over `market`, up to run `passed`, derived its tables with `made_with`.
bool passed_with(Database& db, const Market& market, const std::string& made_with,
                 std::int64_t passed) {
    return meta_value(db, made_with_key(market)) == made_with_stamp(made_with, passed);
}

void set_meta(Database& db, const std::string& key, const std::string& value) {
    auto upsert = db.prepare(
        "INSERT INTO meta (key, value) VALUES (?1, ?2) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    upsert.bind(1, key).bind(2, value);
    upsert.run();
}

std::int64_t latest_run(Database& db, const Market& market) {
    auto select = db.prepare("SELECT coalesce(max(id), 0) FROM fetch_runs WHERE marketplace = ?1");
    select.bind(1, market.id);
    select.step();
    return select.int64(0);
}

bool any_stale(Database& db) {
    auto select = db.prepare("SELECT 1 FROM derived_stale LIMIT 1");
    return select.step();
}

std::optional<std::int64_t> passed_run(Database& db, const Market& market) {
    const auto value = meta_value(db, run_key(market));
    if (!value) return std::nullopt;
    return std::stoll(*value);
}

}  // namespace

std::vector<Market> run_markets(Database& db) {
    auto select = db.prepare("SELECT DISTINCT marketplace FROM fetch_runs ORDER BY 1");
    std::vector<Market> out;
    while (select.step()) {
        // A marketplace no longer in the table has nothing a report could read.
        if (const auto market = find_market(select.text(0))) out.push_back(*market);
    }
    return out;
}

DerivedWork derived_work(Database& db, const Market& market, const std::string& made_with) {
    DerivedWork work;
    work.market = market;
    work.made_with = made_with;
    work.latest_run = latest_run(db, market);
    work.latest_night = latest_night(db, market).value_or("");
    const auto passed = passed_run(db, market);
    const auto passed_night = meta_value(db, night_key(market));
    // A pass over runs that stored no price (nights stopped before their first page) recorded
    // no night (""): nothing was derived from a night, so this pass starts from scratch (cheap
    // then) rather than counting days from a night that is not one.
    if (!passed || !passed_night || passed_night->empty() ||
        !passed_with(db, market, made_with, *passed)) {
        work.from_scratch = true;
        return work;
    }
    if (*passed >= work.latest_run && !any_stale(db)) {
        work.up_to_date = true;
        return work;
    }
    work.passed_run = *passed;
    work.passed_night = *passed_night;
    // The first night of the runs since the last pass: their coverage may decide listings
    // differently from that night on (a second run completing a family, say).
    auto first = db.prepare("SELECT min(night) FROM fetch_runs WHERE id > ?1 AND marketplace = ?2");
    first.bind(1, *passed).bind(2, market.id);
    first.step();
    // No run since: only stale listings, nothing from the last night on is new.
    work.changed_from = first.optional_text(0).value_or(add_days(*passed_night, 1));
    first.reset();
    // From the night before: a fixed-price listing last seen on the last pass's newest night got
    // no decision then (no night after it yet), and one last seen the night before the new runs'
    // first night is decided by their coverage.
    work.since = add_days(std::min(add_days(*passed_night, 1), work.changed_from), -1);
    return work;
}

void record_derived_pass(Database& db, const DerivedWork& work) {
    set_meta(db, run_key(work.market), std::to_string(work.latest_run));
    set_meta(db, night_key(work.market), work.latest_night);
    set_meta(db, made_with_key(work.market), made_with_stamp(work.made_with, work.latest_run));
}

bool derived_with_other_rules(Database& db, const std::string& made_with) {
    // Each marketplace a pass was made over, by the run it went up to.
    auto select = db.prepare(
        "SELECT r.value, w.value FROM meta r LEFT JOIN meta w "
        "ON w.key = 'derived_with:' || substr(r.key, length('derived_run:') + 1) "
        "WHERE r.key LIKE 'derived_run:%'");
    while (select.step()) {
        const auto stamp = select.optional_text(1);
        if (stamp != made_with_stamp(made_with, std::stoll(select.text(0)))) return true;
    }
    return false;
}

std::set<std::string> stale_listing_nights(Database& db) {
    auto select = db.prepare(
        "SELECT l.first_seen_on, l.last_seen_on FROM derived_stale s "
        "JOIN listings l ON l.id = s.listing_id");
    std::set<std::string> nights;
    while (select.step()) {
        const auto last = select.text(1);
        for (auto night = select.text(0); night <= last; night = add_days(night, 1))
            nights.insert(night);
    }
    return nights;
}

void clear_stale_listings(Database& db) {
    db.exec("DELETE FROM derived_stale");
}

bool derived_tables_are_current(Database& db, const Market& market, const std::string& made_with) {
    const auto passed = passed_run(db, market);
    return passed && *passed >= latest_run(db, market) && !any_stale(db) &&
           passed_with(db, market, made_with, *passed);
}

}  // namespace gpuprice::schema
