// --model of history and watch: the catalog model the user meant, forgiving case and spaces.
#pragma once

#include <string>

#include "schema/rules/catalog.hpp"

namespace gpuprice::cli {

// The catalog model the user meant: its key, else the one model whose name or key equals it
// ignoring case, spaces and hyphens ("rtx3090", "RTX 3090", "rtx-3090"); a UsageError suggests
// the closest model otherwise, or a few that contain what was typed, never the whole catalog.
const schema::GpuModel& resolve_model(const schema::Catalog& catalog, const std::string& asked);

}  // namespace gpuprice::cli
