#include "schema/domain/match_reason.hpp"

namespace gpuprice::schema {

std::string_view match_reason_name(MatchReason reason) {
    switch (reason) {
        case MatchReason::ok:
            return "ok";
        case MatchReason::for_parts:
            return "for-parts";
        case MatchReason::box_only:
            return "box-only";
        case MatchReason::accessory:
            return "accessory";
        case MatchReason::system:
            return "system";
        case MatchReason::lot:
            return "lot";
        case MatchReason::unknown_model:
            return "unknown-model";
        case MatchReason::ambiguous:
            return "ambiguous";
        case MatchReason::not_a_gpu:
            return "not-a-gpu";
    }
    return "";
}

std::optional<MatchReason> parse_match_reason(std::string_view name) {
    for (auto reason : kAllMatchReasons) {
        if (match_reason_name(reason) == name) return reason;
    }
    return std::nullopt;
}

}  // namespace gpuprice::schema
