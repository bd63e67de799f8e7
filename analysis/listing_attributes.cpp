#include "analysis/listing_attributes.hpp"

#include <limits>

#include "analysis/title_tokens.hpp"

namespace gpuprice::analysis {

AttributeExtractor::AttributeExtractor(const schema::AttributeRules& rules) : rules_(&rules) {
    for (std::size_t i = 0; i < rules.phrases.size(); ++i) {
        auto words = tokenize(rules.phrases[i].phrase);
        if (!words.empty()) phrases_.add(std::move(words), static_cast<int>(i));
    }
}

schema::ListingAttributes AttributeExtractor::extract(std::string_view title) const {
    constexpr auto kNone = std::numeric_limits<std::size_t>::max();
    std::size_t cooler_rule = kNone;  // the earliest rule in the file wins
    schema::ListingAttributes attributes;
    for (const auto& found : phrases_.find(tokenize(title))) {
        const auto index = static_cast<std::size_t>(found.target);
        const auto& rule = rules_->phrases[index];
        if (rule.slot_width && !attributes.slot_width) attributes.slot_width = rule.slot_width;
        if ((rule.cooler || rule.reference) && index < cooler_rule) {
            cooler_rule = index;
            attributes.cooler = rule.cooler;  // nullopt for the reference design
        }
    }
    return attributes;
}

}  // namespace gpuprice::analysis
