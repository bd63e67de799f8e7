#include "app/watches.hpp"

namespace gpuprice::app {

std::optional<schema::Watch> same_watch(schema::Database& db, const schema::Watch& watch) {
    for (const auto& old : schema::load_watches(db)) {
        if (old.model == watch.model && old.condition == watch.condition &&
            old.price == watch.price && old.marketplace == watch.marketplace &&
            old.below_cents == watch.below_cents) {
            return old;
        }
    }
    return std::nullopt;
}

}  // namespace gpuprice::app
