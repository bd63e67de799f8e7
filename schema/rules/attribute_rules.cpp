#include "schema/rules/attribute_rules.hpp"

#include "schema/rules/csv_reader.hpp"

namespace gpuprice::schema {

namespace {

Cooler cooler_cell(const CsvTable& table, const CsvRecord& row, std::string_view column) {
    const auto& value = table.text(row, column);
    if (const auto cooler = parse_cooler(value)) return *cooler;
    table.fail(row, column, "'" + value + "' is not open-air, blower, water or passive");
}

}  // namespace

Cooler AttributeRules::reference_cooler(const GpuModel& model) const {
    if (const auto it = model_cooler.find(model.model); it != model_cooler.end()) return it->second;
    return segment_cooler.at(model.segment);
}

AttributeRules load_attribute_rules(const std::string& dir, const Catalog& catalog) {
    AttributeRules rules;
    const std::string phrases_file = dir + "/listing_attributes.csv";
    const CsvTable phrases(read_text_file(phrases_file), phrases_file);
    for (const auto& row : phrases.rows()) {
        AttributePhrase p;
        p.phrase = phrases.required_text(row, "phrase");
        const auto& attribute = phrases.text(row, "attribute");
        const auto& value = phrases.text(row, "value");
        if (attribute == "cooler") {
            if (value == "reference") {
                p.reference = true;
            } else {
                p.cooler = cooler_cell(phrases, row, "value");
            }
        } else if (attribute == "slots") {
            const double width = phrases.number(row, "value");
            if (width < 1 || width > 5) phrases.fail(row, "value", "a slot width is 1 to 5");
            p.slot_width = width;
        } else {
            phrases.fail(row, "attribute", "'" + attribute + "' is not cooler or slots");
        }
        rules.phrases.push_back(std::move(p));
    }

    const std::string coolers_file = dir + "/reference_coolers.csv";
    const CsvTable coolers(read_text_file(coolers_file), coolers_file);
    for (const auto& row : coolers.rows()) {
        const auto& key = coolers.text(row, "key");
        const auto& name = coolers.required_text(row, "name");
        const auto cooler = cooler_cell(coolers, row, "cooler");
        coolers.required_text(row, "source");
        if (key == "segment") {
            if (!catalog.find_segment(name)) {
                coolers.fail(row, "name", "'" + name + "' is not a segment of segments.csv");
            }
            rules.segment_cooler[name] = cooler;
        } else if (key == "model") {
            if (!catalog.find_model(name)) {
                coolers.fail(row, "name", "'" + name + "' is not a model in skus.csv");
            }
            rules.model_cooler[name] = cooler;
        } else if (key == "cooler") {
            if (parse_cooler(name) != cooler) {
                coolers.fail(row, "name", "a cooler row names its cooler twice, the same");
            }
            rules.cooler_max_width[cooler] = coolers.number(row, "slots");
        } else {
            coolers.fail(row, "key", "'" + key + "' is not segment, model or cooler");
        }
    }
    for (const auto& model : catalog.models) {
        if (!rules.model_cooler.contains(model.model) &&
            !rules.segment_cooler.contains(model.segment)) {
            throw DataFileError(
                coolers_file, 0, "name",
                "no cooler for segment '" + model.segment + "' (model '" + model.model + "')");
        }
    }
    return rules;
}

}  // namespace gpuprice::schema
