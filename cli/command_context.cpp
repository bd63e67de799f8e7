#include "cli/command_context.hpp"
#include "cli/message.hpp"

#include <charconv>
#include <filesystem>
#include <iostream>

#include "cli/did_you_mean.hpp"
#include "schema/domain/ascii_case.hpp"

#include "schema/domain/market.hpp"
#include "schema/domain/printable_text.hpp"
#include "schema/store/catalog_store.hpp"
#include "schema/store/match_store.hpp"
#include "schema/store/migrations.hpp"
#include "schema/system/locations.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

std::vector<std::string> option_names(const po::options_description& options) {
    std::vector<std::string> names;
    for (const auto& option : options.options()) names.push_back("--" + option->long_name());
    return names;
}

std::string unexpected_arguments(const std::string& first, std::size_t more) {
    return "unexpected argument '" + first + "'" +
           (more > 0 ? " (and " + std::to_string(more) + " more)" : std::string());
}

namespace {

std::string invalid_number(const std::string& option, const std::string& boost_message,
                           const po::options_description& options) {
    // The value as typed, from Boost's "the argument ('VALUE') for option ...".
    std::string value;
    const auto open = boost_message.find("('");
    const auto close = boost_message.rfind("')");
    if (open != std::string::npos && close != std::string::npos && close > open + 2) {
        value = boost_message.substr(open + 2, close - open - 2);
    }
    std::string what;
    const auto name = option.rfind("--", 0) == 0 ? option.substr(2) : option;
    if (const auto* described = options.find_nothrow(name, false)) {
        what = "; " + option + ": " + described->description();
    }
    // A decimal number refused is an option that counts (--count 2.5).
    double number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (!value.empty() && error == std::errc() && end == value.data() + value.size()) {
        return option + " '" + value + "' is not a whole number" + what;
    }
    // Money options get the currency advice; watts or slots do not (UX P16).
    const bool money = option == "--budget" || option == "--below";
    return option + " '" + value + "' is not a number: write digits only" +
           (money ? ", without a currency sign, thousands separators or k" : "") + what;
}

}  // namespace

std::optional<po::variables_map> parse_command_options(const std::string& command,
                                                       const std::string& summary,
                                                       const po::options_description& options,
                                                       const std::vector<std::string>& args,
                                                       const std::vector<std::string>& positional,
                                                       const std::string& usage) {
    po::options_description all = options;
    all.add_options()("help,h", "show this help");
    // Words past the command's own positionals land here, to be named as unexpected: Boost's
    // "too many positional options" names neither the word nor the command.
    constexpr const char* kExtra = "unexpected-argument";
    po::options_description parsing;
    parsing.add(all).add_options()(kExtra, po::value<std::vector<std::string>>());
    po::positional_options_description positions;
    for (const auto& name : positional) positions.add(name.c_str(), 1);
    positions.add(kExtra, -1);
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(args).options(parsing).positional(positions).run(), vm);
    } catch (const po::unknown_option& e) {
        throw UsageError("unknown option '" + e.get_option_name() + "'" +
                         did_you_mean(e.get_option_name(), option_names(all)));
    } catch (const po::invalid_option_value& e) {
        // Only numeric options can hold an invalid value; Boost's "the argument ('$1000') for
        // option '--budget' is invalid" says neither what it takes nor how to write it (UX N22).
        throw UsageError(invalid_number(e.get_option_name(), e.what(), all));
    }
    if (vm.count(kExtra)) {
        const auto& extra = vm[kExtra].as<std::vector<std::string>>();
        throw UsageError(unexpected_arguments(extra.front(), extra.size() - 1));
    }
    if (vm.count("help")) {
        std::cout << "Usage: gpuprice " << command << " " << usage << "\n"
                  << summary << "\n\n"
                  << all;
        return std::nullopt;
    }
    po::notify(vm);
    return vm;
}

// Names on the command line are taken in any case (`--precision FP16`, `--condition Used`), as
// `--model` is (UX N22); the catalog's and the tables' names are lower case.
std::string precision_option(const schema::Catalog& catalog, const std::string& value) {
    const auto name = schema::ascii_lower(value);
    if (!catalog.find_precision(name)) {
        throw UsageError("unknown precision '" + value + "' (use " + catalog.precision_names() +
                         ")");
    }
    return name;
}

