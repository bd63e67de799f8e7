#include "schema/store/night_status.hpp"

#include "schema/domain/run_status.hpp"

namespace gpuprice::schema {

std::string NightStatus::summary(const std::string& from, const std::string& to) const {
    if (complete()) return "complete";
    std::string text = from == to ? "the night of " + to : "the nights " + from + " to " + to;
    text += " are incomplete:";
    if (from == to) text.replace(text.find(" are "), 5, " is ");
    if (listings_without_verdict) {
        text += " " + std::to_string(listings_without_verdict) + " of " + std::to_string(listings) +
                " listings have no verdict yet (title matching was interrupted; run 'gpuprice "
                "match');";
    }
    if (incomplete_runs) text += " " + why + ";";
    text.pop_back();
    return text;
}

NightStatus night_status(Database& db, const std::string& from, const std::string& to,
                         const Market& market) {
    NightStatus status;
    // A listing lacks a verdict only while some run is unmatched: matching gives every listing
    // without one a verdict, then marks every finished run matched. So the window's listings are
    // counted (a pass over all its observations) only then.
    auto unmatched = db.prepare("SELECT 1 FROM fetch_runs WHERE matched_at IS NULL LIMIT 1");
    if (unmatched.step()) {
        // Compacted nights or not (nightly_prices: a window of nightly rows alone finds no
        // compacted night in the view's second arm).
        auto counts = db.prepare(
            "SELECT count(DISTINCT o.listing_id), "
            "count(DISTINCT CASE WHEN m.listing_id IS NULL THEN o.listing_id END) "
            "FROM nightly_prices o LEFT JOIN match_results m ON m.listing_id = o.listing_id "
            "WHERE o.observed_on BETWEEN ?1 AND ?2 AND o.marketplace = ?3");
        counts.bind_all(from, to, market.id);
        if (counts.step()) {
            status.listings = counts.int32(0);
            status.listings_without_verdict = counts.int32(1);
        }
        counts.reset();
    }
    unmatched.reset();
    // The runs of the window's nights that are not whole. Each counts if any of its observations
    // is still in the window (a later run the same night may have seen all it saw again).
    auto runs = db.prepare(
        "SELECT id, status, matched_at IS NULL, coalesce(message, ''), night FROM fetch_runs "
        "WHERE night BETWEEN ?1 AND ?2 AND marketplace = ?4 "
        "AND (status <> ?3 OR matched_at IS NULL) ORDER BY id");
    runs.bind_all(from, to, run_status_name(RunStatus::ok), market.id);
    auto observed = db.prepare(
        "SELECT 1 FROM price_observations WHERE observed_on = ?1 AND run_id = ?2 "
        "AND marketplace = ?3 "
        "UNION ALL SELECT 1 FROM compacted_runs WHERE night = ?1 AND run_id = ?2 "
        "AND marketplace = ?3 LIMIT 1");
    while (runs.step()) {
        observed.bind_all(runs.text(4), runs.int64(0), market.id);
        const bool behind = observed.step();
        observed.reset();
        if (!behind) continue;
        ++status.incomplete_runs;
        auto message = runs.text(3);
        message = message.substr(0, message.find('\n'));
        const bool unmatched_run = runs.int64(2) != 0;
        std::string line = "run " + std::to_string(runs.int64(0)) + " " + runs.text(1);
        if (unmatched_run && runs.text(1) != run_status_name(RunStatus::running))
            line += ", matching not finished";
        if (!message.empty()) line += " (" + message + ")";
        status.why += (status.why.empty() ? "" : "; ") + line;
    }
    runs.reset();
    return status;
}

void mark_runs_matched(Database& db, const std::string& now) {
    // Called right after every listing without a verdict got one, so each finished run is
    // matched now; a run still fetching ('running') gets its mark from its own matching.
    auto update = db.prepare(
        "UPDATE fetch_runs SET matched_at = ?1 WHERE matched_at IS NULL AND status <> ?2");
    update.bind(1, now).bind(2, run_status_name(RunStatus::running));
    update.run();
}

}  // namespace gpuprice::schema
