#include "schema/rules/aspect_filter_rules.hpp"

#include <cmath>

#include "schema/rules/csv_reader.hpp"

namespace gpuprice::schema {

std::string attribute_value(const GpuModel& model, AspectAttribute attribute) {
    if (attribute == AspectAttribute::form_factor) return model.form_factor;
    // Whole gigabytes as eBay spells them ("12 GB"); a fraction kept as written ("1.5").
    if (model.vram_gb == std::floor(model.vram_gb)) {
        return std::to_string(static_cast<long long>(model.vram_gb));
    }
    auto text = std::to_string(model.vram_gb);
    text.erase(text.find_last_not_of('0') + 1);
    return text;
}

std::vector<AspectFilterRule> load_aspect_filter_rules(const std::string& dir) {
    const std::string file = dir + "/aspect_filters.csv";
    const CsvTable table(read_text_file(file), file);
    std::vector<AspectFilterRule> rules;
    for (const auto& row : table.rows()) {
        AspectFilterRule rule;
        const auto& attribute = table.text(row, "attribute");
        if (attribute == "vram_gb") {
            rule.attribute = AspectAttribute::vram_gb;
        } else if (attribute == "form_factor") {
            rule.attribute = AspectAttribute::form_factor;
        } else {
            table.fail(row, "attribute", "'" + attribute + "' is not vram_gb or form_factor");
        }
        rule.catalog_value = table.required_text(row, "catalog_value");
        if (rule.catalog_value == "*") rule.catalog_value.clear();
        rule.aspect = table.required_text(row, "aspect");
        rule.aspect_value = table.required_text(row, "aspect_value");
        if (rule.catalog_value.empty() && rule.aspect_value.find("{}") == std::string::npos) {
            table.fail(row, "aspect_value",
                       "a row for every value (*) must place the value with {}");
        }
        const auto& match = table.text(row, "match");
        if (match != "exact" && match != "prefix") {
            table.fail(row, "match", "'" + match + "' is not exact or prefix");
        }
        rule.prefix = match == "prefix";
        rule.source = table.required_text(row, "source");
        rules.push_back(std::move(rule));
    }
    return rules;
}

}  // namespace gpuprice::schema
