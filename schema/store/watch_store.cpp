#include "schema/store/watch_store.hpp"

namespace gpuprice::schema {

std::int64_t add_watch(Database& db, const Watch& watch) {
    auto insert = db.prepare(
        "INSERT INTO watches (model, condition, below_cents, price, marketplace, created_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    insert.bind_all(watch.model, watch.condition, watch.below_cents, watch.price, watch.marketplace,
                    watch.created_at);
    insert.run();
    return db.last_insert_rowid();
}

std::vector<Watch> load_watches(Database& db) {
    auto select = db.prepare(
        "SELECT id, model, condition, below_cents, price, marketplace, created_at FROM watches "
        "ORDER BY id");
    std::vector<Watch> watches;
    while (select.step()) {
        watches.push_back({select.int64(0), select.text(1), select.text(2), select.int64(3),
                           select.text(4), select.text(5), select.text(6)});
    }
    return watches;
}

bool remove_watch(Database& db, std::int64_t id) {
    auto remove = db.prepare("DELETE FROM watches WHERE id = ?1");
    remove.bind(1, id);
    remove.run();
    return db.changes() > 0;
}

}  // namespace gpuprice::schema
