// Reading prices back for analysis: the latest price of each matched listing within a window of
// nights, and a model's whole history. Read-only; safe while a fetch writes (WAL). The readers of
// prices take the command's Past (schema/store/past), which chooses what form their nights are
// read from.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "schema/domain/condition.hpp"
#include "schema/domain/market.hpp"
#include "schema/domain/observation.hpp"
#include "schema/domain/price_flags.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

enum class Details { Without, With };

class Past;

// Which observations may enter a median: one marketplace's (prices in its currency), and only
// listings carrying none of the excluded price flags (schema::PriceFlag: located abroad,
// unexpanded multi-variation, low-feedback seller), unless a report asks to include them.
struct ObservationFilter {
    Market market;
    int excluded_flags = kAllPriceFlags;
};

// The newest night that has any observation.
std::optional<std::string> latest_night(Database& db, const Market& market);
// The newest night on or before `date` (YYYY-MM-DD) that has observations, at most `slack` days
// earlier.
std::optional<std::string> night_on_or_before(Database& db, const std::string& date, int slack,
                                              const Market& market);

// Each listing matched to a model and seen in [from, to], once, at its latest price there, one by
// one (a caller keeps them in a container of its own). With `conditions`, listings of other
// conditions are mostly left unread (condition_id_span): the caller keeps those it asked for.
void for_each_latest_observation(Database& db, const Past& past, const std::string& from,
                                 const std::string& to, Details details,
                                 const ObservationFilter& filter,
                                 const std::function<void(PricedObservation&&)>& take,
                                 const std::vector<ConditionClass>& conditions = {});

// for_each_latest_observation's listings without details, each as its model (valid during the call)
// and its price: what a nightly rollup groups by model. In no particular order.
void for_each_window_price(Database& db, const Past& past, const std::string& from,
                           const std::string& to, const ObservationFilter& filter,
                           const std::function<void(std::string_view model, NightPrice&&)>& take);

// The prices of the nights in (after, through], compacted or not, of matched listings the filter
// keeps, each as its model (valid during the call) and its price:
// what a rollup adds to the window it slides from one night to the next. In no particular order.
void for_each_night_price(Database& db, const Past& past, const std::string& after,
                          const std::string& through, const ObservationFilter& filter,
                          const std::function<void(std::string_view model, NightPrice&&)>& take);

// At least as many as for_each_latest_observation gives from `from` on (to any night): what a
// caller reserves (memory reserved and never written is not resident).
std::size_t latest_observations_bound(Database& db, const std::string& from);

// for_each_latest_observation's listings, each at its latest price and no more (no details);
// `conditions` as there; in no particular order. With `before`, only those whose latest night in
// [from, to] is before it: a report's own listings (those with a price in [before, to]) are at
// their latest price already, this reads the rest of a wider window.
std::vector<LatestPrice> load_latest_prices(
    Database& db, const Past& past, const std::string& from, const std::string& to,
    const ObservationFilter& filter, const std::vector<ConditionClass>& conditions = {},
    const std::optional<std::string>& before = std::nullopt);

// Every observation of matched listings in [from, to] (each listing on each of its nights),
// oldest first: the nights of every model at once, for the page's sparklines.
std::vector<PricedObservation> load_window_history(Database& db, const Past& past,
                                                   const std::string& from, const std::string& to,
                                                   const ObservationFilter& filter);

// Every observation of listings matched to `model`, all nights, oldest first.
std::vector<PricedObservation> load_model_history(Database& db, const Past& past,
                                                  const std::string& model,
                                                  const ObservationFilter& filter);

}  // namespace gpuprice::schema
