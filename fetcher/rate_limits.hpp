// eBay's remaining daily Browse quota, read once per run from the Developer Analytics API
// (getRateLimits: GET /developer/analytics/v1_beta/rate_limit/?api_context=buy&api_name=browse,
// an application token, its own quota; https://developer.ebay.com/api-docs/developer/analytics/
// resources/rate_limit/methods/getRateLimits). The response lists per resource
// {"name":"buy.browse","rates":[{"limit":5000,"remaining":...,"reset":"...T07:00:00.000Z",
// "timeWindow":86400}]}.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fetcher/ebay_api.hpp"
#include "fetcher/http_engine.hpp"

namespace gpuprice::fetcher {

struct BrowseQuota {
    std::int64_t limit = 0;
    std::int64_t remaining = 0;
    std::string reset;  // ISO 8601, when the daily window starts again
    // A shorter window (timeWindow under a day) whose calls are all spent: when it starts again.
    // eBay throttles until then, whatever the daily window has left.
    std::string spent_window_reset;
};

// getRateLimits for Browse (api_name=browse), or for Marketplace Insights: the whole buy context
// (api_context=buy; api_name is an optional filter, [SPEC-AN]), since eBay names Insights' entry
// nowhere a client could read it from; parse_insights_quota finds it by its name.
HttpRequest rate_limits_request(const std::string& api_base, const std::string& token,
                                RateLimitsOf of = RateLimitsOf::browse);

// The daily window's seconds (getRateLimits timeWindow).
inline constexpr std::int64_t kDailyWindow = 86400;

// The buy.browse rate of a getRateLimits body: its daily window (timeWindow 86400), else the
// window with the fewest calls left, with the reset of a shorter window that is spent; nullopt
// when it has none.
std::optional<BrowseQuota> parse_browse_quota(std::string_view body);
// The same for Marketplace Insights' own quota (audit 3, F9): the rates of the entry whose apiName,
// or of the resource whose name, holds "insights" (buy.marketplace.insights); nullopt when
// getRateLimits lists none (a keyset without the Limited Release).
std::optional<BrowseQuota> parse_insights_quota(std::string_view body);
// The quota `of` names, by the parser above for it.
std::optional<BrowseQuota> parse_quota_of(std::string_view body, RateLimitsOf of);

// The run's call budget: --max-calls, or what the quota leaves above the reserve if less;
// never negative.
int plan_budget(int max_calls, const std::optional<BrowseQuota>& quota, int reserve);

}  // namespace gpuprice::fetcher
