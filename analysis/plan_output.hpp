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

// The lines above every answer: the prices' date, precision, the box and the budget.
std::string plan_header(const BoxOptions& box, const CsvContext& context,
                        const std::vector<schema::ConditionClass>& conditions);

std::string plans_table(const PlanResult& result, const CsvContext& context);
std::string plans_csv(const PlanResult& result, const CsvContext& context);

std::string advice_table(const std::vector<CardAdvice>& advice, const CsvContext& context);
std::string advice_csv(const std::vector<CardAdvice>& advice, const CsvContext& context);

// Words wrapped at `width` columns, every line starting with `indent`.
std::string wrap(const std::string& text, std::size_t width, const std::string& indent);

}  // namespace gpuprice::analysis
