#include "fetcher/price_rules.hpp"

#include "schema/domain/price_flags.hpp"

namespace gpuprice::fetcher {

int price_flags(const schema::SellerOffer& offer, const PriceRules& rules, ListingSource source) {
    int flags = 0;
    // An unknown location is not evidence of being abroad.
    if (!offer.location_country.empty() && offer.location_country != rules.country) {
        flags |= schema::kFlagAbroad;
    }
    // A summary of a multi-variation listing carries one variation's price; each variation
    // fetched from its group carries its own.
    if (source == ListingSource::search && offer.item_group_type == kVariationsGroupType) {
        flags |= schema::kFlagVariations;
    }
    const bool few_ratings = offer.seller_feedback_score &&
                             *offer.seller_feedback_score < rules.seller.min_feedback_score;
    const bool low_rating =
        offer.seller_feedback_pct && *offer.seller_feedback_pct < rules.seller.min_feedback_pct;
    if (few_ratings || low_rating) flags |= schema::kFlagLowFeedbackSeller;
    return flags;
}

}  // namespace gpuprice::fetcher
