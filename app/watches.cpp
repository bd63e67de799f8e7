#include "app/watches.hpp"

#include "schema/store/watch_store.hpp"

namespace gpuprice::app {

StoredWatch add_watch(schema::Database& db, const schema::Watch& watch) {
    for (const auto& old : schema::load_watches(db)) {
        if (old.model == watch.model && old.condition == watch.condition &&
            old.price == watch.price && old.marketplace == watch.marketplace &&
            old.below_cents == watch.below_cents) {
            return {old, false};
        }
    }
    StoredWatch stored{watch, true};
    stored.watch.id = schema::add_watch(db, watch);
    return stored;
}

std::optional<schema::Watch> remove_watch(schema::Database& db, std::int64_t id) {
    for (const auto& watch : schema::load_watches(db)) {
        if (watch.id == id && schema::remove_watch(db, id)) return watch;
    }
    return std::nullopt;
}

}  // namespace gpuprice::app
