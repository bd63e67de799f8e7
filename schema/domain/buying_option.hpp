// How a listing can be bought, by eBay's names (buyingOptions in the Browse and Marketplace
// Insights APIs). Listings and sold items store them comma-joined, as eBay lists them
// ("FIXED_PRICE,BEST_OFFER"); code asks `offers`, SQL binds `buying_option_name`.
#pragma once

#include <optional>
#include <string_view>

namespace gpuprice::schema {

enum class BuyingOption {
    fixed_price,    // Buy It Now
    auction,        // bids; ends by itself at itemEndDate
    best_offer,     // the seller takes offers: the asking price is an upper bound
    classified_ad,  // a classified ad: no checkout on eBay
};
// "FIXED_PRICE", "AUCTION", "BEST_OFFER", "CLASSIFIED_AD".
std::string_view buying_option_name(BuyingOption option);
std::optional<BuyingOption> parse_buying_option(std::string_view name);

// Whether the comma-joined `options` include `option`.
bool offers(std::string_view options, BuyingOption option);

}  // namespace gpuprice::schema
