// The 30-night window a run of nightly rollups reads, slid from one night to the next: each
// listing at its latest price in the window, and the listings cleared in it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "analysis/price_history.hpp"
#include "schema/store/clearance_store.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/past.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

class RollupWindow {
  public:
    // A listing's latest price in the window, with its model's SKU key; by listing id.
    struct Latest {
        std::string model;
        schema::NightPrice price;
    };
    using Prices = std::unordered_map<std::int64_t, Latest>;

    RollupWindow(schema::Database& db, const schema::Past& past,
                 const schema::ObservationFilter& filter, int nights);

    // Moves the window to end on `night` (nights ascending). From a night inside the new window
    // it reads only the nights it gains; else the whole window.
    void move_to(const std::string& night);

    // The window's prices and clearances, grouped by model.
    analysis::PricesByModel prices() const;
    analysis::PricesByModel cleared() const;

  private:
    void read_whole(const std::string& first, const std::string& night);

    schema::Database& db_;
    schema::Past past_;
    schema::ObservationFilter filter_;
    int nights_;
    std::optional<std::string> night_;  // the night the window ends on
    Prices latest_;
    std::vector<schema::ClearedPrice> cleared_;
};

}  // namespace gpuprice::app
