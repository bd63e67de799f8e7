#include "fetcher/stop_reason.hpp"

#include "schema/domain/enum_names.hpp"

namespace gpuprice::fetcher {

namespace {

constexpr schema::EnumNames<StopReason, 8> kStopReasons = {{
    {StopReason::none, "none"},
    {StopReason::budget, "budget"},
    {StopReason::quota, "quota"},
    {StopReason::access_denied, "access-denied"},
    {StopReason::credentials, "credentials"},
    {StopReason::deadline, "deadline"},
    {StopReason::throttled, "throttled"},
    {StopReason::token_unavailable, "token-unavailable"},
}};

static_assert(schema::names_every_value(kStopReasons, StopReason::token_unavailable));

}  // namespace

std::string_view stop_reason_name(StopReason reason) {
    return schema::name_of(kStopReasons, reason);
}

}  // namespace gpuprice::fetcher
