// eBay's documented errorId values that change what gpuprice does, each named once: the client,
// the night's passes and the probe read the same ones (a unity build would refuse two).
#pragma once

#include <cstdint>

namespace gpuprice::fetcher::ebay_error {

inline constexpr std::int64_t kAccessDenied = 1100;            // "Insufficient permissions"
inline constexpr std::int64_t kInsightsNoPermission = 100017;  // Insights: the same
inline constexpr std::int64_t kRateLimited = 2001;    // "The request limit has been reached"
inline constexpr std::int64_t kItemNotFound = 11001;  // Browse getItem, under HTTP 400
// getItemsByItemGroup's 400s: "11002 The specified item group was not found", 11005 (listed with
// it in ebay_audit_3.md F2), "11008 The item group is not available ... Wait a few minutes and
// try the call again".
inline constexpr std::int64_t kGroupNotFound = 11002;
inline constexpr std::int64_t kGroupGone = 11005;
inline constexpr std::int64_t kGroupUnavailable = 11008;
// Marketplace Insights' 409s (its specification, v1_beta.2.2): "100005 Currently, the
// {marketplaceId} marketplace is not supported", "100015 The category {categoryId} is not
// supported".
inline constexpr std::int64_t kInsightsMarketplaceNotSupported = 100005;
inline constexpr std::int64_t kInsightsCategoryNotSupported = 100015;

}  // namespace gpuprice::fetcher::ebay_error
