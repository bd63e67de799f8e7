#include <iostream>

#include "app/database.hpp"
#include "app/derived_pass.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"

namespace gpuprice::cli {

// `init` is what every other command does first, made explicit for set-up scripts; after an
// upgrade it also derives the price history again where another gpuprice or catalog made it.
int command_init(const GlobalOptions& global, const std::vector<std::string>& args) {
    boost::program_options::options_description options("init options");
    if (!parse_command_options("init", "Create or upgrade the database and load the spec catalog.",
                               options, args)) {
        return kExitOk;
    }
    const auto rules = load_rules(global);
    const auto& catalog = rules.catalog;
    auto db = open_database(global, rules);
    // After an upgrade or a catalog change: readers compute the price history from the nights
    // (slowly at a year) until it is derived again, here rather than on the next night.
    if (app::derivation_outdated(db, catalog)) {
        progress(global,
                 "the price history was derived with another catalog or gpuprice: deriving it "
                 "again from every night (minutes at a year)");
        app::update_derived_tables(db, catalog);
    }
    if (global.verbosity != Verbosity::Quiet) {
        const auto summary = app::summarize(db);
        std::cout << db.path() << ": schema version " << summary.schema_version << ", "
                  << summary.models << " GPU models in " << catalog.architectures.size()
                  << " architectures\n";
    }
    return kExitOk;
}

}  // namespace gpuprice::cli
