#include <iostream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "schema/store/catalog_store.hpp"
#include "schema/store/migrations.hpp"

namespace gpuprice::cli {

// `init` is what every other command does first, made explicit for set-up scripts.
int command_init(const GlobalOptions& global, const std::vector<std::string>& args) {
    boost::program_options::options_description options("init options");
    if (!parse_command_options("init", "Create or upgrade the database and load the spec catalog.",
                               options, args)) {
        return kExitOk;
    }
    const auto rules = load_rules(global);
    const auto& catalog = rules.catalog;
    auto db = open_database(global, rules);
    if (global.verbosity != Verbosity::Quiet) {
        std::cout << db.path() << ": schema version " << schema::schema_version(db) << ", "
                  << schema::stored_model_count(db) << " GPU models in "
                  << catalog.architectures.size() << " architectures\n";
    }
    return kExitOk;
}

}  // namespace gpuprice::cli
