// A seller's offer of one item on eBay, as both a live listing and a sold item describe it: the
// item, its seller and its price. Listing (an item summary from Browse) and SoldItem (a sale from
// Marketplace Insights) are each a SellerOffer plus what only they carry, so the rules that judge
// an offer (fetcher::price_flags) and the store's binding of it (bind_offer) are written once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace gpuprice::schema {

struct SellerOffer {
    std::string item_id;
    std::string title;
    std::optional<int> condition_id;
    std::string buying_options;  // comma-separated, e.g. FIXED_PRICE,BEST_OFFER; an auction
                                 // that ended in a sale is a sale
    std::string location_country;
    std::string item_group_type;  // SELLER_DEFINED_VARIATIONS for multi-variation listings
    std::string seller_username;
    std::optional<std::int64_t> seller_feedback_score;
    std::optional<double> seller_feedback_pct;
    std::string item_url;
    std::int64_t price_cents = 0;  // integer cents of `currency`
    std::string currency;
};

}  // namespace gpuprice::schema
