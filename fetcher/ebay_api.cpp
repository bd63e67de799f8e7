#include "fetcher/ebay_api.hpp"

#include <array>

namespace gpuprice::fetcher {

namespace {

// Marketplace Insights has a quota of its own, but its calls are the night's calls all the same
// (--max-calls bounds them). getRateLimits and Taxonomy have their own quotas and are few.
constexpr std::array<EbayApiInfo, 4> kApis = {{
    //  api                 name                  scope           market counted browse quota
    {EbayApi::browse, "Browse", kPublicScope, true, true, RateLimitsOf::browse},
    {EbayApi::insights, "Marketplace Insights", kInsightsScope, true, true, RateLimitsOf::insights},
    {EbayApi::analytics, "Developer Analytics", kPublicScope, false, false, std::nullopt},
    {EbayApi::taxonomy, "Taxonomy", kPublicScope, false, false, std::nullopt},
}};

constexpr bool in_enum_order() {
    for (std::size_t i = 0; i < kApis.size(); ++i) {
        if (static_cast<std::size_t>(kApis[i].api) != i) return false;
    }
    return true;
}
static_assert(in_enum_order());
static_assert(kApis.size() == static_cast<std::size_t>(EbayApi::taxonomy) + 1);

}  // namespace

const EbayApiInfo& api_info(EbayApi api) {
    return kApis[static_cast<std::size_t>(api)];
}

}  // namespace gpuprice::fetcher
