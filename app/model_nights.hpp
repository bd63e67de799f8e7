// Per-night, per-model rollups for history, the reports' change columns and the page's
// sparklines. The nightly pass (app/derived_pass) rolls up the nights its runs touched
// (schema/store/model_night_store); readers take them where the past has them (schema::Past) and
// compute from the observations otherwise: the same figures either way.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/price_history.hpp"
#include "analysis/price_report.hpp"
#include "analysis/price_series.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/store/derived_state.hpp"
#include "schema/store/model_night_store.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/past.hpp"
#include "schema/store/sold_store.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

// The rollup part of a pass: the nights `work` names and `also`, and the nights whose suspect-price
// evidence holds one of them; all of them from scratch. Runs after the clearance part (a night's
// cleared median reads its decisions).
void roll_up_nights(schema::Database& db, const schema::Past& past, const schema::Catalog& catalog,
                    const schema::DerivedWork& work, const std::set<std::string>& also);

// One model's asking, cleared and sold medians per night or week on the past's market, in
// `conditions`, oldest first (what `history` prints). Nights come from the rollups where the past
// has them.
std::vector<analysis::NightlyMedian> model_history(
    schema::Database& db, const schema::Past& past, const schema::Catalog& catalog,
    const std::string& model, const std::vector<schema::ConditionClass>& conditions,
    analysis::Shipping shipping, analysis::Period period);
// The same, computed from the observations whatever is stored (what model_history falls back on).
std::vector<analysis::NightlyMedian> compute_model_history(
    schema::Database& db, const schema::Past& past, const schema::Catalog& catalog,
    const std::string& model, const std::vector<schema::ConditionClass>& conditions,
    analysis::Shipping shipping, analysis::Period period);

// The rows of the report of the single night `night` a change column compares with (models,
// conditions, listings, medians, low_sample; no listing lines), from the rollups; nullopt when
// they cannot serve it (the past has none, or a filter other than the rollups' own: price flags
// let in).
std::optional<analysis::Report> rolled_up_night_report(schema::Database& db,
                                                       const schema::Past& past,
                                                       const std::string& night,
                                                       const analysis::ReportOptions& options,
                                                       const schema::ObservationFilter& filter);

// The page's sparklines over [from, to] (every model's nights, sold medians from `sold`) from the
// rollups, as analysis::price_series computes them from the nights with the clearances of the
// window; nullopt when the rollups cannot serve them (the past has none, or price flags let in).
std::optional<analysis::PriceSeries> rolled_up_price_series(
    schema::Database& db, const schema::Past& past, const schema::Catalog& catalog,
    const std::string& from, const std::string& to, const schema::ObservationFilter& filter,
    const std::vector<schema::ConditionClass>& conditions, analysis::Shipping shipping,
    const std::vector<schema::SoldPrice>& sold);

}  // namespace gpuprice::app
