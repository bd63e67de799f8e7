// The window options of report and history (--since, --days): one check, one message each.
#pragma once

#include <string>

namespace gpuprice::cli {

// Throws UsageError unless --days is 0..3650 and --since is empty (not given) or a YYYY-MM-DD date
// from schema::kFirstDate to schema::kLastDate, and not both are given.
void check_window_options(const std::string& since, int days);

}  // namespace gpuprice::cli
