#include "fetcher/retry_policy.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <cmath>

#include "fetcher/browse_parser.hpp"
#include "fetcher/ebay_error_ids.hpp"

namespace gpuprice::fetcher {

bool is_quota_exhausted(long http_status, std::string_view body) {
    if (http_status != 429) return false;
    for (const auto& error : parse_errors(body)) {
        if (error.error_id == ebay_error::kRateLimited) return true;
    }
    return false;
}

bool is_retryable(long http_status, int curl_code) {
    switch (curl_code) {
        case CURLE_OK:
            break;
        case CURLE_COULDNT_CONNECT:
        case CURLE_COULDNT_RESOLVE_HOST:
        case CURLE_OPERATION_TIMEDOUT:
        case CURLE_SEND_ERROR:
        case CURLE_RECV_ERROR:
        case CURLE_GOT_NOTHING:
        case CURLE_PARTIAL_FILE:
        case CURLE_HTTP2:
        case CURLE_HTTP2_STREAM:
            return true;
        default:
            return false;
    }
    switch (http_status) {
        case 408:
        case 429:
        case 500:
        case 502:
        case 503:
        case 504:
            return true;
        default:
            return false;
    }
}

std::chrono::milliseconds retry_delay(const RetryPolicy& policy, int attempt,
                                      std::optional<std::chrono::seconds> retry_after,
                                      double random_unit) {
    if (retry_after) return std::chrono::duration_cast<std::chrono::milliseconds>(*retry_after);
    const double exponential =
        static_cast<double>(policy.base_delay.count()) * std::pow(2.0, std::max(0, attempt - 1));
    const double capped = std::min(exponential, static_cast<double>(policy.max_delay.count()));
    // Full jitter: spread retries of parallel transfers so they do not arrive together.
    return std::chrono::milliseconds(
        static_cast<std::int64_t>(capped * std::clamp(random_unit, 0.0, 1.0)));
}

}  // namespace gpuprice::fetcher
