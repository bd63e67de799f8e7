#include "fetcher/stop_reason.hpp"

#include <array>
#include <utility>

namespace gpuprice::fetcher {

namespace {

constexpr std::array<std::pair<StopReason, std::string_view>, 8> kStopReasons = {{
    {StopReason::none, "none"},
    {StopReason::budget, "budget"},
    {StopReason::quota, "quota"},
    {StopReason::access_denied, "access-denied"},
    {StopReason::credentials, "credentials"},
    {StopReason::deadline, "deadline"},
    {StopReason::throttled, "throttled"},
    {StopReason::token_unavailable, "token-unavailable"},
}};

constexpr bool in_enum_order() {
    for (std::size_t i = 0; i < kStopReasons.size(); ++i) {
        if (static_cast<std::size_t>(kStopReasons[i].first) != i) return false;
    }
    return true;
}
static_assert(in_enum_order());
static_assert(kStopReasons.size() == static_cast<std::size_t>(StopReason::token_unavailable) + 1);

}  // namespace

std::string_view stop_reason_name(StopReason reason) {
    return kStopReasons[static_cast<std::size_t>(reason)].second;
}

}  // namespace gpuprice::fetcher
