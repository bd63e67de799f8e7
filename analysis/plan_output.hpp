// How `gpuprice recommend` prints: a table within 100 columns (one plan per row, its listings and
// caveats under it) or CSV for scripts (one row per plan; columns documented in README.md, new
// ones only appended).
#pragma once

#include <string>
#include <vector>

#include "analysis/box_planner.hpp"
#include "analysis/card_advice.hpp"
#include "analysis/report_csv.hpp"

namespace gpuprice::analysis {

// Text wraps at `width` columns (the terminal's, at most 100): the lines under each plan, the
// header and the URLs, which are left out where they do not fit; a table row is as wide as
// its cells.
constexpr std::size_t kPlanWidth = 100;

// The lines above every answer: the prices' date, precision, the box and the budget.
std::string plan_header(const BoxOptions& box, const CsvContext& context,
                        const std::vector<schema::ConditionClass>& conditions,
                        std::size_t width = kPlanWidth);

std::string plans_table(const PlanResult& result, const CsvContext& context,
                        std::size_t width = kPlanWidth);
// The CSVs end with the request's columns (budget, box, power limit, cooling ...), from `box`.
std::string plans_csv(const PlanResult& result, const BoxOptions& box, const CsvContext& context);

std::string advice_table(const std::vector<CardAdvice>& advice, const CsvContext& context,
                         std::size_t width = kPlanWidth);
std::string advice_csv(const std::vector<CardAdvice>& advice, const BoxOptions& box,
                       const CsvContext& context);

// A plan's caveats as the CLI, its CSV and the page say them: the planner's (cooling, legacy
// software, thin evidence, estimates...), then what the listings behind it show: unknown
// shipping, a price kFarUnderBasis or more under the model's price, a plan that buys every
// listing of its kind.
constexpr double kFarUnderBasis = 0.20;
std::vector<std::string> buyer_caveats(const Plan& plan, const CsvContext& context);

// Words wrapped at `width` columns, every line starting with `indent`.
std::string wrap(const std::string& text, std::size_t width, const std::string& indent);

}  // namespace gpuprice::analysis
