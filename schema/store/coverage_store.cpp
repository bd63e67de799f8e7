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
        insert.bind_all(run_id, r.query, query_kind_name(r.kind), r.family,
                        r.parent.empty() ? std::optional<std::string>() : r.parent, r.total,
                        r.pages, r.items, query_stop_name(r.stopped), r.complete ? 1 : 0,
                        r.warnings.empty() ? std::optional<std::string>() : r.warnings, r.total_gap,
                        r.variation_summaries, r.short_page_deficit,
                        r.sent.empty() ? std::optional<std::string>() : r.sent);
        insert.run();
        forget.bind(1, run_id).bind(2, r.query);
        forget.run();
        for (const auto& w : r.withheld) {
            window.bind_all(run_id, r.query, w.from, w.to);
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
