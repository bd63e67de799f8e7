// One model's asking, cleared and sold medians per night or week, assembled from the database
// for `history`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/price_history.hpp"
#include "analysis/shipping.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/market.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

struct HistoryRequest {
    std::string model;  // a catalog SKU's key
    std::vector<schema::ConditionClass> conditions;
    analysis::Shipping shipping = analysis::Shipping::Include;
    analysis::Period period = analysis::Period::night;
    std::string since;  // from this night on (YYYY-MM-DD), or empty
    int days = 0;       // the last N nights; 0: all
    schema::Market market;
};

struct ModelHistory {
    std::vector<analysis::NightlyMedian> periods;
    // The latest night's status line when that night is not whole.
    std::optional<std::string> latest_night_incomplete;
    std::string latest_night;  // of the whole database (YYYY-MM-DD); empty when it has none
};

// The catalog names the SKU, for the family searches that cover it.
ModelHistory load_history(schema::Database& db, const schema::Catalog& catalog,
                          const HistoryRequest& request);

}  // namespace gpuprice::app
