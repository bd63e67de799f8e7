#include "cli/command_context.hpp"
#include "cli/message.hpp"

#include <charconv>
#include <filesystem>
#include <iostream>

#include "cli/did_you_mean.hpp"
#include "schema/domain/ascii_case.hpp"

#include "schema/domain/market.hpp"
#include "schema/domain/printable_text.hpp"
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

schema::Market market_option(const std::string& value) {
    const auto market = schema::find_market(value);
    if (!market)
        throw UsageError("--marketplace '" + value + "' is not one of " + schema::market_ids());
    return *market;
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

schema::Database open_database(const GlobalOptions& global, const schema::RuleSet& rules,
                               IfMissing if_missing) {
    return app::open_database(schema::resolve_database_path(global.db_option), rules, if_missing);
}

schema::Database open_database_for_reading(const GlobalOptions& global,
                                           const schema::RuleSet& rules) {
    return app::open_database_for_reading(schema::resolve_database_path(global.db_option), rules,
                                          [&global](const std::string& w) { warn(global, w); });
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
