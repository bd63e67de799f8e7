#include "fetcher/rate_limits.hpp"

#include <simdjson.h>

#include <algorithm>

namespace gpuprice::fetcher {

namespace dom = simdjson::dom;

HttpRequest rate_limits_request(const std::string& api_base, const std::string& token,
                                RateLimitsOf of) {
    HttpRequest request;
    request.url = api_base + "/developer/analytics/v1_beta/rate_limit/?api_context=buy" +
                  (of == RateLimitsOf::browse ? "&api_name=browse" : "");
    request.headers = {"Authorization: Bearer " + token, "Accept: application/json"};
    return request;
}

namespace {

bool names_insights(std::string_view name) {
    std::string lower(name);
    for (auto& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return lower.find("insights") != std::string::npos;
}

// The quota of the resources `wanted` picks (by the API entry's apiName and the resource's name).
template <typename Wanted>
std::optional<BrowseQuota> parse_quota(std::string_view body, Wanted wanted) {
    dom::parser parser;
    dom::object root;
    if (parser.parse(body.data(), body.size()).get(root)) return std::nullopt;
    dom::array apis;
    if (root["rateLimits"].get(apis)) return std::nullopt;
    // buy.browse may list several windows; the daily one (timeWindow 86400) is the quota. Without
    // one, the window with the fewest calls left binds.
    std::optional<BrowseQuota> daily, tightest;
    std::string spent_window_reset;
    for (auto api_value : apis) {
        dom::array resources;
        if (api_value["resources"].get(resources)) continue;
        std::string_view api_name;
        if (api_value["apiName"].get(api_name)) api_name = {};
        for (auto resource : resources) {
            std::string_view name;
            if (resource["name"].get(name) || !wanted(api_name, name)) continue;
            dom::array rates;
            if (resource["rates"].get(rates)) continue;
            for (auto rate : rates) {
                BrowseQuota quota;
                if (rate["limit"].get(quota.limit) || rate["remaining"].get(quota.remaining)) {
                    continue;
                }
                std::string_view reset;
                if (!rate["reset"].get(reset)) quota.reset = std::string(reset);
                std::int64_t window = 0;
                const bool has_window = !rate["timeWindow"].get(window);
                if (has_window && window == kDailyWindow && !daily) daily = quota;
                if (has_window && window < kDailyWindow && quota.remaining <= 0 &&
                    (spent_window_reset.empty() || quota.reset > spent_window_reset)) {
                    spent_window_reset = quota.reset;
                }
                if (!tightest || quota.remaining < tightest->remaining) tightest = quota;
            }
        }
    }
    auto quota = daily ? daily : tightest;
    if (quota) quota->spent_window_reset = std::move(spent_window_reset);
    return quota;
}

}  // namespace

std::optional<BrowseQuota> parse_browse_quota(std::string_view body) {
    return parse_quota(
        body, [](std::string_view, std::string_view name) { return name == "buy.browse"; });
}

std::optional<BrowseQuota> parse_insights_quota(std::string_view body) {
    return parse_quota(body, [](std::string_view api_name, std::string_view name) {
        return names_insights(api_name) || names_insights(name);
    });
}

std::optional<BrowseQuota> parse_quota_of(std::string_view body, RateLimitsOf of) {
    return of == RateLimitsOf::insights ? parse_insights_quota(body) : parse_browse_quota(body);
}

int plan_budget(int max_calls, const std::optional<BrowseQuota>& quota, int reserve) {
    if (!quota) return max_calls;
    const auto usable = std::max<std::int64_t>(0, quota->remaining - reserve);
    return static_cast<int>(std::min<std::int64_t>(max_calls, usable));
}

}  // namespace gpuprice::fetcher
