// Reads launches.csv: when each catalog card was launched, with the source that dates it
// (catalog audit 3, K19). `gpuprice specs --format csv` shows it as `launched`.
#pragma once

#include <string>
#include <string_view>

#include "schema/rules/catalog.hpp"

namespace gpuprice::schema {

inline constexpr std::string_view kLaunchesFile = "launches.csv";

// Sets GpuModel::launched and launched_source of each row's SKU. Checks every row: a key of
// skus.csv, listed once, a YYYY, YYYY-MM or YYYY-MM-DD date and a source. Throws DataFileError
// naming file, line and column. A SKU without a row keeps an empty date (a card a user adds
// need not know it; the shipped catalog dates every card, which its test checks).
void parse_launches(const std::string& text, const std::string& file, Catalog& catalog);

// The file of the catalog folder `dir`.
void load_launches(const std::string& dir, Catalog& catalog);

}  // namespace gpuprice::schema
