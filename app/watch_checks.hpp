// Checking the buyer's watches against the latest night: for each watch, the report of its
// conditions and price on the latest night and on the night before, compared by
// analysis::check_watch. What `watch check` prints and the page shows.
#pragma once

#include <vector>

#include "analysis/html_page.hpp"
#include "schema/domain/watch.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

// One status per watch, in the watches' order. A watch whose marketplace has no prices yet
// stays quiet. Throws std::invalid_argument for a stored condition or price name gpuprice no
// longer knows.
// Where each watch's model stands on the latest night (analysis::watch_standing), in the
// watches' order; empty text for a watch whose marketplace has no prices yet.
std::vector<std::string> watch_standings(schema::Database& db, const schema::Catalog& catalog,
                                         const std::vector<schema::Watch>& watches);

std::vector<analysis::WatchStatus> check_watches(schema::Database& db,
                                                 const schema::Catalog& catalog,
                                                 const std::vector<schema::Watch>& watches);

}  // namespace gpuprice::app
