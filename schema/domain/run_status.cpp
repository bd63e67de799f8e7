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

}  // namespace gpuprice::schema
