// What gpuprice says about itself on stderr, in one place: every line starts "gpuprice: " (the
// nightly job and cron mail find them by it) and shows control characters from eBay or a file
// as text. Whether a line is said at all (progress on a terminal only, warnings unless --quiet)
// is command_context's progress() and warn().
#pragma once

#include <string_view>

namespace gpuprice::cli {

// "gpuprice: " + text, on stderr.
void say(std::string_view text);

}  // namespace gpuprice::cli
