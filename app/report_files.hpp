// The files one report leaves beside the others: the ranked CSV, the listings behind it, the
// clearances, and the chart and the page when asked for. Written together: all before any is
// renamed into place, so a full disk leaves the previous set whole.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/report_assembly.hpp"
#include "schema/system/atomic_file.hpp"

namespace gpuprice::app {

enum class Chart { without, with };

// The night's page, written piece by piece into the sink it is given (analysis::write_html_page).
using PageWriter = std::function<void(const schema::AtomicFileSet::Sink&)>;

// Writes `<base>.csv`, `<base>-listings.csv`, `<base>-cleared.csv` (and `<base>.svg`, and
// `<base>.html` when there is a `page` to write, last: the CSVs' texts are gone by then);
// returns the paths written.
std::vector<std::string> write_report_files(const LoadedReport& loaded, const std::string& base,
                                            Chart chart, const PageWriter& page = {});

}  // namespace gpuprice::app
