// The report for a terminal: one section per condition, one block per VRAM class, aligned.
#pragma once

#include <string>

#include "analysis/price_report.hpp"
#include "analysis/report_csv.hpp"

namespace gpuprice::analysis {

std::string report_table(const Report& report, const CsvContext& context);

}  // namespace gpuprice::analysis
