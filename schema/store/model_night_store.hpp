// The per-night rollups as stored (table model_nights): one row per marketplace, model, night,
// condition class and shipping choice. Computed by the application layer (analysis'
// nightly_medians_by_model); this file only reads and writes them.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "schema/domain/condition.hpp"
#include "schema/store/derived_state.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

struct ModelNight {
    std::string model;
    std::string night;
    ConditionClass condition = ConditionClass::used;
    int listings = 0;
    int outliers_removed = 0;
    double median_usd = 0;  // meaningful when listings > 0
    double p25_usd = 0;
    double p75_usd = 0;
    int cleared_listings = 0;
    std::optional<double> cleared_median_usd;
};

// The nights a pass rolls up: every night of `work`'s marketplace with prices or a clearance from
// scratch. Else the nights that changed: the observed nights after work.passed_night, those from
// work.since on that a run after work.passed_run stored prices on, and `also`; and since a night's
// rollup reads the prices and clearances of the `evidence_nights` nights up to it, the
// marketplace's nights after each changed one within that many (none past its latest).
std::vector<std::string> nights_to_roll_up(Database& db, const DerivedWork& work,
                                           const std::set<std::string>& also, int evidence_nights);

// Replaces the rows of `night` (both shipping choices) with `included` and `excluded`.
void replace_model_nights(Database& db, const Market& market, const std::string& night,
                          const std::vector<ModelNight>& included,
                          const std::vector<ModelNight>& excluded);
void forget_model_nights(Database& db, const Market& market);

// One model's rows, oldest night first (then condition class, in report order).
std::vector<ModelNight> load_model_nights(Database& db, const Market& market,
                                          const std::string& model, bool shipping_included);
// Every model's rows of the nights in [from, to], by model, then night (one night: from = to).
std::vector<ModelNight> load_model_nights_between(Database& db, const Market& market,
                                                  const std::string& from, const std::string& to,
                                                  bool shipping_included);

}  // namespace gpuprice::schema
