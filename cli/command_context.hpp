// What every command gets from the global options, and the shared first steps (open the
// database, load the catalog) that each command lists among its own.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "app/database.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/market.hpp"
#include "schema/rules/rule_set.hpp"

namespace gpuprice::cli {

enum class Verbosity { Quiet, Normal, Verbose };

struct GlobalOptions {
    std::optional<std::string> db_option;  // --db as given; see schema::resolve_database_path
    std::optional<std::string> catalog_dir;
    Verbosity verbosity = Verbosity::Normal;
    bool stderr_is_terminal = false;
    bool stdout_is_terminal = false;
};

// A usage problem found after option parsing (a bad value); main prints it with the usage.
class UsageError : public std::runtime_error {
    using std::runtime_error::runtime_error;
};

// "--db", "--verbose", ...: the long names of `options`, for "did you mean".
std::vector<std::string> option_names(const boost::program_options::options_description& options);
// "unexpected argument 'x'", with " (and N more)" when `more` words followed it.
std::string unexpected_arguments(const std::string& first, std::size_t more);

// Parses a command's own options. Returns nullopt after printing help for --help.
// `positional` names options of `options` that the first words not starting with '-' fill, in
// order (`watch add "RTX 3090"` fills --model); `usage` follows the command in the help's
// usage line.
std::optional<boost::program_options::variables_map> parse_command_options(
    const std::string& command, const std::string& summary,
    const boost::program_options::options_description& options,
    const std::vector<std::string>& args, const std::vector<std::string>& positional = {},
    const std::string& usage = "[options]");

// --precision in any case: the catalog's name (precisions.csv, lower case) of the precision;
// else a UsageError naming them.
std::string precision_option(const schema::Catalog& catalog, const std::string& value);
// --condition of every command, in any case: new, used, refurbished, open-box, or all of them;
// throws UsageError naming the value otherwise.
std::vector<schema::ConditionClass> conditions_option(const std::string& value);
// --marketplace of every command: the marketplace of that id; else a UsageError naming them.
schema::Market market_option(const std::string& value);
// What report and recommend say when the database holds no night of the marketplace asked for:
// which marketplace, and the fetch that gets its prices.
std::string no_prices_yet(const std::string& db_path, const std::string& marketplace);

// The catalog folder's rules (--catalog, else the installed one), loaded once per command.
schema::RuleSet load_rules(const GlobalOptions& global);

// For commands that write: app::open_database on the database --db or GPUPRICE_DB names.
using app::IfMissing;
schema::Database open_database(const GlobalOptions& global, const schema::RuleSet& rules,
                               IfMissing if_missing = IfMissing::Create);

// For commands that only read: app::open_database_for_reading, its warning through warn().
schema::Database open_database_for_reading(const GlobalOptions& global,
                                           const schema::RuleSet& rules);

// Progress and notes on stderr: shown on a terminal or with --verbose, never with --quiet.
void progress(const GlobalOptions& global, const std::string& message);
// Warnings: "gpuprice: warning: ..." on stderr, terminal or not (cron mails them); never with
// --quiet.
void warn(const GlobalOptions& global, const std::string& message);

}  // namespace gpuprice::cli
