#include <cmath>
#include <iostream>

#include "analysis/csv_format.hpp"
#include "analysis/price_basis.hpp"
#include "analysis/watch_check.hpp"
#include "app/watch_checks.hpp"
#include "app/watches.hpp"
#include "cli/commands.hpp"
#include "cli/did_you_mean.hpp"
#include "cli/exit_codes.hpp"
#include "cli/message.hpp"
#include "cli/model_option.hpp"
#include "schema/domain/ascii_case.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/market.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

namespace {

constexpr const char* kActions =
    "Watches: price lines gpuprice-nightly checks after every night.\n"
    "  gpuprice watch add MODEL --below PRICE [--condition used] [--price median]\n"
    "  gpuprice watch list\n"
    "  gpuprice watch remove ID\n"
    "  gpuprice watch check   (what gpuprice-nightly runs: one line per watch that fired)\n"
    "'gpuprice watch <action> --help' describes an action's options.\n";

// Prices past this are a typo (or cents typed as dollars), not a line anyone waits for.
constexpr double kMaxLine = 10'000'000;

std::string currency_of(const std::string& marketplace) {
    const auto market = schema::find_market(marketplace);
    return market ? std::string(market->currency) : marketplace;
}

int watch_add(const GlobalOptions& global, const std::vector<std::string>& args) {
    std::string model, condition = "used", price = "median";
    std::string marketplace{schema::default_market().id};
    double below = 0;
    const auto price_help =
        "the report price whose crossing fires the watch: " + analysis::price_basis_names();
    po::options_description options("watch add options");
    options.add_options()("model", po::value(&model)->required(),
                          "catalog model, e.g. \"RTX 3090\" (also the first word after add)")(
        "below", po::value(&below)->required(),
        "the line, in the marketplace's currency: fires when a listing under it appears, or "
        "when --price crosses it")("condition", po::value(&condition)->default_value(condition),
                                   "new, used, refurbished, open-box or all")(
        "price", po::value(&price)->default_value(price), price_help.c_str())(
        "marketplace", po::value(&marketplace)->default_value(marketplace),
        "whose listings, in its currency");
    if (!parse_command_options("watch add",
                               "Watch a model's price: told when it drops under a line.", options,
                               args, {"model"}, "MODEL --below PRICE [options]")) {
        return kExitOk;
    }
    const auto rules = load_rules(global);
    schema::Watch watch;
    const auto& watched = resolve_model(rules.catalog, model);
    watch.model = watched.key;
    conditions_option(condition);  // checks the name, in any case
    watch.condition = schema::ascii_lower(condition);
    if (!std::isfinite(below) || below <= 0 || below > kMaxLine) {
        throw UsageError("--below must be a price above 0 (in the marketplace's currency)");
    }
    watch.below_cents = std::llround(below * 100);
    if (!analysis::parse_price_basis(price)) {
        throw UsageError("--price '" + price + "' is not one of " + analysis::price_basis_names());
    }
    watch.price = price;
    market_option(marketplace);  // a marketplace gpuprice knows, as typed
    watch.marketplace = marketplace;
    watch.created_at = schema::now_iso();

    auto db = open_database(global, rules);
    const auto [stored, added] = app::add_watch(db, watch);
    const auto summary =
        analysis::watch_summary(stored, watched.name, currency_of(stored.marketplace));
    if (!added) {
        throw UsageError("watch " + std::to_string(stored.id) + " already watches that (" +
                         summary + ")");
    }
    std::cout << "watch " << stored.id << ": " << summary << '\n';
    // Where it stands tonight: a line already crossed is said now, not only at the next night.
    if (const auto now = app::watch_standings(db, rules.catalog, {stored}).front().now;
        !now.empty())
        std::cout << "now: " << now << '\n';
    return kExitOk;
}

int watch_list(const GlobalOptions& global, const std::vector<std::string>& args) {
    po::options_description options("watch list options");
    if (!parse_command_options("watch list", "The watches, oldest first.", options, args)) {
        return kExitOk;
    }
    const auto rules = load_rules(global);
    auto db = open_database_for_reading(global, rules);
    const auto standings = app::watch_standings(db, rules.catalog);
    if (standings.empty()) {
        std::cout << "no watches; add one with: gpuprice watch add \"RTX 3090\" --below 700\n";
        return kExitOk;
    }
    std::vector<std::vector<std::string>> rows;
    for (const auto& [w, now] : standings) {
        const auto* model = rules.catalog.find_model(w.model);
        rows.push_back({std::to_string(w.id), model ? model->name : w.model, w.condition,
                        analysis::format_number(static_cast<double>(w.below_cents) / 100.0, 2),
                        currency_of(w.marketplace), w.price, w.marketplace,
                        w.created_at.substr(0, 10), now});
    }
    std::cout << analysis::format_table(
        {"id", "model", "condition", "below", "currency", "price", "marketplace", "since", "now"},
        rows);
    return kExitOk;
}

int watch_remove(const GlobalOptions& global, const std::vector<std::string>& args) {
    std::int64_t id = 0;
    po::options_description options("watch remove options");
    options.add_options()("id", po::value(&id)->required(),
                          "the watch's id, as 'watch list' shows it");
    if (!parse_command_options("watch remove", "Stop watching.", options, args, {"id"}, "ID")) {
        return kExitOk;
    }
    const auto rules = load_rules(global);
    auto db = open_database(global, rules, IfMissing::Refuse);
    const auto removed = app::remove_watch(db, id);
    if (!removed) {
        say("watch remove: no watch " + std::to_string(id) + " (see gpuprice watch list)");
        return kExitFailure;
    }
    const auto* model = rules.catalog.find_model(removed->model);
    progress(global, "removed watch " + std::to_string(id) + ": " +
                         analysis::watch_summary(*removed, model ? model->name : removed->model,
                                                 currency_of(removed->marketplace)));
    return kExitOk;
}

int watch_check(const GlobalOptions& global, const std::vector<std::string>& args) {
    po::options_description options("watch check options");
    if (!parse_command_options("watch check",
                               "One line per watch that fired on the latest night (a listing "
                               "under its line that was not the night before, or its price "
                               "crossing the line), with the listings' links; nothing otherwise.",
                               options, args)) {
        return kExitOk;
    }
    const auto rules = load_rules(global);
    auto db = open_database_for_reading(global, rules);
    for (const auto& status : app::check_watches(db, rules.catalog)) {
        if (status.fired) {
            std::cout << analysis::watch_line(*status.fired, status.model_name,
                                              currency_of(status.watch.marketplace))
                      << '\n';
        }
    }
    return kExitOk;
}

}  // namespace

// `gpuprice watch add|list|remove|check`: the action, then its own options.
int command_watch(const GlobalOptions& global, const std::vector<std::string>& args) {
    using Action = int (*)(const GlobalOptions&, const std::vector<std::string>&);
    static const std::vector<std::pair<std::string, Action>> actions = {
        {"add", watch_add}, {"list", watch_list}, {"remove", watch_remove}, {"check", watch_check}};
    if (args.empty()) throw UsageError("name an action: add, list, remove or check");
    if (args.front() == "--help" || args.front() == "-h") {
        std::cout << "Usage: gpuprice watch <action> [options]\n" << kActions;
        return kExitOk;
    }
    std::vector<std::string> names;
    for (const auto& [name, action] : actions) {
        if (name == args.front()) return action(global, {args.begin() + 1, args.end()});
        names.push_back(name);
    }
    throw UsageError("unknown watch action '" + args.front() + "'" +
                     did_you_mean(args.front(), names) + " (use add, list, remove or check)");
}

}  // namespace gpuprice::cli
