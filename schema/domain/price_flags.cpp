#include "schema/domain/price_flags.hpp"

#include <array>

namespace gpuprice::schema {

namespace {

constexpr std::array kFlags = {kFlagAbroad, kFlagVariations, kFlagLowFeedbackSeller,
                               kFlagSuspectPrice};

}  // namespace

std::string_view price_flag_name(PriceFlag flag) {
    switch (flag) {
        case kFlagAbroad:
            return "abroad";
        case kFlagVariations:
            return "variations";
        case kFlagLowFeedbackSeller:
            return "low-feedback-seller";
        case kFlagSuspectPrice:
            return "suspect-price";
    }
    return "";
}

std::optional<int> parse_price_flags(std::string_view names) {
    int flags = 0;
    while (!names.empty()) {
        const auto comma = names.find(',');
        const auto name = names.substr(0, comma);
        names = comma == std::string_view::npos ? std::string_view() : names.substr(comma + 1);
        if (name.empty()) continue;
        bool known = false;
        for (const auto flag : kFlags) {
            if (price_flag_name(flag) == name) {
                flags |= flag;
                known = true;
            }
        }
        if (!known) return std::nullopt;
    }
    return flags;
}

std::string price_flag_names(int flags) {
    std::string out;
    for (const auto flag : kFlags) {
        if ((flags & flag) == 0) continue;
        if (!out.empty()) out += ',';
        out += price_flag_name(flag);
    }
    return out;
}

}  // namespace gpuprice::schema
