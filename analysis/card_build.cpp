#include "analysis/card_build.hpp"

#include <algorithm>
#include <vector>

#include "analysis/csv_format.hpp"
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

// The board maker a title names among those of board_designs.csv ("Gigabyte" in "Gigabyte AORUS
// Master RTX 5090"), or "" when it names none.
std::string named_partner(const schema::AttributeRules& rules, std::string_view title) {
    const auto words = tokenize(title);
    for (const auto& d : rules.designs) {
        if (d.phrase.empty()) continue;
        const auto partner = tokenize(d.partner);
        if (!partner.empty() &&
            std::search(words.begin(), words.end(), partner.begin(), partner.end()) != words.end())
            return d.partner;
    }
    return {};
}

// The widest board of `model` board_designs.csv knows; nullopt when it knows none.
std::optional<double> widest_design(const schema::GpuModel& model,
                                    const schema::AttributeRules& rules) {
    std::optional<double> widest;
    for (const auto& d : rules.designs) {
        if (d.sku == model.key && (!widest || d.slots > *widest)) widest = d.slots;
    }
    return widest;
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
        build.design = "the width the title states";
    } else if (named && (!stated.cooler || *stated.cooler == design->cooler)) {
        build.slot_width = design->slots;
        build.design = design->partner + " " + design->phrase;
    } else if (const auto partner = named_partner(rules, title);
               !partner.empty() && !design && build.cooler == reference) {
        // A maker's board the table lacks is not the reference design (UX P5: a Gigabyte AORUS
        // Master RTX 5090 counted as the Founders Edition's 2 slots): the widest board known for
        // the model, and the plan says the width is assumed.
        const auto widest = widest_design(model, rules).value_or(*model.slots);
        build.slot_width = std::max(*model.slots, widest);
        build.design = partner + " board not in board_designs.csv: width unknown, assumed " +
                       format_width(*build.slot_width) +
                       (*build.slot_width == 1.0 ? " slot" : " slots");
    } else if (build.cooler != reference) {
        if (const auto it = rules.cooler_max_width.find(build.cooler);
            it != rules.cooler_max_width.end()) {
            build.slot_width = std::min(*model.slots, it->second);
        }
        build.design = "a " + std::string(schema::cooler_name(build.cooler)) + "-cooled board";
    } else if (design && !named) {
        build.cooler = stated.cooler.value_or(design->cooler);
        build.slot_width = design->slots;
        build.design = "a partner board (no reference board)";
    }
    return build;
}

}  // namespace gpuprice::analysis
