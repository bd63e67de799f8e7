// Which fetched listings are kept out of medians, and why: a listing located outside the
// marketplace's country, a multi-variation listing that was not expanded into its variations,
// a seller with no feedback or below the threshold. The flags are stored with the listing
// (schema::PriceFlag) and applied where medians are computed; the listing itself is kept.
#pragma once

#include <cstdint>
#include <string>

#include "schema/domain/seller_offer.hpp"

namespace gpuprice::fetcher {

struct SellerRule {
    // Sellers below this positive-feedback percentage are flagged (GPU Poet drops sellers under
    // 90%; a zero-feedback seller's $879 "H100" is the known scam).
    double min_feedback_pct = 90.0;
    // Sellers with fewer feedback ratings than this are flagged: 1 flags zero-feedback sellers.
    std::int64_t min_feedback_score = 1;
};

struct PriceRules {
    std::string country;  // the marketplace's; items located elsewhere are flagged abroad
    SellerRule seller;
};

// Where a listing came from: a search summary, or one variation of an expanded item group.
enum class ListingSource { search, item_group };

// The schema::PriceFlag bits for `offer`: a listing, or a sold item (judged as a search result).
int price_flags(const schema::SellerOffer& offer, const PriceRules& rules, ListingSource source);

inline constexpr const char* kVariationsGroupType = "SELLER_DEFINED_VARIATIONS";

}  // namespace gpuprice::fetcher
