// The buyer's watches as `gpuprice watch` adds, lists and removes them: one watch per line
// watched, stored in the database. Checking them against a night is app/watch_checks.
#pragma once

#include <optional>

#include "schema/domain/watch.hpp"
#include "schema/store/sqlite.hpp"
#include "schema/store/watch_store.hpp"

namespace gpuprice::app {

// The stored watch that watches the same line as `watch` (model, condition, price basis,
// marketplace and line), if any: adding it again would mail every alert twice.
std::optional<schema::Watch> same_watch(schema::Database& db, const schema::Watch& watch);

using schema::add_watch;
using schema::load_watches;
using schema::remove_watch;

}  // namespace gpuprice::app
