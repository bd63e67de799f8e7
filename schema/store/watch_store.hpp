// The buyer's watches (table watches): added, listed and removed by `gpuprice watch`, read by
// `watch check` and the page.
#pragma once

#include <cstdint>
#include <vector>

#include "schema/domain/watch.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

// Stores `watch` (its id is ignored) and returns the id it was given.
std::int64_t add_watch(Database& db, const Watch& watch);

// Every watch, oldest first.
std::vector<Watch> load_watches(Database& db);

// Removes the watch; false when there was none with this id.
bool remove_watch(Database& db, std::int64_t id);

}  // namespace gpuprice::schema
