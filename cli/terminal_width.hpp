// How wide the tables of report and recommend may be: the terminal's, else $COLUMNS, else
// `fallback` (report's 80 columns).
#pragma once

#include "analysis/report_table.hpp"
#include "cli/command_context.hpp"

namespace gpuprice::cli {

int terminal_width(const GlobalOptions& global, int fallback = analysis::kDefaultTableWidth);

}  // namespace gpuprice::cli
