// VRAM classes, the first filter of a deep-learning buyer: a card is compared only with cards
// that can hold the same models. The bounds are data (schema/catalog/vram_classes.csv).
#pragma once

#include <string>
#include <vector>

#include "schema/rules/csv_reader.hpp"

namespace gpuprice::schema {

// One row of vram_classes.csv.
struct VramClassBound {
    int upper_gb = 0;   // the class's largest size
    std::string label;  // "20-24 GB"
    std::string why;
};

// The class of one card.
struct VramClass {
    int upper_gb = 0;   // the class's largest size, its sort key and CSV value
    std::string label;  // "20-24 GB"
    // Its position among the classes, smallest first (0 for "8 GB"); -1 for a size past the
    // largest class. Charts colour a class by it, so a class keeps its colour in every chart.
    int index = -1;
};

// The first class whose upper bound `vram_gb` does not exceed; past the last, a class of its own
// size. `bounds` smallest first, as parse_vram_classes returns them.
VramClass classify_vram(const std::vector<VramClassBound>& bounds, double vram_gb);

// Rows smallest first, each larger than the one before; throws DataFileError naming the row.
std::vector<VramClassBound> parse_vram_classes(const CsvTable& table);

}  // namespace gpuprice::schema
