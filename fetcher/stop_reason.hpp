// Why eBay calls stopped before their plan was done: the night's reason (exit codes follow it)
// and, per API, the eBay client's. One enum, its text in one table.
#pragma once

#include <string_view>

namespace gpuprice::fetcher {

enum class StopReason {
    none,
    budget,         // --max-calls (or the quota's share of it) reached: a clean stop
    quota,          // eBay's daily quota is spent (429 errorId 2001, getRateLimits confirms)
    access_denied,  // the token lacks the API's scope (403 errorId 1100; Insights 100017)
    credentials,    // a token was refused, could not be minted, or a fresh one was not accepted
    deadline,       // the run's deadline passed, or too many timeouts in a row
    // eBay kept answering 429/2001 while getRateLimits said calls were left, past the night's
    // bound on waiting for it (--max-throttle-minutes): not the user's quota, a partial night
    throttled,
    // eBay's token endpoint failed (network, 5xx) for minutes: not the user's credentials, a
    // partial night with what was committed
    token_unavailable,
};

// "none", "budget", "quota", "access-denied", "credentials", "deadline", "throttled",
// "token-unavailable".
std::string_view stop_reason_name(StopReason reason);

}  // namespace gpuprice::fetcher
