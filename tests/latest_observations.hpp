// The listings a report reads, collected: what a test checks of a window (production takes them
// one by one through for_each_latest_observation).
#pragma once

#include <string>
#include <vector>

#include "schema/store/observation_store.hpp"

namespace gpuprice::test {

inline std::vector<schema::PricedObservation> latest_observations(
    schema::Database& db, const schema::Past& past, const std::string& from, const std::string& to,
    schema::Details details, const schema::ObservationFilter& filter) {
    std::vector<schema::PricedObservation> rows;
    schema::for_each_latest_observation(
        db, past, from, to, details, filter,
        [&](schema::PricedObservation&& o) { rows.push_back(std::move(o)); });
    return rows;
}

}  // namespace gpuprice::test
