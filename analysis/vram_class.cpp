#include "analysis/vram_class.hpp"

#include <iterator>

namespace gpuprice::analysis {

namespace {

struct Bound {
    double upper;
    const char* label;
};
constexpr Bound kClasses[] = {{8, "8 GB"},        {12, "10-12 GB"},   {16, "16 GB"},
                              {24, "20-24 GB"},   {32, "32 GB"},      {48, "40-48 GB"},
                              {80, "80 GB"},      {141, "94-141 GB"}, {192, "180-192 GB"},
                              {288, "256-288 GB"}};

}  // namespace

VramClass vram_class(double vram_gb) {
    for (const auto& c : kClasses) {
        if (vram_gb <= c.upper) return {static_cast<int>(c.upper), c.label};
    }
    return {static_cast<int>(vram_gb), std::to_string(static_cast<int>(vram_gb)) + " GB"};
}

int vram_class_index(int upper_gb) {
    for (std::size_t i = 0; i < std::size(kClasses); ++i) {
        if (static_cast<int>(kClasses[i].upper) == upper_gb) return static_cast<int>(i);
    }
    return -1;
}

}  // namespace gpuprice::analysis
