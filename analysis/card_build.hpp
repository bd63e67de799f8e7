// How one listed card sits in a box: its cooler and slot width, from what its title states and,
// where it says nothing, from the model's reference design.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "schema/domain/listing_attributes.hpp"
#include "schema/rules/attribute_rules.hpp"
#include "schema/rules/catalog.hpp"

namespace gpuprice::analysis {

struct CardBuild {
    schema::Cooler cooler = schema::Cooler::open_air;
    std::optional<double> slot_width;  // nullopt: an SXM module, no PCIe slot at all
    bool from_title = false;           // the title stated the cooler or the width
    // Which board the width and cooler are of, in words: "Zotac Trinity", "the reference
    // design", "a partner board (no reference board)", "the width the title states", "Gigabyte
    // board not in board_designs.csv: width unknown, assumed 3.8 slots".
    std::string design;
};

// The width: the title's stated width; else the width of the board partner's design the title
// names (board_designs.csv, per SKU); else, with a stated cooler other than the reference one, at
// most that cooler's usual width (a 3-slot model sold as a 2-slot blower); else the SKU's board
// when it has no reference one (board_designs.csv, empty phrase); else, when the title names a
// board maker of board_designs.csv but none of its designs of the SKU, the widest board known for
// the SKU (said as assumed); else the catalog's reference width. The cooler: the title's; else the
// named design's; else the reference cooler.
CardBuild card_build(const schema::GpuModel& model, const schema::ListingAttributes& stated,
                     const schema::AttributeRules& rules, std::string_view title);

}  // namespace gpuprice::analysis
