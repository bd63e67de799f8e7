// VRAM classes, the first filter of a deep-learning buyer: a card is compared only with cards
// that can hold the same models. Classes (GB): up to 8, 10-12, 16, 20-24, 32, 40-48, 80, 94-141;
// a card between classes goes to the next larger class it does not exceed (a 6 GB card is in
// the 8 class, an 11 GB card in 10-12, a 64 GB board in 80).
#pragma once

#include <string>

namespace gpuprice::analysis {

struct VramClass {
    int upper_gb = 0;   // the class's largest size, its sort key and CSV value
    std::string label;  // "20-24 GB"
};

VramClass vram_class(double vram_gb);

// The class's position among the classes, smallest first (0 for "8 GB"); -1 for a size past
// the largest class. Charts colour a class by it, so a class keeps its colour in every chart.
int vram_class_index(int upper_gb);

}  // namespace gpuprice::analysis
