// When a failed HTTP attempt is worth repeating, and how long to wait first (after curl --retry:
// exponential backoff with full jitter, capped, honouring Retry-After, within a total bound).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>

namespace gpuprice::fetcher {

struct RetryPolicy {
    int max_attempts = 5;  // including the first
    std::chrono::milliseconds base_delay{500};
    std::chrono::milliseconds max_delay{30000};
    // No retry is scheduled past this much time since the request was first tried.
    std::chrono::milliseconds total_budget{std::chrono::minutes(5)};
};

// eBay's daily call quota is spent: HTTP 429 with errorId 2001 "The request limit has been
// reached for the resource." No retry can succeed before the daily reset (midnight Pacific),
// so it is never retried.
bool is_quota_exhausted(long http_status, std::string_view body);

// Timeouts, refused or reset connections, and 408/429/500/502/503/504.
bool is_retryable(long http_status, int curl_code);

// The wait before attempt `attempt + 1` (attempt counts from 1). `random_unit` is uniform in
// [0, 1), supplied by the caller so that this stays a pure function. Retry-After wins when given.
std::chrono::milliseconds retry_delay(const RetryPolicy& policy, int attempt,
                                      std::optional<std::chrono::seconds> retry_after,
                                      double random_unit);

}  // namespace gpuprice::fetcher
