#include "cli/command_context.hpp"

#include <filesystem>
#include <iostream>

#include "schema/domain/locations.hpp"
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

std::string precision_option(const schema::Catalog& catalog, const std::string& value) {
    if (!catalog.find_precision(value)) {
        throw UsageError("unknown precision '" + value + "' (use " + catalog.precision_names() +
                         ")");
    }
    return value;
}

std::vector<schema::ConditionClass> conditions_option(const std::string& value) {
    try {
        return schema::parse_conditions(value);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
}

schema::Catalog load_catalog(const GlobalOptions& global) {
    return schema::load_catalog(schema::resolve_catalog_dir(global.catalog_dir));
}

namespace {

void refuse_missing(const std::string& path) {
    if (std::filesystem::exists(path)) return;
    throw std::runtime_error(
        "no database at " + path +
        "; run 'gpuprice fetch' (or 'gpuprice fetch --sample') first, or point to another with "
        "--db FILE or GPUPRICE_DB");
}

}  // namespace

std::string database_path(const GlobalOptions& global) {
    return schema::resolve_database_path(global.db_option).path;
}

schema::Database open_database(const GlobalOptions& global, const schema::Catalog& catalog,
                               IfMissing if_missing) {
    const auto location = schema::resolve_database_path(global.db_option);
    if (if_missing == IfMissing::Refuse) refuse_missing(location.path);
    const std::filesystem::path folder = std::filesystem::path(location.path).parent_path();
    if (location.is_default && !folder.empty() && !std::filesystem::exists(folder)) {
        std::error_code error;
        std::filesystem::create_directories(folder, error);
        // XDG: a base directory gpuprice creates is for its user alone.
        if (!error) {
            std::filesystem::permissions(folder, std::filesystem::perms::owner_all,
                                         std::filesystem::perm_options::replace, error);
        }
        if (error) {
            throw std::runtime_error("cannot create " + folder.string() + ": " + error.message() +
                                     " (or pass --db FILE, or set GPUPRICE_DB)");
        }
    }
    schema::Database db(location.path);
    if (db.is_read_only()) {
        throw schema::SqliteError(SQLITE_READONLY,
                                  "gpuprice needs write access to " + location.path +
                                      " (and its folder) for this command; report, recommend, "
                                      "history and unmatched only read it");
    }
    schema::migrate(db);
    schema::store_catalog(db, catalog);
    return db;
}

schema::Database open_database_for_reading(const GlobalOptions& global,
                                           const schema::Catalog& catalog) {
    const auto path = database_path(global);
    refuse_missing(path);
    schema::Database db(path, schema::OpenMode::ReadOnly);
    schema::require_current_schema(db);
    if (!schema::catalog_is_current(db, catalog)) {
        warn(global, "the spec catalog in " + path + " differs from this gpuprice's (" +
                         schema::resolve_catalog_dir(global.catalog_dir) +
                         "): its listings were matched with the older one; run 'gpuprice match' "
                         "(needs write access) to match them again");
    }
    return db;
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
