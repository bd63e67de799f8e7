#include "cli/app.hpp"
#include "cli/message.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <map>

#include "app/database.hpp"
#include "cli/commands.hpp"
#include "cli/did_you_mean.hpp"
#include "cli/exit_codes.hpp"
#include "fetcher/errors.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/printable_text.hpp"
#include "schema/rules/csv_reader.hpp"
#include "schema/system/version.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

namespace {

using Command = std::function<int(const GlobalOptions&, const std::vector<std::string>&)>;

struct CommandEntry {
    Command run;
    const char* summary;
};

const std::map<std::string, CommandEntry>& commands() {
    static const std::map<std::string, CommandEntry> table = {
        {"fetch",
         {command_fetch, "fetch eBay listings into the database (--sample: bundled data)"}},
        {"history", {command_history, "median price per night of one model"}},
        {"recommend", {command_recommend, "the best GFLOPS per USD for a budget"}},
        {"report", {command_report, "prices and GFLOPS per USD by VRAM class, as CSV (and SVG)"}},
        {"init", {command_init, "create or upgrade the database and load the spec catalog"}},
        {"specs", {command_specs, "print the spec catalog with computed tensor TFLOPS"}},
        {"match", {command_match, "match titles (--stdin) or stored listings to catalog models"}},
        {"probe", {command_probe, "check once, live, what eBay does where its documents disagree"}},
        {"unmatched", {command_unmatched, "list the most common titles that matched no model"}},
        {"compact", {command_compact, "store nights older than the retention as price intervals"}},
        {"watch", {command_watch, "price lines checked every night: add, list, remove, check"}},
    };
    return table;
}

constexpr const char* kUsage = "Usage: gpuprice [global options] <command> [options]";
// `gpuprice help [COMMAND]`: the help, or a command's, as a command of its own.
constexpr const char* kHelpCommand = "help";
constexpr const char* kHelpSummary = "describe the commands, or one: 'gpuprice help report'";

void print_help(const po::options_description& global) {
    std::cout << kUsage << "\n\nCommands:\n";
    const auto line = [](const std::string& name, const char* summary) {
        std::cout << "  " << name << std::string(10 - std::min<std::size_t>(name.size(), 9), ' ')
                  << summary << '\n';
    };
    for (const auto& [name, entry] : commands()) line(name, entry.summary);
    line(kHelpCommand, kHelpSummary);
    std::cout << "\n" << global << "\n'gpuprice <command> --help' describes a command's options.\n";
}

std::vector<std::string> command_names() {
    std::vector<std::string> names;
    for (const auto& [name, entry] : commands()) names.push_back(name);
    names.emplace_back(kHelpCommand);
    return names;
}

// The message, then where to read more: the command's own help when the error is in its
// options, else the global one.
int usage_error(const std::string& message, const std::string& command = {}) {
    say(message);
    if (command.empty()) {
        std::cerr << kUsage << "\n(see 'gpuprice --help')\n";
    } else {
        std::cerr << "Usage: gpuprice [global options] " << command << " [options]\n(see 'gpuprice "
                  << command << " --help')\n";
    }
    return kExitUsage;
}

int unknown_command(const std::string& command) {
    return usage_error("unknown command '" + command + "'" +
                       did_you_mean(command, command_names()));
}

}  // namespace

