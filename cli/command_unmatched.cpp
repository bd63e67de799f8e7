#include <iostream>

#include "app/stored_matching.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

// What the catalog is missing: the most common titles the matcher did not turn into a model.
int command_unmatched(const GlobalOptions& global, const std::vector<std::string>& args) {
    po::options_description options("unmatched options");
    int limit = 30;
    options.add_options()("limit", po::value(&limit)->default_value(limit), "how many titles");
    const auto vm = parse_command_options(
        "unmatched",
        "List the most common rejected titles, unknown models and ambiguous ones first, as "
        "count<TAB>reason<TAB>title.",
        options, args);
    if (!vm) return kExitOk;
    if (limit <= 0) throw UsageError("--limit must be positive");
    const auto rules = load_rules(global);
    auto db = open_database_for_reading(global, rules);
    for (const auto& line : app::unmatched_lines(db, limit)) std::cout << line << '\n';
    return kExitOk;
}

}  // namespace gpuprice::cli
