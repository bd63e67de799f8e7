#include "schema/store/item_group_store.hpp"

namespace gpuprice::schema {

std::map<std::string, std::string> load_group_summaries(Database& db, const Market& market,
                                                        Night since) {
    auto select = db.prepare(
        "SELECT item_group_id, summary FROM item_group_answers "
        "WHERE marketplace = ?1 AND asked_on >= ?2");
    select.bind(1, market.id).bind(2, since.text());
    std::map<std::string, std::string> summaries;
    while (select.step()) summaries.emplace(select.text(0), select.text(1));
    return summaries;
}

std::optional<std::string> load_group_answer(Database& db, const Market& market,
                                             const std::string& item_group_id) {
    auto select = db.prepare(
        "SELECT body FROM item_group_answers WHERE marketplace = ?1 AND item_group_id = ?2");
    select.bind(1, market.id).bind(2, item_group_id);
    if (!select.step()) return std::nullopt;
    return select.text(0);
}

void store_group_answer(Database& db, const Market& market, const std::string& item_group_id,
                        const std::string& summary, Night night, const std::string& body) {
    auto upsert = db.prepare(
        "INSERT INTO item_group_answers (marketplace, item_group_id, summary, asked_on, body) "
        "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (marketplace, item_group_id) DO UPDATE SET "
        "summary = excluded.summary, asked_on = excluded.asked_on, body = excluded.body");
    upsert.bind_all(market.id, item_group_id, summary, night.text(), body);
    upsert.step();
}

void forget_group_answers(Database& db, const Market& market, Night before) {
    auto remove =
        db.prepare("DELETE FROM item_group_answers WHERE marketplace = ?1 AND asked_on < ?2");
    remove.bind(1, market.id).bind(2, before.text());
    remove.step();
}

}  // namespace gpuprice::schema
