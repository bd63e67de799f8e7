#include "cli/date_option.hpp"

#include "cli/command_context.hpp"
#include "schema/domain/clock.hpp"

namespace gpuprice::cli {

void check_date_option(const std::string& option, const std::string& value) {
    if (value.empty() || schema::is_valid_date(value)) return;
    throw UsageError(option + " '" + value + "' is not a date from " + schema::kFirstDate + " to " +
                     schema::kLastDate + " (YYYY-MM-DD)");
}

}  // namespace gpuprice::cli
