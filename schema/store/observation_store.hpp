// Reading prices back for analysis: the latest price of each matched listing within a window of
// nights, and a model's whole history. Read-only; safe while a fetch writes (WAL).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schema/domain/observation.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

enum class Details { Without, With };

// The newest night that has any observation.
std::optional<std::string> latest_night(Database& db);
// The newest night on or before `date` (YYYY-MM-DD) that has observations, at most `slack` days
// earlier.
std::optional<std::string> night_on_or_before(Database& db, const std::string& date, int slack);

// Each listing matched to a model and seen in [from, to], once, at its latest price there.
std::vector<PricedObservation> load_latest_observations(Database& db, const std::string& from,
                                                        const std::string& to,
                                                        Details details = Details::Without);

// Every observation of listings matched to `model`, all nights, oldest first.
std::vector<PricedObservation> load_model_history(Database& db, const std::string& model);

}  // namespace gpuprice::schema
