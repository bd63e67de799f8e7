#include "schema/rules/power_rules.hpp"

#include "schema/rules/csv_reader.hpp"

namespace gpuprice::schema {

const PowerRange* PowerRules::range_of(const GpuModel& model) const {
    const auto it = ranges.find(model.key);
    return it == ranges.end() ? nullptr : &it->second;
}

std::optional<double> PowerRules::throughput_at(double power_share) const {
    if (curve.empty() || power_share >= curve.front().power_share) return 1.0;
    for (std::size_t i = 1; i < curve.size(); ++i) {
        const auto& above = curve[i - 1];
        const auto& below = curve[i];
        if (power_share < below.power_share) continue;
        const double t =
            (power_share - below.power_share) / (above.power_share - below.power_share);
        return below.throughput_share + t * (above.throughput_share - below.throughput_share);
    }
    return std::nullopt;
}

PowerRules load_power_rules(const std::string& dir, const Catalog& catalog) {
    PowerRules rules;
    const std::string limits_file = dir + "/power_limits.csv";
    const CsvTable limits(read_text_file(limits_file), limits_file);
    for (const auto& row : limits.rows()) {
        const auto key = limits.required_text(row, "sku");
        const auto* sku = catalog.find_model(key);
        if (!sku) limits.fail(row, "sku", "'" + key + "' is not a key of skus.csv");
        limits.required_text(row, "source");
        PowerRange range;
        range.min_w = limits.integer(row, "min_w");
        range.max_w = limits.optional_integer(row, "max_w");
        if (range.min_w <= 0) limits.fail(row, "min_w", "a minimum limit is a positive wattage");
        if (range.min_w > sku->tdp_w) {
            limits.fail(row, "min_w",
                        "above the model's TDP (" + std::to_string(sku->tdp_w) + " W in skus.csv)");
        }
        if (range.max_w && *range.max_w < range.min_w) {
            limits.fail(row, "max_w", "under min_w");
        }
        if (!rules.ranges.emplace(key, range).second) {
            limits.fail(row, "sku", "'" + key + "' has a row already");
        }
        rules.measured.push_back({sku->name, sku->vendor, sku->tdp_w, range.min_w});
    }

    const std::string curve_file = dir + "/power_curve.csv";
    const CsvTable curve(read_text_file(curve_file), curve_file);
    for (const auto& row : curve.rows()) {
        curve.required_text(row, "source");
        const PowerPoint point{curve.number(row, "power_pct") / 100.0,
                               curve.number(row, "throughput_pct") / 100.0};
        if (rules.curve.empty()) {
            if (point.power_share != 1.0 || point.throughput_share != 1.0) {
                curve.fail(row, "power_pct", "the first point is 100% power, 100% throughput");
            }
        } else {
            const auto& above = rules.curve.back();
            if (!(point.power_share < above.power_share) || point.power_share <= 0) {
                curve.fail(row, "power_pct", "points go from 100% down, each lower, above 0");
            }
            if (point.throughput_share > above.throughput_share || point.throughput_share <= 0) {
                curve.fail(row, "throughput_pct",
                           "throughput falls (or holds) as power falls, and stays above 0");
            }
        }
        rules.curve.push_back(point);
    }
    if (rules.curve.size() < 2) {
        throw DataFileError(curve_file, 0, "power_pct", "the curve needs at least two points");
    }
    return rules;
}

}  // namespace gpuprice::schema
