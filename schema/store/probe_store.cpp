#include "schema/store/probe_store.hpp"

namespace gpuprice::schema {

void store_probe_answers(Database& db, const Market& market,
                         const std::vector<ProbeAnswer>& answers) {
    Transaction tx(db);
    auto upsert = db.prepare(
        "INSERT INTO ebay_probe_answers (marketplace, question, answer, detail, asked_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (marketplace, question) DO UPDATE SET "
        "answer = excluded.answer, detail = excluded.detail, asked_at = excluded.asked_at");
    for (const auto& a : answers) {
        upsert.reset();
        upsert.bind_all(market.id, a.question, a.answer, a.detail, a.asked_at);
        upsert.step();
    }
    tx.commit();
}

std::optional<ProbeAnswer> probe_answer(Database& db, const Market& market,
                                        const std::string& question) {
    auto select = db.prepare(
        "SELECT answer, detail, asked_at FROM ebay_probe_answers "
        "WHERE marketplace = ?1 AND question = ?2");
    select.bind(1, market.id).bind(2, question);
    if (!select.step()) return std::nullopt;
    return ProbeAnswer{question, select.text(0), select.text(1), select.text(2)};
}

}  // namespace gpuprice::schema
