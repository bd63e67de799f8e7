#include "schema/rules/vram_classes.hpp"

#include <cmath>

namespace gpuprice::schema {

VramClass classify_vram(const std::vector<VramClassBound>& bounds, double vram_gb) {
    for (std::size_t i = 0; i < bounds.size(); ++i) {
        if (vram_gb <= bounds[i].upper_gb) {
            return {bounds[i].upper_gb, bounds[i].label, static_cast<int>(i)};
        }
    }
    // Past the table: skus.csv bounds vram_gb (positive, a number), and a size this large is
    // rare enough to be its own class.
    const int own = static_cast<int>(std::ceil(vram_gb));
    return {own, std::to_string(own) + " GB", -1};
}

std::vector<VramClassBound> parse_vram_classes(const CsvTable& table) {
    std::vector<VramClassBound> bounds;
    for (const auto& row : table.rows()) {
        VramClassBound b;
        b.upper_gb = table.integer(row, "upper_gb");
        if (b.upper_gb <= 0) table.fail(row, "upper_gb", "must be positive");
        if (!bounds.empty() && b.upper_gb <= bounds.back().upper_gb) {
            table.fail(row, "upper_gb",
                       "must be larger than the row before (" +
                           std::to_string(bounds.back().upper_gb) + "): rows smallest first");
        }
        b.label = table.required_text(row, "label");
        b.why = table.required_text(row, "why");
        bounds.push_back(std::move(b));
    }
    if (bounds.empty())
        throw DataFileError(table.file(), 0, "upper_gb", "no rows: a class is needed");
    return bounds;
}

}  // namespace gpuprice::schema
