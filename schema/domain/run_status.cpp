#include "schema/domain/run_status.hpp"

namespace gpuprice::schema {

std::string_view run_status_name(RunStatus status) {
    switch (status) {
        case RunStatus::running:
            return "running";
        case RunStatus::ok:
            return "ok";
        case RunStatus::partial:
            return "partial";
        case RunStatus::failed:
            return "failed";
    }
    return "";
}

std::optional<RunStatus> parse_run_status(std::string_view name) {
    for (const auto status :
         {RunStatus::running, RunStatus::ok, RunStatus::partial, RunStatus::failed}) {
        if (run_status_name(status) == name) return status;
    }
    return std::nullopt;
}

}  // namespace gpuprice::schema
