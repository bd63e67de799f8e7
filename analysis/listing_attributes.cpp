#include "analysis/listing_attributes.hpp"

#include <limits>

#include "analysis/title_tokens.hpp"

namespace gpuprice::analysis {

AttributeExtractor::AttributeExtractor(const schema::AttributeRules& rules) : rules_(&rules) {
    for (std::size_t i = 0; i < rules.phrases.size(); ++i) {
        auto words = tokenize(rules.phrases[i].phrase);
        if (words.empty()) continue;
        by_first_word_[words.front()].push_back({std::move(words), i});
    }
}

schema::ListingAttributes AttributeExtractor::extract(std::string_view title) const {
    const auto words = tokenize(title);
    constexpr auto kNone = std::numeric_limits<std::size_t>::max();
    std::size_t cooler_rule = kNone;  // the earliest rule in the file wins
    schema::ListingAttributes attributes;
    for (std::size_t at = 0; at < words.size();) {
        const Phrase* longest = nullptr;
        if (const auto it = by_first_word_.find(words[at]); it != by_first_word_.end()) {
            for (const auto& phrase : it->second) {
                if (at + phrase.words.size() > words.size()) continue;
                if (longest && phrase.words.size() <= longest->words.size()) continue;
                bool same = true;
                for (std::size_t k = 1; k < phrase.words.size() && same; ++k)
                    same = words[at + k] == phrase.words[k];
                if (same) longest = &phrase;
            }
        }
        if (!longest) {
            ++at;
            continue;
        }
        const auto& rule = rules_->phrases[longest->rule];
        if (rule.slot_width && !attributes.slot_width) attributes.slot_width = rule.slot_width;
        if ((rule.cooler || rule.reference) && longest->rule < cooler_rule) {
            cooler_rule = longest->rule;
            attributes.cooler = rule.cooler;  // nullopt for the reference design
        }
        at += longest->words.size();
    }
    return attributes;
}

}  // namespace gpuprice::analysis
