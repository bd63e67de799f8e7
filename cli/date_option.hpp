// A date option (--since of report and history): one check, one message naming the option.
#pragma once

#include <string>

namespace gpuprice::cli {

// Throws UsageError naming `option` unless `value` is empty (not given) or a YYYY-MM-DD date from
// schema::kFirstDate to schema::kLastDate.
void check_date_option(const std::string& option, const std::string& value);

}  // namespace gpuprice::cli