int run(int argc, char** argv) {
    GlobalOptions global;
    po::options_description visible("Global options");
    visible.add_options()("help,h", "show this help")("version", "print the version and exit")(
        "db", po::value<std::string>(),
        "database file (default $GPUPRICE_DB, else $XDG_DATA_HOME/gpuprice/gpuprice.db)")(
        "catalog-dir", po::value<std::string>(),
        "spec catalog folder (default $GPUPRICE_CATALOG_DIR, else the installed catalog)")(
        "quiet,q", "print nothing but errors")("verbose,v",
                                               "print progress even when not a terminal");
    po::options_description hidden;
    hidden.add_options()("command", po::value<std::string>())(
        "args", po::value<std::vector<std::string>>());
    po::options_description all;
    all.add(visible).add(hidden);
    po::positional_options_description positional;
    positional.add("command", 1).add("args", -1);

    std::string command;
    std::vector<std::string> command_args;
    try {
        po::variables_map vm;
        const auto parsed = po::command_line_parser(argc, argv)
                                .options(all)
                                .positional(positional)
                                .allow_unregistered()
                                .run();
        po::store(parsed, vm);
        po::notify(vm);
        if (vm.count("catalog-dir")) global.catalog_dir = vm["catalog-dir"].as<std::string>();
        if (vm.count("db")) global.db_option = vm["db"].as<std::string>();
        if (vm.count("quiet") && vm.count("verbose")) {
            return usage_error("--quiet and --verbose cannot be used together");
        }
        if (vm.count("quiet")) global.verbosity = Verbosity::Quiet;
        if (vm.count("verbose")) global.verbosity = Verbosity::Verbose;
        if (!vm.count("command")) {
            if (vm.count("version")) {
                std::cout << schema::version_line() << '\n';
                return kExitOk;
            }
            if (vm.count("help")) {
                print_help(visible);
                return kExitOk;
            }
            // An unknown option before any command, or nothing at all.
            for (const auto& option : parsed.options) {
                if (!option.unregistered) continue;
                const auto typed =
                    option.original_tokens.empty() ? option.string_key : option.original_tokens[0];
                auto known = option_names(visible);
                known.emplace_back(kHelpCommand);
                const auto name = typed.substr(0, typed.find('='));
                return usage_error("unknown option '" + name + "'" + did_you_mean(name, known));
            }
            return usage_error("no command given");
        }
        command = vm["command"].as<std::string>();
        command_args = po::collect_unrecognized(parsed.options, po::include_positional);
        command_args.erase(std::find(command_args.begin(), command_args.end(), command));
        if (vm.count("help")) command_args.push_back("--help");
        // "--db ''" would otherwise be a file named nothing, or the default in disguise.
        if (global.db_option && global.db_option->empty()) {
            return usage_error("--db is empty; give a database file");
        }
    } catch (const po::error& e) {
        return usage_error(e.what());
    }

    if (command == kHelpCommand) {
        // `gpuprice help` is `gpuprice --help`; `gpuprice help report` is `report --help`.
        std::erase(command_args, std::string("--help"));  // `help --help`, `--help help report`
        if (command_args.empty()) {
            print_help(visible);
            return kExitOk;
        }
        // Anything else is a mistake to name, not to answer with help and success.
        if (const auto& first = command_args.front(); first.starts_with('-')) {
            return usage_error("help: unknown option '" + first.substr(0, first.find('=')) + "'");
        }
        if (command_args.size() > 1) {
            return usage_error("help: " +
                               unexpected_arguments(command_args[1], command_args.size() - 2));
        }
        command = command_args.front();
        command_args = {"--help"};
        if (command == kHelpCommand) {
            print_help(visible);
            return kExitOk;
        }
    }
    const auto entry = commands().find(command);
    if (entry == commands().end()) return unknown_command(command);
    try {
        schema::now();  // a malformed GPUPRICE_NOW is a usage error before anything runs
    } catch (const std::invalid_argument& e) {
        return usage_error(e.what());
    }
    global.stderr_is_terminal = isatty(STDERR_FILENO) != 0;
    global.stdout_is_terminal = isatty(STDOUT_FILENO) != 0;

    try {
        return entry->second.run(global, command_args);
    } catch (const po::error& e) {
        return usage_error(command + ": " + e.what(), command);
    } catch (const UsageError& e) {
        return usage_error(command + ": " + e.what(), command);
    } catch (const fetcher::CredentialsError& e) {
        say(e.what());
        return kExitCredentials;
    } catch (const schema::DataFileError& e) {
        say(e.what());
        return kExitBadData;
    } catch (const std::exception& e) {
        if (const auto database = app::database_failure(e)) {
            say(*database);
            return kExitDatabase;
        }
        say(e.what());
        return kExitFailure;
    }
}

}  // namespace gpuprice::cli
