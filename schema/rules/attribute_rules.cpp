#include "schema/rules/attribute_rules.hpp"

#include <optional>

#include "schema/rules/csv_reader.hpp"

namespace gpuprice::schema {

namespace {

Cooler cooler_cell(const CsvTable& table, const CsvRecord& row, std::string_view column) {
    const auto& value = table.text(row, column);
    if (const auto cooler = parse_cooler(value)) return *cooler;
    table.fail(row, column, "'" + value + "' is not open-air, blower, water or passive");
}

// A file of `column`,cooler,source rows: each name once, each checked by `unknown` (which says
// what is wrong with a name, or nothing).
template <typename Check>
std::map<std::string, Cooler, std::less<>> read_coolers(const std::string& file,
                                                        std::string_view column, Check unknown) {
    const CsvTable table(read_text_file(file), file);
    std::map<std::string, Cooler, std::less<>> coolers;
    for (const auto& row : table.rows()) {
        const auto name = table.required_text(row, column);
        if (const auto problem = unknown(name)) table.fail(row, column, *problem);
        table.required_text(row, "source");
        if (!coolers.emplace(name, cooler_cell(table, row, "cooler")).second) {
            table.fail(row, column, "'" + name + "' is listed twice");
        }
    }
    return coolers;
}

}  // namespace

Cooler AttributeRules::reference_cooler(const GpuModel& model) const {
    if (const auto it = sku_cooler.find(model.key); it != sku_cooler.end()) return it->second;
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

    const std::string segments_file = dir + "/segment_coolers.csv";
    rules.segment_cooler = read_coolers(
        segments_file, "segment", [&](const std::string& name) -> std::optional<std::string> {
            if (catalog.find_segment(name)) return std::nullopt;
            return "'" + name + "' is not a segment of segments.csv";
        });
    rules.sku_cooler = read_coolers(dir + "/sku_coolers.csv", "sku",
                                    [&](const std::string& key) -> std::optional<std::string> {
                                        if (catalog.find_model(key)) return std::nullopt;
                                        return "'" + key + "' is not a key of skus.csv";
                                    });

    const std::string widths_file = dir + "/cooler_widths.csv";
    const CsvTable widths(read_text_file(widths_file), widths_file);
    for (const auto& row : widths.rows()) {
        const auto cooler = cooler_cell(widths, row, "cooler");
        const double width = widths.number(row, "slots");
        if (width < 1 || width > 5) widths.fail(row, "slots", "a slot width is 1 to 5");
        widths.required_text(row, "source");
        if (!rules.cooler_max_width.emplace(cooler, width).second) {
            widths.fail(row, "cooler", "'" + widths.text(row, "cooler") + "' is listed twice");
        }
    }

    const std::string designs_file = dir + "/board_designs.csv";
    const CsvTable designs(read_text_file(designs_file), designs_file);
    for (const auto& row : designs.rows()) {
        BoardDesign d;
        d.partner = designs.required_text(row, "partner");
        d.phrase = designs.text(row, "phrase");
        d.sku = designs.required_text(row, "sku");
        if (!catalog.find_model(d.sku))
            designs.fail(row, "sku", "'" + d.sku + "' is not a key of skus.csv");
        d.slots = designs.number(row, "slots");
        if (d.slots < 1 || d.slots > 5) designs.fail(row, "slots", "a slot width is 1 to 5");
        d.cooler = cooler_cell(designs, row, "cooler");
        designs.required_text(row, "source");
        for (const auto& other : rules.designs) {
            if (other.sku == d.sku && other.phrase == d.phrase)
                designs.fail(row, "phrase",
                             "'" + d.phrase + "' of '" + d.sku + "' is listed twice");
        }
        rules.designs.push_back(std::move(d));
    }

    for (const auto& model : catalog.models) {
        if (!rules.sku_cooler.contains(model.key) &&
            !rules.segment_cooler.contains(model.segment)) {
            throw DataFileError(
                segments_file, 0, "segment",
                "no cooler for segment '" + model.segment + "' (SKU '" + model.key + "')");
        }
    }
    rules.power = load_power_rules(dir, catalog);
    return rules;
}

}  // namespace gpuprice::schema
