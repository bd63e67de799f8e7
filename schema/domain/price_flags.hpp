// Why a listing's price is kept out of medians. The first three are bits in listings.price_flags,
// set by the fetcher from the listing itself and applied where medians' inputs are read (the
// observation store's queries); `suspect-price` is judged by analysis against the market
// (analysis/suspect_price.hpp) each time a report is built. Each applies unless a report asks to
// include it. The listing is always kept: a flag only says what it is.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpuprice::schema {

enum PriceFlag : int {
    // Located outside the marketplace's country: import duties and long shipping are not in the
    // price (32% of real EBAY_US GPU summaries, most data-centre cards).
    kFlagAbroad = 1,
    // A multi-variation listing (itemGroupType SELLER_DEFINED_VARIATIONS): search shows one
    // variation's price, often the cheapest option, under a title that may name none.
    kFlagVariations = 2,
    // A seller with no feedback, or below the positive-feedback threshold (default 90%).
    kFlagLowFeedbackSeller = 4,
    // Priced far under what the market says the model is worth (a scam, a box, a part, a typo):
    // never stored, judged per report.
    kFlagSuspectPrice = 8,
};

inline constexpr int kAllPriceFlags =
    kFlagAbroad | kFlagVariations | kFlagLowFeedbackSeller | kFlagSuspectPrice;

// "abroad", "variations", "low-feedback-seller", "suspect-price".
std::string_view price_flag_name(PriceFlag flag);
// The flags named in a comma-separated list ("abroad,variations"); nullopt if a name is unknown.
std::optional<int> parse_price_flags(std::string_view names);
// "abroad,variations" for a set of flags.
std::string price_flag_names(int flags);

}  // namespace gpuprice::schema
