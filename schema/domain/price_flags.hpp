// Why a stored listing's price is kept out of medians. Each is a bit in listings.price_flags,
// set by the fetcher from the listing itself, and applied where medians are computed (the
// observation store's queries) unless a report asks to include it. The listing is always kept:
// a flag only says what it is.
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
};

inline constexpr int kAllPriceFlags = kFlagAbroad | kFlagVariations | kFlagLowFeedbackSeller;

// "abroad", "variations", "low-feedback-seller".
std::string_view price_flag_name(PriceFlag flag);
// The flags named in a comma-separated list ("abroad,variations"); nullopt if a name is unknown.
std::optional<int> parse_price_flags(std::string_view names);
// "abroad,variations" for a set of flags.
std::string price_flag_names(int flags);

}  // namespace gpuprice::schema
