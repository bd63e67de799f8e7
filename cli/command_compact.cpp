#include <iostream>
#include <string>

#include "app/compaction.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

// Turns the nightly prices older than the retention into intervals; with --vacuum, gives the
// freed pages back to the file system (without it, the next nights reuse them).
int command_compact(const GlobalOptions& global, const std::vector<std::string>& args) {
    po::options_description options("compact options");
    options.add_options()(
        "keep-nights", po::value<int>()->default_value(app::kDefaultKeepNights),
        "nights (ending on the latest) kept as one row per listing per night; older ones become "
        "one row per listing per unchanged price run. Reports read the same numbers either way")(
        "vacuum", "then rewrite the file to its new size (needs that much free space; slow)");
    const auto vm = parse_command_options(
        "compact", "Store the nights older than the retention as price intervals.", options, args);
    if (!vm) return kExitOk;
    const int keep = (*vm)["keep-nights"].as<int>();
    if (keep < 1) throw UsageError("--keep-nights must be at least 1, not " + std::to_string(keep));

    const auto rules = load_rules(global);
    auto db = open_database(global, rules, IfMissing::Refuse);
    progress(global, "compacting the nights older than the last " + std::to_string(keep));
    for (const auto& c : app::compact_database(db, keep)) {
        if (global.verbosity == Verbosity::Quiet) continue;
        std::cout << c.marketplace << ": " << c.result.nights << " nights before " << c.before
                  << " compacted: " << c.result.observations << " nightly prices into "
                  << c.result.intervals_new << " new intervals (" << c.result.intervals_extended
                  << " earlier ones extended)\n";
    }
    if (vm->count("vacuum")) {
        progress(global, "rewriting " + db.path());
        db.exec("VACUUM");
    }
    return kExitOk;
}

}  // namespace gpuprice::cli
