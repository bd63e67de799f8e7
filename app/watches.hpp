// The buyer's watches as `gpuprice watch` adds and removes them: one watch per line watched,
// stored in the database. Listing and checking them against a night is app/watch_checks.
#pragma once

#include <cstdint>
#include <optional>

#include "schema/domain/watch.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

// `watch` as stored, with its id. Not `added` when a stored watch already watched the same line
// (model, condition, price basis, marketplace and line): adding it again would mail every alert
// twice, so `watch` is that one, and nothing was stored.
struct StoredWatch {
    schema::Watch watch;
    bool added = false;
};
StoredWatch add_watch(schema::Database& db, const schema::Watch& watch);

// Removes watch `id` and returns what it watched; nullopt when there was none.
std::optional<schema::Watch> remove_watch(schema::Database& db, std::int64_t id);

}  // namespace gpuprice::app
