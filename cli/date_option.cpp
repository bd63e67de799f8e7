#include "cli/date_option.hpp"

#include "cli/command_context.hpp"
#include "schema/domain/clock.hpp"

namespace gpuprice::cli {

void check_window_options(const std::string& since, int days) {
    // Ten years of nights is more than any database holds; beyond it is a typo.
    if (days < 0 || days > 3650) throw UsageError("--days must be 0..3650");
    if (!since.empty() && !schema::is_valid_date(since)) {
        throw UsageError("--since '" + since + "' is not a date from " + schema::kFirstDate +
                         " to " + schema::kLastDate + " (YYYY-MM-DD)");
    }
    if (!since.empty() && days > 0) throw UsageError("use --since or --days, not both");
}

}  // namespace gpuprice::cli
