// Cleared listings for reports and history. The nightly pass (app/derived_pass) decides
// what became of the listings the runs since the last pass touched (schema/store/clearance_store);
// reports and history then read those decisions instead of deciding every listing that left, every
// time. Where the decisions do not stand for the nights (schema::Past: a fetch is running, or no
// pass was made since the upgrade), they are decided from the lives as before: the same clearances.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "analysis/clearance.hpp"
#include "schema/domain/condition.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/store/derived_state.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/past.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::app {

// The clearance part of a pass (app/derived_pass): decides the listings `work` names,
// all of them when it starts from scratch. Returns the nights whose cleared listings changed (none
// from scratch: every night is rolled up then).
std::set<std::string> decide_clearances(schema::Database& db, const schema::Catalog& catalog,
                                        const schema::DerivedWork& work);

// The clearances a report of `to` reads: listings last seen on a night in [since, to) (auctions:
// [since, to]) that left on a night in [from, to], oldest night first; only those of
// `conditions` (all when empty).
std::vector<analysis::Clearance> report_clearances(
    schema::Database& db, const schema::Past& past, const schema::Catalog& catalog,
    const std::string& since, const std::string& from, const std::string& to,
    const schema::ObservationFilter& filter, analysis::Shipping shipping,
    const std::vector<schema::ConditionClass>& conditions = {});
// Every clearance of `model`, all nights, oldest first.
std::vector<analysis::Clearance> model_clearances(schema::Database& db, const schema::Past& past,
                                                  const schema::Catalog& catalog,
                                                  const std::string& model,
                                                  const schema::ObservationFilter& filter,
                                                  analysis::Shipping shipping);

// The same, decided from the lives now whatever is stored (what the two above fall back on).
// `counts` gets the lives of the lookback gone on a night their family was only partly covered.
std::vector<analysis::Clearance> decide_report_clearances(
    schema::Database& db, const schema::Catalog& catalog, const std::string& since,
    const std::string& from, const std::string& to, const schema::ObservationFilter& filter,
    analysis::Shipping shipping, analysis::ClearanceCounts* counts = nullptr);
std::vector<analysis::Clearance> decide_model_clearances(schema::Database& db,
                                                         const schema::Catalog& catalog,
                                                         const std::string& model,
                                                         const schema::ObservationFilter& filter,
                                                         analysis::Shipping shipping);

}  // namespace gpuprice::app
