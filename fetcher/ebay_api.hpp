// The eBay APIs gpuprice calls, as one table: the OAuth scope each one's token needs, whether it
// takes the marketplace header, and which daily quota its calls count against (Browse: "All
// methods except getItems: 5000" a day, getItem and get_items_by_item_group included; Marketplace
// Insights its own).
// Endpoints: https://developer.ebay.com/api-docs/buy/browse/overview.html,
// .../buy/marketplace-insights/overview.html, .../developer/analytics/overview.html,
// .../commerce/taxonomy/overview.html.
#pragma once

#include <optional>
#include <string_view>

namespace gpuprice::fetcher {

// A daily quota getRateLimits reports: Browse's, or Marketplace Insights' own.
enum class RateLimitsOf { browse, insights };

enum class EbayApi {
    browse,     // item_summary/search, item/{id}, item/get_items_by_item_group
    insights,   // Marketplace Insights item_sales/search (a Limited Release)
    analytics,  // Developer Analytics getRateLimits: its own quota
    taxonomy,   // Taxonomy: category trees, category suggestions
};

struct EbayApiInfo {
    EbayApi api;
    std::string_view name;    // for messages: "Browse", ...
    std::string_view scope;   // the OAuth scope of its application token
    bool marketplace_header;  // X-EBAY-C-MARKETPLACE-ID is sent
    bool counted;             // counted in the night's call budget (--max-calls)
    // The daily quota its calls count against (a 429/2001 is then read against it), if any.
    std::optional<RateLimitsOf> daily_quota;
};

inline constexpr std::string_view kPublicScope = "https://api.ebay.com/oauth/api_scope";
// Asked for in its own token, so that a refusal (invalid_scope) never costs the Browse token.
inline constexpr std::string_view kInsightsScope =
    "https://api.ebay.com/oauth/api_scope/buy.marketplace.insights";

const EbayApiInfo& api_info(EbayApi api);

// eBay's production hosts; --api-base and --auth-url point elsewhere (the sandbox, a test).
inline constexpr std::string_view kProductionApiBase = "https://api.ebay.com";
inline constexpr std::string_view kProductionAuthUrl =
    "https://api.ebay.com/identity/v1/oauth2/token";

}  // namespace gpuprice::fetcher
