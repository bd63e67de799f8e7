#include "analysis/card_build.hpp"

#include <algorithm>
#include <vector>

#include "analysis/title_tokens.hpp"

namespace gpuprice::analysis {

namespace {

// The design of `model` whose phrase `title` holds, the longest phrase winning; else the SKU's
// board without a phrase (no reference board); nullptr when neither.
const schema::BoardDesign* named_design(const schema::GpuModel& model,
                                        const schema::AttributeRules& rules, std::string_view title,
                                        bool& named) {
    named = false;
    const schema::BoardDesign* fallback = nullptr;
    const schema::BoardDesign* best = nullptr;
    std::size_t best_words = 0;
    std::vector<std::string> words;
    bool tokenized = false;
    for (const auto& d : rules.designs) {
        if (d.sku != model.key) continue;
        if (d.phrase.empty()) {
            fallback = &d;
            continue;
        }
        if (!tokenized) {
            words = tokenize(title);
            tokenized = true;
        }
        const auto phrase = tokenize(d.phrase);
        if (phrase.empty() || phrase.size() <= best_words) continue;
        const auto it = std::search(words.begin(), words.end(), phrase.begin(), phrase.end());
        if (it == words.end()) continue;
        best = &d;
        best_words = phrase.size();
    }
    if (best) {
        named = true;
        return best;
    }
    return fallback;
}

}  // namespace

CardBuild card_build(const schema::GpuModel& model, const schema::ListingAttributes& stated,
                     const schema::AttributeRules& rules, std::string_view title) {
    CardBuild build;
    const auto reference = rules.reference_cooler(model);
    bool named = false;
    const auto* design = named_design(model, rules, title, named);
    build.cooler = stated.cooler.value_or(named ? design->cooler : reference);
    build.from_title = stated.cooler.has_value() || stated.slot_width.has_value();
    build.design = "the reference design";
    if (!model.slots) return build;  // SXM: cooled by the server's heatsink and airflow
    build.slot_width = *model.slots;
    if (stated.slot_width) {
        build.slot_width = stated.slot_width;
        build.design = "as the title states";
    } else if (named && (!stated.cooler || *stated.cooler == design->cooler)) {
        build.slot_width = design->slots;
        build.design = design->partner + " " + design->phrase;
    } else if (build.cooler != reference) {
        if (const auto it = rules.cooler_max_width.find(build.cooler);
            it != rules.cooler_max_width.end()) {
            build.slot_width = std::min(*model.slots, it->second);
        }
        build.design = "a " + std::string(schema::cooler_name(build.cooler)) + " board";
    } else if (design && !named) {
        build.cooler = stated.cooler.value_or(design->cooler);
        build.slot_width = design->slots;
        build.design = "a partner board (no reference board)";
    }
    return build;
}

}  // namespace gpuprice::analysis
