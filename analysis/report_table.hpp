// The report for a terminal: one section per condition, one block per VRAM class, aligned, at
// most `width` columns wide. Its columns are the report's own (report_columns()); columns that
// are empty everywhere are left out, then the least important ones until the table fits, and a
// last line names what was left out.
#pragma once

#include <string>

#include "analysis/price_report.hpp"
#include "analysis/report_csv.hpp"

namespace gpuprice::analysis {

inline constexpr int kDefaultTableWidth = 80;

std::string report_table(const Report& report, const CsvContext& context,
                         int width = kDefaultTableWidth);

}  // namespace gpuprice::analysis
