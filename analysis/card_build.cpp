#include "analysis/card_build.hpp"

#include <algorithm>

namespace gpuprice::analysis {

CardBuild card_build(const schema::GpuModel& model, const schema::ListingAttributes& stated,
                     const schema::AttributeRules& rules) {
    CardBuild build;
    const auto reference = rules.reference_cooler(model);
    build.cooler = stated.cooler.value_or(reference);
    build.from_title = stated.cooler.has_value() || stated.slot_width.has_value();
    if (!model.slots) return build;  // SXM: cooled by the server's heatsink and airflow
    build.slot_width = *model.slots;
    if (stated.slot_width) {
        build.slot_width = stated.slot_width;
    } else if (build.cooler != reference) {
        if (const auto it = rules.cooler_max_width.find(build.cooler);
            it != rules.cooler_max_width.end()) {
            build.slot_width = std::min(*model.slots, it->second);
        }
    }
    return build;
}

}  // namespace gpuprice::analysis
