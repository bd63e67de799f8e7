// How a fetch run ended, as its row in fetch_runs records it.
#pragma once

#include <string_view>

namespace gpuprice::schema {

enum class RunStatus { running, ok, partial, failed };
std::string_view run_status_name(RunStatus status);

}  // namespace gpuprice::schema
