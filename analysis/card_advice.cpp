#include "analysis/card_advice.hpp"

#include <algorithm>
#include <map>

namespace gpuprice::analysis {

std::vector<CardAdvice> single_card_advice(const Report& report, const schema::Catalog& catalog,
                                           const schema::AttributeRules& rules,
                                           const BoxOptions& box, const std::string& as_of) {
    std::map<std::pair<schema::ConditionClass, int>, int>
        ranked;  // (condition, class) -> ranked cards
    for (const auto& row : report.rows)
        if (row.rank) ++ranked[{row.condition, row.vram_class.upper_gb}];

    std::map<std::pair<schema::ConditionClass, int>, std::vector<CardAdvice>> best;
    for (const auto& row : report.rows) {
        const auto& m = row.model;
        if (!row.rank || !row.basis_usd || m.vram_gb < box.min_vram_gb) continue;
        if (!m.slots && !box.include_sxm) continue;
        if (*row.basis_usd > box.budget_usd) continue;  // the report's price basis
        const auto power = card_power(m, box.power_limit, rules.power);
        if (!power || power->watts > box.gpu_watts()) continue;
        const int watts = power->watts;
        const ListingLine* cheapest = nullptr;
        CardBuild cheapest_build;
        for (const auto& line : report.listings) {
            if (!usable_for_prices(line) || line.condition != row.condition ||
                line.observation.model != m.key) {
                continue;
            }
            const auto build =
                card_build(m, line.observation.attributes.value_or(schema::ListingAttributes{}),
                           rules, line.observation.title);
            if (box.cooling && build.cooler != *box.cooling) continue;
            if (build.slot_width && (box.risers ? 1.0 : *build.slot_width) > box.slots) continue;
            if (!cheapest || line.total_usd < cheapest->total_usd) {
                cheapest = &line;
                cheapest_build = build;
            }
        }
        if (!cheapest) continue;
        const std::pair key{row.condition, row.vram_class.upper_gb};
        CardAdvice advice;
        advice.row = row;
        advice.ranked_in_class = ranked[key];
        advice.cheapest = *cheapest;
        advice.build = cheapest_build;
        advice.watts = watts;
        advice.caveats = plan_caveats(catalog, row, cheapest_build.cooler, box, as_of);
        for (auto& c : power_caveats(m, *power)) advice.caveats.push_back(std::move(c));
        best[key].push_back(std::move(advice));
    }
    std::vector<CardAdvice> out;
    const auto per_class = static_cast<std::size_t>(std::max(1, box.cards_per_class));
    for (auto& [key, cards] : best) {
        std::stable_sort(cards.begin(), cards.end(), [](const CardAdvice& a, const CardAdvice& b) {
            return *a.row.rank < *b.row.rank;
        });
        if (cards.size() > per_class) cards.resize(per_class);
        for (auto& advice : cards) out.push_back(std::move(advice));
    }
    // Largest class first, then condition, then the class's rank.
    std::stable_sort(out.begin(), out.end(), [](const CardAdvice& a, const CardAdvice& b) {
        if (a.row.vram_class.upper_gb != b.row.vram_class.upper_gb)
            return a.row.vram_class.upper_gb > b.row.vram_class.upper_gb;
        return a.row.condition < b.row.condition;
    });
    return out;
}

}  // namespace gpuprice::analysis
