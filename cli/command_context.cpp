#include "cli/command_context.hpp"

#include <filesystem>
#include <iostream>

#include "schema/domain/printable_text.hpp"
#include "schema/store/catalog_store.hpp"
#include "schema/store/migrations.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

std::optional<po::variables_map> parse_command_options(
    const std::string& command, const std::string& summary, const po::options_description& options,
    const std::vector<std::string>& args, const po::positional_options_description* positional) {
    po::options_description all = options;
    all.add_options()("help,h", "show this help");
    po::positional_options_description none;
    po::variables_map vm;
    po::store(po::command_line_parser(args)
                  .options(all)
                  .positional(positional ? *positional : none)
                  .run(),
              vm);
    if (vm.count("help")) {
        std::cout << "Usage: gpuprice " << command << " [options]\n" << summary << "\n\n" << all;
        return std::nullopt;
    }
    po::notify(vm);
    return vm;
}

schema::Precision precision_option(const std::string& value) {
    const auto precision = schema::parse_precision(value);
    if (!precision) {
        throw UsageError("unknown precision '" + value +
                         "' (use fp16, fp16-fp16acc, bf16, tf32, fp8 or int8)");
    }
    return *precision;
}

std::vector<std::string> report_conditions(const std::string& value) {
    if (value == "all") return {"new", "open-box", "refurbished", "used"};
    if (value == "new" || value == "used" || value == "refurbished" || value == "open-box") {
        return {value};
    }
    throw UsageError("unknown condition '" + value +
                     "' (use new, used, refurbished, open-box or all)");
}

schema::Catalog load_catalog(const GlobalOptions& global) {
    return schema::load_catalog(schema::resolve_catalog_dir(global.catalog_dir));
}

schema::Database open_database(const GlobalOptions& global, const schema::Catalog& catalog) {
    schema::Database db(global.db_path);
    schema::migrate(db);
    schema::store_catalog(db, catalog);
    return db;
}

schema::Database open_existing_database(const GlobalOptions& global,
                                        const schema::Catalog& catalog) {
    if (!std::filesystem::exists(global.db_path)) {
        throw std::runtime_error("no database at " + global.db_path +
                                 "; run 'gpuprice fetch' (or 'gpuprice fetch --sample') first");
    }
    return open_database(global, catalog);
}

void progress(const GlobalOptions& global, const std::string& message) {
    if (global.verbosity == Verbosity::Quiet) return;
    if (global.stderr_is_terminal || global.verbosity == Verbosity::Verbose) {
        std::cerr << schema::printable_lines(message) << '\n';
    }
}

void warn(const GlobalOptions& global, const std::string& message) {
    progress(global, "gpuprice: warning: " + message);
}

}  // namespace gpuprice::cli
