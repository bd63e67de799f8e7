#include "schema/store/match_store.hpp"

#include <algorithm>

#include "schema/store/aspect_store.hpp"

namespace gpuprice::schema {

namespace {

// meta 'verdicts_through_listing': see record_verdicts_through.
std::int64_t verdicts_through(Database& db) {
    auto select = db.prepare("SELECT value FROM meta WHERE key = 'verdicts_through_listing'");
    if (!select.step()) return 0;
    return std::stoll(select.text(0));
}

}  // namespace

std::int64_t newest_listing_id(Database& db) {
    auto select = db.prepare("SELECT coalesce(max(id), 0) FROM listings");
    select.step();
    return select.int64(0);
}

void record_verdicts_through(Database& db, std::int64_t listing_id) {
    auto upsert = db.prepare(
        "INSERT INTO meta (key, value) VALUES ('verdicts_through_listing', ?1) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    upsert.bind(1, std::to_string(listing_id));
    upsert.run();
}

std::vector<StoredTitle> titles_to_match(Database& db, WhichListings which, std::int64_t run_id,
                                         std::int64_t after_id, int limit) {
    auto select = [&] {
        switch (which) {
            case WhichListings::All:
                return db.prepare(
                    "SELECT id, title FROM listings WHERE id > ?2 ORDER BY id LIMIT ?3");
            case WhichListings::WithoutVerdictOrSeenInRun:
                return db.prepare(
                    "SELECT l.id, l.title FROM listings l LEFT JOIN match_results m "
                    "ON m.listing_id = l.id WHERE l.id > ?2 AND (m.listing_id IS NULL "
                    "OR l.last_seen_run = ?1) ORDER BY l.id LIMIT ?3");
            case WhichListings::VerdictDue:
                break;
        }
        // Below the mark, only the listings whose verdict is to be made again; above it, every
        // one without a verdict (a range of the primary key). CROSS JOIN reads the few listings
        // to redo by id: left free, SQLite walked every listing below the mark (a million rows
        // at a year, once per batch) and looked each up in verdicts_to_redo.
        return db.prepare(
            "SELECT id, title FROM ("
            "  SELECT l.id, l.title FROM verdicts_to_redo q CROSS JOIN listings l "
            "  ON l.id = q.listing_id "
            "  WHERE q.listing_id > ?2 AND q.listing_id <= ?4 "
            "  UNION ALL SELECT l.id, l.title FROM listings l LEFT JOIN match_results m "
            "  ON m.listing_id = l.id WHERE l.id > max(?2, ?4) AND m.listing_id IS NULL) "
            "ORDER BY id LIMIT ?3");
    }();
    select.bind_all(run_id, after_id, limit);
    if (which == WhichListings::VerdictDue) select.bind(4, verdicts_through(db));
    std::vector<StoredTitle> titles;
    while (select.step()) titles.push_back({select.int64(0), select.text(1), {}});
    if (titles.empty()) return titles;

    // The batch's aspects in one range query; an item's own aspect ('item', from getItem) is
    // read after and replaces a filter's ('aspect-filter') of the same name.
    auto aspects = db.prepare(
        "SELECT listing_id, name, value FROM listing_aspects WHERE listing_id BETWEEN ?1 AND ?2 "
        "ORDER BY listing_id, source = ?3, name");
    aspects.bind_all(titles.front().listing_id, titles.back().listing_id,
                     aspect_source_name(AspectSource::item));
    auto it = titles.begin();
    while (aspects.step()) {
        const auto id = aspects.int64(0);
        while (it != titles.end() && it->listing_id < id) ++it;
        if (it == titles.end()) break;
        if (it->listing_id != id) continue;  // a listing outside this batch's selection
        auto name = aspects.text(1);
        auto value = aspects.text(2);
        auto same = std::find_if(it->aspects.begin(), it->aspects.end(),
                                 [&](const auto& a) { return a.first == name; });
        if (same != it->aspects.end()) {
            same->second = std::move(value);
        } else {
            it->aspects.emplace_back(std::move(name), std::move(value));
        }
    }
    return titles;
}

void store_verdicts(Database& db, const std::vector<Verdict>& verdicts) {
    Transaction tx(db);
    // Setting attributes_extracted again drops the attributes of the verdict it replaces (a
    // trigger of migration 0021); a new listing has none to drop.
    auto upsert = db.prepare(
        "INSERT INTO match_results (listing_id, model, reason, decided_by, attributes_extracted) "
        "VALUES (?1, ?2, ?3, ?4, ?5) "
        "ON CONFLICT (listing_id) DO UPDATE SET model = excluded.model, "
        "decided_by = excluded.decided_by, reason = excluded.reason, "
        "attributes_extracted = excluded.attributes_extracted");
    auto stated = db.prepare(
        "INSERT OR REPLACE INTO listing_attributes (listing_id, cooler, slot_width) "
        "VALUES (?1, ?2, ?3)");
    for (const auto& v : verdicts) {
        upsert.bind(1, v.listing_id)
            .bind(2, v.model)
            .bind_unowned(3, match_reason_name(v.reason))
            .bind_unowned(4, match_evidence_name(v.decided_by))
            .bind(5, v.attributes.has_value() ? 1 : 0);
        upsert.run();
        if (!v.attributes || *v.attributes == ListingAttributes{}) continue;
        stated.bind(1, v.listing_id);
        if (const auto cooler = v.attributes->cooler) {
            stated.bind_unowned(2, cooler_name(*cooler));
        } else {
            stated.bind_null(2);
        }
        stated.bind(3, v.attributes->slot_width);
        stated.run();
    }
    tx.commit();
}

std::vector<UnmatchedTitle> most_common_unmatched(Database& db, int limit) {
    auto select = db.prepare(
        "SELECT m.reason, l.title, count(*) AS n FROM match_results m "
        "JOIN listings l ON l.id = m.listing_id WHERE m.reason <> ?2 "
        "GROUP BY m.reason, l.title "
        "ORDER BY m.reason NOT IN (?3, ?4), n DESC, l.title LIMIT ?1");
    // Cards the catalog may lack first: the rest are rejections working as meant.
    select.bind_all(limit, match_reason_name(MatchReason::ok),
                    match_reason_name(MatchReason::unknown_model),
                    match_reason_name(MatchReason::ambiguous));
    std::vector<UnmatchedTitle> rows;
    while (select.step()) rows.push_back({select.text(0), select.text(1), select.int32(2)});
    return rows;
}

std::optional<std::string> verdict_rules_digest(Database& db) {
    auto select = db.prepare("SELECT value FROM meta WHERE key = 'verdict_rules_digest'");
    if (!select.step()) return std::nullopt;
    return select.text(0);
}

bool has_verdicts(Database& db) {
    auto select = db.prepare("SELECT EXISTS (SELECT 1 FROM match_results)");
    select.step();
    return select.int64(0) != 0;
}

void remember_verdict_rules_digest(Database& db, const std::string& digest) {
    auto upsert = db.prepare(
        "INSERT INTO meta (key, value) VALUES ('verdict_rules_digest', ?1) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    upsert.bind(1, digest);
    upsert.run();
}

}  // namespace gpuprice::schema
