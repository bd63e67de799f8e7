#include "schema/store/match_store.hpp"

namespace gpuprice::schema {

std::vector<StoredTitle> titles_to_match(Database& db, WhichListings which, std::int64_t run_id,
                                         std::int64_t after_id, int limit) {
    auto select =
        which == WhichListings::All
            ? db.prepare("SELECT id, title FROM listings WHERE id > ?2 ORDER BY id LIMIT ?3")
            : db.prepare(
                  "SELECT l.id, l.title FROM listings l LEFT JOIN match_results m "
                  "ON m.listing_id = l.id WHERE l.id > ?2 AND (m.listing_id IS NULL "
                  "OR l.last_seen_run = ?1) ORDER BY l.id LIMIT ?3");
    select.bind(1, run_id).bind(2, after_id).bind(3, limit);
    std::vector<StoredTitle> titles;
    while (select.step()) titles.push_back({select.int64(0), select.text(1)});
    return titles;
}

void store_verdicts(Database& db, const std::vector<Verdict>& verdicts,
                    const std::string& matched_at) {
    Transaction tx(db);
    auto upsert = db.prepare(
        "INSERT INTO match_results (listing_id, model, reason, matched_at) VALUES (?1, ?2, ?3, ?4) "
        "ON CONFLICT (listing_id) DO UPDATE SET model = excluded.model, "
        "reason = excluded.reason, matched_at = excluded.matched_at");
    for (const auto& v : verdicts) {
        upsert.bind(1, v.listing_id)
            .bind(2, v.model)
            .bind_unowned(3, match_reason_name(v.reason))
            .bind_unowned(4, matched_at);
        upsert.run();
    }
    tx.commit();
}

std::vector<UnmatchedTitle> most_common_unmatched(Database& db, int limit) {
    auto select = db.prepare(
        "SELECT m.reason, l.title, count(*) AS n FROM match_results m "
        "JOIN listings l ON l.id = m.listing_id WHERE m.reason <> 'ok' "
        "GROUP BY m.reason, l.title "
        "ORDER BY m.reason NOT IN ('unknown-model', 'ambiguous'), n DESC, l.title LIMIT ?1");
    select.bind(1, limit);
    std::vector<UnmatchedTitle> rows;
    while (select.step()) rows.push_back({select.text(0), select.text(1), select.int32(2)});
    return rows;
}

}  // namespace gpuprice::schema
