// --model of history and watch: the catalog model the user meant, forgiving case and spaces.
#pragma once

#include <string>

#include "schema/rules/catalog.hpp"

namespace gpuprice::cli {

// The catalog model the user meant: exact, else the one model equal to it ignoring case and
// spaces ("rtx3090", "rtx 3090"); a UsageError suggests the closest model otherwise, or a few
// that contain what was typed, never the whole catalog.
std::string resolve_model(const schema::Catalog& catalog, const std::string& asked);

}  // namespace gpuprice::cli
