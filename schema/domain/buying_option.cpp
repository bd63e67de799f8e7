#include "schema/domain/buying_option.hpp"

#include "schema/domain/enum_names.hpp"

namespace gpuprice::schema {

namespace {

constexpr EnumNames<BuyingOption, 4> kBuyingOptionNames = {{
    {BuyingOption::fixed_price, "FIXED_PRICE"},
    {BuyingOption::auction, "AUCTION"},
    {BuyingOption::best_offer, "BEST_OFFER"},
    {BuyingOption::classified_ad, "CLASSIFIED_AD"},
}};
static_assert(names_every_value(kBuyingOptionNames, BuyingOption::classified_ad));

}  // namespace

std::string_view buying_option_name(BuyingOption option) {
    return name_of(kBuyingOptionNames, option);
}

std::optional<BuyingOption> parse_buying_option(std::string_view name) {
    return parse_name(kBuyingOptionNames, name);
}

bool offers(std::string_view options, BuyingOption option) {
    const auto name = buying_option_name(option);
    while (!options.empty()) {
        const auto comma = options.find(',');
        if (options.substr(0, comma) == name) return true;
        if (comma == std::string_view::npos) break;
        options.remove_prefix(comma + 1);
    }
    return false;
}

}  // namespace gpuprice::schema
