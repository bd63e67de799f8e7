#include "schema/store/coverage_store.hpp"

namespace gpuprice::schema {

void store_coverage(Database& db, std::int64_t run_id, const std::vector<QueryCoverage>& rows) {
    Transaction tx(db);
    auto insert = db.prepare(
        "INSERT OR REPLACE INTO query_coverage (run_id, query, kind, family, parent, total, "
        "pages, items, stopped, complete, warnings, total_gap, variation_summaries, "
        "short_page_deficit, sent) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)");
    auto forget = db.prepare("DELETE FROM query_withheld_windows WHERE run_id = ?1 AND query = ?2");
    auto window = db.prepare(
        "INSERT INTO query_withheld_windows (run_id, query, created_from, created_to) "
        "VALUES (?1, ?2, ?3, ?4)");
    for (const auto& r : rows) {
        insert.bind(1, run_id)
            .bind(2, r.query)
            .bind(3, query_kind_name(r.kind))
            .bind(4, r.family)
            .bind(5, r.parent.empty() ? std::optional<std::string>() : r.parent)
            .bind(6, r.total)
            .bind(7, r.pages)
            .bind(8, r.items)
            .bind(9, query_stop_name(r.stopped))
            .bind(10, r.complete ? 1 : 0)
            .bind(11, r.warnings.empty() ? std::optional<std::string>() : r.warnings)
            .bind(12, r.total_gap)
            .bind(13, r.variation_summaries)
            .bind(14, r.short_page_deficit)
            .bind(15, r.sent.empty() ? std::optional<std::string>() : r.sent);
        insert.run();
        forget.bind(1, run_id).bind(2, r.query);
        forget.run();
        for (const auto& w : r.withheld) {
            window.bind(1, run_id).bind(2, r.query).bind(3, w.from).bind(4, w.to);
            window.run();
        }
    }
    tx.commit();
}

std::vector<QueryCoverage> load_coverage(Database& db, std::int64_t run_id) {
    auto select = db.prepare(
        "SELECT query, kind, family, coalesce(parent, ''), total, pages, items, stopped, "
        "complete, coalesce(warnings, ''), total_gap, variation_summaries, short_page_deficit, "
        "coalesce(sent, '') FROM query_coverage WHERE run_id = ?1 ORDER BY query");
    select.bind(1, run_id);
    auto windows = db.prepare(
        "SELECT created_from, created_to FROM query_withheld_windows "
        "WHERE run_id = ?1 AND query = ?2 ORDER BY coalesce(created_from, '')");
    std::vector<QueryCoverage> rows;
    while (select.step()) {
        QueryCoverage r;
        r.query = select.text(0);
        // A text this version does not write (a newer version's) reads as the default.
        r.kind = parse_query_kind(select.text(1)).value_or(QueryKind::search);
        r.family = select.text(2);
        r.parent = select.text(3);
        r.total = select.optional_int64(4);
        r.pages = select.int32(5);
        r.items = select.int32(6);
        r.stopped = parse_query_stop(select.text(7)).value_or(QueryStop::stopped);
        r.complete = select.int32(8) != 0;
        r.warnings = select.text(9);
        r.total_gap = select.int64(10);
        r.variation_summaries = select.int32(11);
        r.short_page_deficit = select.int32(12);
        r.sent = select.text(13);
        windows.bind(1, run_id).bind(2, r.query);
        while (windows.step())
            r.withheld.push_back({windows.optional_text(0), windows.optional_text(1)});
        windows.reset();
        rows.push_back(std::move(r));
    }
    return rows;
}

std::optional<std::string> largest_family(Database& db, const Market& market) {
    auto select = db.prepare(
        "SELECT q.family FROM query_coverage q WHERE q.kind IN ('search', 'price-band') "
        "AND q.run_id = (SELECT max(r.id) FROM fetch_runs r JOIN query_coverage c "
        "ON c.run_id = r.id WHERE r.source = 'ebay' AND coalesce(r.marketplace, 'EBAY_US') = ?1 "
        "AND c.pages > 0) GROUP BY q.family ORDER BY sum(q.pages) DESC, q.family LIMIT 1");
    select.bind(1, market.id);
    if (!select.step()) return std::nullopt;
    return select.text(0);
}

}  // namespace gpuprice::schema
