// Checking the buyer's watches against the latest night: for each watch, the report of its
// conditions and price on the latest night and on the night before, compared by
// analysis::check_watch. What `watch check` prints and the page shows.
#pragma once

#include <string>
#include <vector>

#include "analysis/html_page.hpp"
#include "schema/domain/watch.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

// A watch and where its model stands on the latest night (analysis::watch_standing); `now` is
// empty while the watch's marketplace has no prices.
struct WatchStanding {
    schema::Watch watch;
    std::string now;
};
// The standings of `watches`, in their order.
std::vector<WatchStanding> watch_standings(schema::Database& db, const schema::Catalog& catalog,
                                           const std::vector<schema::Watch>& watches);
// Every stored watch's, oldest first.
std::vector<WatchStanding> watch_standings(schema::Database& db, const schema::Catalog& catalog);

// One status per stored watch, oldest first. A watch whose marketplace has no prices yet stays
// quiet. Throws std::invalid_argument for a stored condition or price name gpuprice no longer
// knows.
std::vector<analysis::WatchStatus> check_watches(schema::Database& db,
                                                 const schema::Catalog& catalog);

}  // namespace gpuprice::app
