// How one listed card sits in a box: its cooler and slot width, from what its title states and,
// where it says nothing, from the model's reference design.
#pragma once

#include <optional>

#include "schema/domain/listing_attributes.hpp"
#include "schema/rules/attribute_rules.hpp"
#include "schema/rules/catalog.hpp"

namespace gpuprice::analysis {

struct CardBuild {
    schema::Cooler cooler = schema::Cooler::open_air;
    std::optional<double> slot_width;  // nullopt: an SXM module, no PCIe slot at all
    bool from_title = false;           // the title stated the cooler or the width
};

// The stated width wins; else a stated cooler other than the reference one is at most that
// cooler's usual width (a 3-slot model sold as a 2-slot blower); else the catalog's width.
CardBuild card_build(const schema::GpuModel& model, const schema::ListingAttributes& stated,
                     const schema::AttributeRules& rules);

}  // namespace gpuprice::analysis
