// `gpuprice recommend` without a count: for each VRAM class, the best-ranked single card whose
// price on the report's basis (median asking, cleared, sold ...) fits the budget (and the power,
// cooling and VRAM asked for), with the rank exactly as `report` gives it, and the cheapest usable
// listing to buy.
#pragma once

#include <vector>

#include "analysis/box_planner.hpp"

namespace gpuprice::analysis {

struct CardAdvice {
    ReportRow row;            // copies: advice outlives the report it was drawn from
    int ranked_in_class = 0;  // ranked cards in the row's condition and class, as in `report`
    ListingLine cheapest;     // usable, of the cooling asked for
    CardBuild build;          // of that listing
    int watts = 0;            // after the power limit
    std::vector<std::string> caveats;
};

// Largest class first, then condition; within a class the best box.cards_per_class cards, by
// rank. `report` is built without a VRAM filter, so that ranks are the report's;
// box.min_vram_gb filters here.
std::vector<CardAdvice> single_card_advice(const Report& report, const schema::Catalog& catalog,
                                           const schema::AttributeRules& rules,
                                           const BoxOptions& box, const std::string& as_of);

}  // namespace gpuprice::analysis
