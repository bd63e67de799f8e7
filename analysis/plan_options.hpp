// What would make a plan better (UX P4): the box options a buyer can change (a case with more
// slot openings, risers, a power limit on every card, another cooler) tried one at a time within
// the same budget, and the better box each admits, said with its figures. The planner answers
// the question asked; this says which nearby question has a better answer.
#pragma once

#include <string>
#include <vector>

#include "analysis/box_planner.hpp"

namespace gpuprice::analysis {

// A plan admitted by a changed option is better when its objective total is higher, or when it
// gives at least this share of the first plan's total for more per unit of money (4 active
// blowers at 89 % of the TFLOPS of 4 passive cards, for less).
inline constexpr double kBetterShare = 0.8;
// The power limits tried, mildest first (a percentage of every card's TDP).
inline constexpr double kTriedLimits[] = {90, 80, 70};

// One sentence per option that admits a better box than `result`'s first plan (any box, when
// nothing fits): "with --slots 8 (a case with 8 slot openings): 4 x RTX A5000 (blower, used),
// $4,627, 444.3 TFLOPS, 96.0 GFLOPS/$: 55.6 TFLOPS fewer than #1 (499.9), $825 less, 4.7% more
// per $". Runs the planner once per option tried.
std::vector<std::string> better_with(const Report& report, const schema::Catalog& catalog,
                                     const schema::AttributeRules& rules,
                                     const ReportOptions& report_options, const BoxOptions& box,
                                     const PlanResult& result);
// The same with the builds card_builds gave for `report` (a caller that planned with them).
std::vector<std::string> better_with(const Report& report, const CardBuilds& builds,
                                     const schema::Catalog& catalog,
                                     const schema::AttributeRules& rules,
                                     const ReportOptions& report_options, const BoxOptions& box,
                                     const PlanResult& result);

}  // namespace gpuprice::analysis
