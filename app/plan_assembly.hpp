// What `recommend` answers, assembled from the database: the report (all VRAM classes, so ranks
// match `report`), then either whole multi-GPU builds or the best single card per VRAM class.
#pragma once

#include <optional>
#include <vector>

#include "analysis/box_planner.hpp"
#include "analysis/card_advice.hpp"
#include "app/report_assembly.hpp"
#include "schema/rules/rule_set.hpp"

namespace gpuprice::app {

struct PlanRequest {
    ReportRequest report;
    analysis::BoxOptions box;
    // Whole builds (--count or --max-count); otherwise the best single card per VRAM class.
    bool builds = false;
};

struct Recommendation {
    LoadedReport loaded;
    std::vector<analysis::CardAdvice> advice;  // single-card mode
    analysis::PlanResult plans;                // builds mode
};

// Nullopt when the database holds no prices yet.
std::optional<Recommendation> recommend(schema::Database& db, const schema::RuleSet& rules,
                                        const PlanRequest& request);

}  // namespace gpuprice::app
