// The files one report leaves beside the others: the ranked CSV, the listings behind it, the
// clearances, and the chart and the page when asked for. Written together: all before any is
// renamed into place, so a full disk leaves the previous set whole.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/application/report_assembly.hpp"

namespace gpuprice::app {

enum class Chart { without, with };

// Writes `<base>.csv`, `<base>-listings.csv`, `<base>-cleared.csv` (and `<base>.svg`, and
// `<base>.html` when `page` holds the night's page); returns the paths written.
std::vector<std::string> write_report_files(const LoadedReport& loaded, const std::string& base,
                                            Chart chart,
                                            const std::optional<std::string>& page = std::nullopt);

}  // namespace gpuprice::app
