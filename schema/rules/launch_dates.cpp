#include "schema/rules/launch_dates.hpp"

#include <algorithm>
#include <set>

#include "schema/rules/catalog_date.hpp"
#include "schema/rules/csv_reader.hpp"

namespace gpuprice::schema {

void parse_launches(const std::string& text, const std::string& file, Catalog& catalog) {
    const CsvTable table(text, file);
    std::set<std::string, std::less<>> seen;
    for (const auto& row : table.rows()) {
        const auto sku = table.required_text(row, "sku");
        const auto model = std::find_if(catalog.models.begin(), catalog.models.end(),
                                        [&](const GpuModel& m) { return m.key == sku; });
        if (model == catalog.models.end()) {
            table.fail(row, "sku", "'" + sku + "' is not a key of skus.csv");
        }
        if (!seen.insert(sku).second) table.fail(row, "sku", "'" + sku + "' is listed twice");
        const auto launched = table.required_text(row, "launched");
        if (!is_year_month_or_day(launched)) {
            table.fail(row, "launched", "'" + launched + "' is not YYYY, YYYY-MM or YYYY-MM-DD");
        }
        model->launched = launched;
        model->launched_source = table.required_text(row, "source");
    }
}

void load_launches(const std::string& dir, Catalog& catalog) {
    const auto file = dir + "/" + std::string(kLaunchesFile);
    parse_launches(read_text_file(file), file, catalog);
}

}  // namespace gpuprice::schema
