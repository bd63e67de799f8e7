// Reads measured_performance.csv: the published measurements (measurement.hpp) of catalog SKUs.
#pragma once

#include <string>
#include <vector>

#include "schema/rules/catalog.hpp"
#include "schema/rules/measurement.hpp"

namespace gpuprice::schema {

inline constexpr std::string_view kMeasuredPerformanceFile = "measured_performance.csv";

// Checks every row: a known SKU, a known workload kind with a name after ':', a positive figure,
// a unit, run, software and source, a YYYY-MM(-DD) date, and no (sku, workload, run) twice.
// Throws DataFileError naming file, line and column.
std::vector<Measurement> parse_measured_performance(const std::string& text,
                                                    const std::string& file,
                                                    const Catalog& catalog);

// The file of the catalog folder `dir`.
std::vector<Measurement> load_measured_performance(const std::string& dir, const Catalog& catalog);

}  // namespace gpuprice::schema