std::vector<schema::ConditionClass> conditions_option(const std::string& value) {
    try {
        return schema::parse_conditions(schema::ascii_lower(value));
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
}

std::string no_prices_yet(const std::string& db_path, const std::string& marketplace) {
    // A database of US nights asked for EBAY_GB has prices, just not that market's (UX N22).
    if (marketplace != schema::default_market().id) {
        return "no " + marketplace + " prices in " + db_path + " yet; fetch them with 'gpuprice " +
               "fetch --marketplace " + marketplace + "'";
    }
    return "no " + marketplace + " prices in " + db_path +
           " yet; run 'gpuprice fetch' (or 'gpuprice fetch --sample') first";
}

schema::RuleSet load_rules(const GlobalOptions& global) {
    return schema::load_rule_set(schema::resolve_catalog_dir(global.catalog_dir));
}

namespace {

// What is wrong with the place `path` names before SQLite says "unable to open database file":
// a directory given as the file, a folder that does not exist or is a file. Empty when nothing.
std::string path_problem(const std::string& path) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
        return path + " is a directory, not a database file (give a file in it, e.g. " +
               (std::filesystem::path(path) / "gpuprice.db").string() + ")";
    }
    const auto folder = schema::folder_of(path);
    if (!std::filesystem::exists(folder, error)) return "the folder " + folder + " does not exist";
    if (!std::filesystem::is_directory(folder, error)) return folder + " is not a folder";
    return {};
}

void refuse_missing(const schema::DatabaseLocation& location) {
    const auto& path = location.path;
    std::error_code error;
    // A fresh machine has no default data folder yet: that is a first run, not a wrong path.
    const bool first_run =
        location.is_default && !std::filesystem::exists(schema::folder_of(path), error);
    if (const auto problem = path_problem(path); !problem.empty() && !first_run) {
        if (std::filesystem::is_directory(path, error)) throw DatabasePathError(problem);
        throw std::runtime_error("no database at " + path + ": " + problem +
                                 "; point to the database with --db FILE or GPUPRICE_DB");
    }
    if (std::filesystem::exists(path, error)) return;
    throw std::runtime_error(
        "no database at " + path +
        "; run 'gpuprice fetch' (or 'gpuprice fetch --sample') first, or point to another with "
        "--db FILE or GPUPRICE_DB");
}

}  // namespace

schema::Database open_database(const GlobalOptions& global, const schema::RuleSet& rules,
                               IfMissing if_missing) {
    const auto location = schema::resolve_database_path(global.db_option);
    if (if_missing == IfMissing::Refuse) refuse_missing(location);
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
    if (const auto problem = path_problem(location.path); !problem.empty()) {
        throw DatabasePathError("cannot create or open the database " + location.path + ": " +
                                problem);
    }
    schema::Database db(location.path);
    if (db.is_read_only()) {
        throw schema::SqliteError(SQLITE_READONLY,
                                  "gpuprice needs write access to " + location.path +
                                      " (and its folder) for this command; report, recommend, "
                                      "history and unmatched only read it");
    }
    schema::migrate(db);
    schema::store_catalog(db, rules.catalog);
    return db;
}

schema::Database open_database_for_reading(const GlobalOptions& global,
                                           const schema::RuleSet& rules) {
    const auto location = schema::resolve_database_path(global.db_option);
    const auto& path = location.path;
    refuse_missing(location);
    schema::Database db(path, schema::OpenMode::ReadOnly);
    schema::require_current_schema(db);
    // Verdicts made with other rules would put listings under the wrong model (or none).
    if (const auto made_with = schema::verdict_rules_digest(db);
        made_with != rules.digest && schema::has_verdicts(db)) {
        warn(global,
             "the listings in " + path + " were matched with " +
                 (made_with ? "other catalog or rule files than" : "catalog files older than") +
                 " this gpuprice's (" + rules.dir +
                 "); run 'gpuprice match --rematch' (needs write access) to match them "
                 "again");
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
    // Wherever stderr goes: under cron or a pipe a warning is what the mail is for.
    if (global.verbosity != Verbosity::Quiet) say("warning: " + message);
}

}  // namespace gpuprice::cli
