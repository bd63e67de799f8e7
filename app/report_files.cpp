#include "app/report_files.hpp"

#include "analysis/report_csv.hpp"
#include "analysis/svg_chart.hpp"
#include "schema/domain/condition.hpp"
#include "schema/system/atomic_file.hpp"

namespace gpuprice::app {

std::vector<std::string> write_report_files(const LoadedReport& loaded, const std::string& base,
                                            Chart chart, const PageWriter& page) {
    const auto& context = loaded.context;
    // Each text is written as soon as it is made, and freed: at a year the listings and cleared
    // CSVs are 22 MB, and holding both until the end was the report's peak. The page, as large
    // again with every condition, is written in pieces as it is made.
    schema::AtomicFileSet files;
    std::vector<std::string> paths;
    const auto add = [&](std::string path, std::string_view text) {
        files.add(path, text);
        paths.push_back(std::move(path));
    };
    add(base + ".csv", analysis::report_csv(loaded.report, context));
    add(base + "-listings.csv", analysis::listings_csv(loaded.report, context));
    add(base + "-cleared.csv", analysis::cleared_csv(loaded.evidence.clearances));
    if (chart == Chart::with) {
        // A report of several conditions charts each on its own: one chart of them all was
        // 960 x 5,206 px on the nightly page's report (UX P14). The chart reads rows alone.
        std::vector<schema::ConditionClass> conditions;
        for (const auto& row : loaded.report.rows) {
            if (conditions.empty() || conditions.back() != row.condition)
                conditions.push_back(row.condition);
        }
        if (conditions.size() <= 1) {
            add(base + ".svg", analysis::svg_chart(loaded.report, context));
        } else {
            for (const auto condition : conditions) {
                analysis::Report one;
                for (const auto& row : loaded.report.rows)
                    if (row.condition == condition) one.rows.push_back(row);
                add(base + "-" + std::string(schema::condition_name(condition)) + ".svg",
                    analysis::svg_chart(one, context));
            }
        }
    }
    if (page) {
        files.add_written(base + ".html", page);
        paths.push_back(base + ".html");
    }
    files.commit();
    return paths;
}

}  // namespace gpuprice::app
