// How a fetch run ended, as its row in fetch_runs records it.
#pragma once

#include <optional>
#include <string_view>

namespace gpuprice::schema {

enum class RunStatus { running, ok, partial, failed };
std::string_view run_status_name(RunStatus status);
// The status stored as `name` (fetch_runs.status), or nullopt.
std::optional<RunStatus> parse_run_status(std::string_view name);

}  // namespace gpuprice::schema
