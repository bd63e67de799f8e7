#include "schema/rules/measured_performance.hpp"

#include <set>
#include <tuple>

#include "schema/rules/catalog_date.hpp"
#include "schema/rules/csv_reader.hpp"

namespace gpuprice::schema {

std::vector<Measurement> parse_measured_performance(const std::string& text,
                                                    const std::string& file,
                                                    const Catalog& catalog) {
    const CsvTable table(text, file);
    std::vector<Measurement> out;
    std::set<std::tuple<std::string, std::string, std::string>> seen;
    for (const auto& row : table.rows()) {
        Measurement m;
        m.line = row.line;
        m.sku = table.required_text(row, "sku");
        if (!catalog.find_model(m.sku)) {
            table.fail(row, "sku", "'" + m.sku + "' is not a key of skus.csv");
        }
        m.workload = table.required_text(row, "workload");
        const auto colon = m.workload.find(':');
        const auto kind = m.kind();
        if (colon == std::string::npos || colon + 1 == m.workload.size() ||
            (kind != kTrainingWorkload && kind != kGenerationWorkload && kind != kPromptWorkload)) {
            table.fail(row, "workload",
                       "'" + m.workload + "' is not <kind>:<name> with kind " +
                           std::string(kTrainingWorkload) + ", " +
                           std::string(kGenerationWorkload) + " or " +
                           std::string(kPromptWorkload));
        }
        m.figure = table.number(row, "figure");
        if (!(m.figure > 0)) table.fail(row, "figure", "a measured throughput is above 0");
        m.unit = table.required_text(row, "unit");
        m.run = table.required_text(row, "run");
        m.software = table.required_text(row, "software");
        m.date = table.required_text(row, "date");
        if (!is_month_or_day(m.date))
            table.fail(row, "date", "'" + m.date + "' is not YYYY-MM-DD or YYYY-MM");
        m.source = table.required_text(row, "source");
        if (!seen.emplace(m.sku, m.workload, m.run).second) {
            table.fail(
                row, "workload",
                "'" + m.workload + "' of '" + m.sku + "' in run '" + m.run + "' is listed twice");
        }
        out.push_back(std::move(m));
    }
    return out;
}

std::vector<Measurement> load_measured_performance(const std::string& dir, const Catalog& catalog) {
    const auto file = dir + "/" + std::string(kMeasuredPerformanceFile);
    return parse_measured_performance(read_text_file(file), file, catalog);
}

}  // namespace gpuprice::schema
