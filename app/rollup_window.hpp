// The 30-night window a run of nightly rollups reads, slid from one night to the next: each
// listing at its latest price in the window, and the listings cleared in it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "analysis/price_history.hpp"
#include "app/read_apart.hpp"
#include "schema/store/clearance_store.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/past.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

class WindowAhead;

class RollupWindow {
  public:
    // A listing's latest price in the window, with its model's SKU key; by listing id.
    struct Latest {
        std::string model;
        schema::NightPrice price;
    };
    using Prices = std::unordered_map<std::int64_t, Latest>;

    // The prices of the `nights` nights ending on `night`, read whole.
    static Prices read_prices(schema::Database& db, const schema::Past& past,
                              const schema::ObservationFilter& filter, int nights,
                              const std::string& night);

    // `ahead`, when given, holds one window's prices read ahead: taken where that window is read
    // whole.
    RollupWindow(schema::Database& db, const schema::Past& past,
                 const schema::ObservationFilter& filter, int nights, WindowAhead* ahead = nullptr);

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
    WindowAhead* ahead_;
    std::optional<std::string> night_;  // the night the window ends on
    Prices latest_;
    std::vector<schema::ClearedPrice> cleared_;
};

// One window's prices, read on a connection apart while the caller's transaction goes on. Only
// from a transaction begun IMMEDIATE that has written nothing the window reads (a pass reads
// tonight's window while it decides clearances: two cores).
class WindowAhead {
  public:
    WindowAhead(schema::Database& db, const schema::Past& past,
                const schema::ObservationFilter& filter, int nights, std::string night);
    const std::string& night() const { return night_; }
    RollupWindow::Prices take() { return prices_.get(); }

  private:
    std::string night_;
    ReadApart<RollupWindow::Prices> prices_;
};

}  // namespace gpuprice::app
