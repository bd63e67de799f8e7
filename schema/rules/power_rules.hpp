// What a power limit does to a card, read from schema/catalog/: the limits each card's driver
// accepts (power_limits.csv) and the measured throughput under a limit (power_curve.csv).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "schema/rules/catalog.hpp"

namespace gpuprice::schema {

// The limits a card's driver accepts, in W.
struct PowerRange {
    int min_w = 0;
    std::optional<int> max_w;
};

// One measured point: at `power_share` of the default limit, `throughput_share` of the default
// throughput (both 0..1).
struct PowerPoint {
    double power_share = 0;
    double throughput_share = 0;
};

// A measured minimum beside its model's vendor and TDP: the evidence the floor assumed for a
// card without a row is derived from (analysis/power_limit.hpp, assumed_minimum).
struct MeasuredMinimum {
    std::string name;    // the model's, as skus.csv names it
    std::string vendor;  // skus.csv's
    int tdp_w = 0;
    int min_w = 0;
};

struct PowerRules {
    std::map<std::string, PowerRange, std::less<>> ranges;  // by SKU key
    std::vector<MeasuredMinimum> measured;                  // power_limits.csv's rows, in order
    std::vector<PowerPoint> curve;                          // highest power first

    const PowerRange* range_of(const GpuModel& model) const;
    // The lowest measured power share: under it the curve says nothing.
    double lowest_share() const { return curve.empty() ? 1.0 : curve.back().power_share; }
    // The throughput share at `power_share` (linear between points); nullopt under the lowest
    // point. 1 at or above the default limit.
    std::optional<double> throughput_at(double power_share) const;
};

// Reads power_limits.csv and power_curve.csv from `dir`, checking SKU keys against `catalog`,
// ranges (0 < min <= max), and the curve (100% at 100%, power and throughput falling together).
// Throws DataFileError naming file, line, column.
PowerRules load_power_rules(const std::string& dir, const Catalog& catalog);

}  // namespace gpuprice::schema
