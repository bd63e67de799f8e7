#include "schema/domain/match_reason.hpp"

#include "schema/domain/enum_names.hpp"

namespace gpuprice::schema {

namespace {

constexpr EnumNames<MatchReason, 9> kMatchReasonNames = {{
    {MatchReason::ok, "ok"},
    {MatchReason::for_parts, "for-parts"},
    {MatchReason::box_only, "box-only"},
    {MatchReason::accessory, "accessory"},
    {MatchReason::system, "system"},
    {MatchReason::lot, "lot"},
    {MatchReason::unknown_model, "unknown-model"},
    {MatchReason::ambiguous, "ambiguous"},
    {MatchReason::not_a_gpu, "not-a-gpu"},
}};
static_assert(names_every_value(kMatchReasonNames, MatchReason::not_a_gpu));

}  // namespace

std::string_view match_reason_name(MatchReason reason) {
    return name_of(kMatchReasonNames, reason);
}

std::optional<MatchReason> parse_match_reason(std::string_view name) {
    return parse_name(kMatchReasonNames, name);
}

}  // namespace gpuprice::schema
