#include "cli/application/report_files.hpp"

#include "analysis/report_csv.hpp"
#include "analysis/svg_chart.hpp"
#include "schema/system/atomic_file.hpp"

namespace gpuprice::app {

std::vector<std::string> write_report_files(const LoadedReport& loaded, const std::string& base,
                                            Chart chart, const std::optional<std::string>& page) {
    const auto& context = loaded.context;
    // Emplaced, not listed in braces: an initializer list would copy each text (at a year the
    // listings and cleared CSVs are 14 MB).
    std::vector<std::pair<std::string, std::string>> files;
    files.emplace_back(base + ".csv", analysis::report_csv(loaded.report, context));
    files.emplace_back(base + "-listings.csv", analysis::listings_csv(loaded.report, context));
    files.emplace_back(base + "-cleared.csv", analysis::cleared_csv(loaded.evidence.clearances));
    if (chart == Chart::with) {
        files.emplace_back(base + ".svg", analysis::svg_chart(loaded.report, context));
    }
    if (page) files.emplace_back(base + ".html", *page);
    schema::write_files_atomically(files);
    std::vector<std::string> paths;
    for (const auto& [path, text] : files) paths.push_back(path);
    return paths;
}

}  // namespace gpuprice::app
