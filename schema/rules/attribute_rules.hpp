// The planner's data about cards' builds, read from schema/catalog/: which title phrases state a
// cooler or a slot width (listing_attributes.csv), the reference design's cooler per segment
// (segment_coolers.csv) and per SKU where it differs (sku_coolers.csv), how wide a card with
// another cooler is taken to be (cooler_widths.csv), the board partners' designs titles name
// (board_designs.csv), and what a power limit does
// (power_rules.hpp).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "schema/domain/listing_attributes.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/power_rules.hpp"

namespace gpuprice::schema {

// One phrase of listing_attributes.csv. `cooler` empty with `reference` set means "the model's
// reference cooler" (a Founders Edition); `slot_width` set means a stated width.
struct AttributePhrase {
    std::string phrase;
    std::optional<Cooler> cooler;
    bool reference = false;
    std::optional<double> slot_width;
};

// One row of board_designs.csv: a partner's board of one SKU, or (empty phrase) the board a
// title naming no design is taken to be where the SKU has no reference board.
struct BoardDesign {
    std::string partner;
    std::string phrase;
    std::string sku;
    double slots = 2;
    Cooler cooler = Cooler::open_air;
};

struct AttributeRules {
    std::vector<AttributePhrase> phrases;  // file order: for coolers, earlier wins
    std::map<std::string, Cooler, std::less<>> segment_cooler;
    std::map<std::string, Cooler, std::less<>> sku_cooler;  // by SKU key
    // Widest a card with this (non-reference) cooler and no stated width is taken to be.
    std::map<Cooler, double> cooler_max_width;
    std::vector<BoardDesign> designs;  // file order
    PowerRules power;

    // The reference design's cooler: the model's row, else its segment's.
    Cooler reference_cooler(const GpuModel& model) const;
};

// Reads listing_attributes.csv, the three cooler files, board_designs.csv and the power files
// from `dir`, checking
// SKU keys and segments against `catalog` and that every segment has a cooler. Throws
// DataFileError naming file, line and column.
AttributeRules load_attribute_rules(const std::string& dir, const Catalog& catalog);

}  // namespace gpuprice::schema
