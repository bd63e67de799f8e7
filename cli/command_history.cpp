#include <algorithm>
#include <iostream>

#include "analysis/csv_format.hpp"
#include "analysis/stale_prices.hpp"
#include "app/history_assembly.hpp"
#include "cli/commands.hpp"
#include "cli/date_option.hpp"
#include "cli/exit_codes.hpp"
#include "cli/message.hpp"
#include "cli/model_option.hpp"
#include "cli/output_format.hpp"
#include "schema/domain/ascii_case.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/market.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

// A model's asking, cleared and sold medians per night or week, to see where prices are going
// before buying.
int command_history(const GlobalOptions& global, const std::vector<std::string>& args) {
    std::string asked_model, condition = "used", format = "table", by = "night", since;
    std::string marketplace{schema::default_market().id};
    int days = 0;
    bool no_shipping = false;
    po::options_description options("history options");
    options.add_options()("model", po::value(&asked_model)->required(),
                          "catalog model, e.g. \"RTX 3090\" (case and spaces do not matter)")(
        "condition", po::value(&condition)->default_value(condition),
        "new, used, refurbished, open-box or all")("no-shipping", po::bool_switch(&no_shipping),
                                                   "prices without shipping")(
        "format", po::value(&format)->default_value(format), "table or csv")(
        "by", po::value(&by)->default_value(by), "night or week (weeks start on Monday)")(
        "since", po::value(&since), "from this date (YYYY-MM-DD) on")(
        "days", po::value(&days)->default_value(0), "the last N nights (default: all)")(
        "marketplace", po::value(&marketplace)->default_value(marketplace),
        "the marketplace whose prices to show, in its currency");
    if (!parse_command_options("history",
                               "Asking, cleared and sold median per night or week of one model.",
                               options, args)) {
        return kExitOk;
    }
    const auto conditions = conditions_option(condition);
    condition = schema::ascii_lower(condition);  // as the messages spell it
    const bool csv = output_format_option(format) == OutputFormat::csv;
    if (by != "night" && by != "week") throw UsageError("--by must be night or week");
    const auto period = by == "week" ? analysis::Period::week : analysis::Period::night;

    check_window_options(since, days);

    const auto rules = load_rules(global);
    app::HistoryRequest request;
    const auto& model = resolve_model(rules.catalog, asked_model);
    request.model = model.key;
    request.conditions = conditions;
    request.shipping = no_shipping ? analysis::Shipping::Exclude : analysis::Shipping::Include;
    request.period = period;
    request.since = since;
    request.days = days;
    request.market = market_option(marketplace);
    auto db = open_database_for_reading(global, rules);
    const auto history = app::load_history(db, rules.catalog, request);
    const auto& nights = history.periods;
    if (history.latest_night_incomplete) warn(global, *history.latest_night_incomplete);
    if (const auto stale = analysis::stale_prices_warning(history.latest_night, schema::today()))
        warn(global, *stale);
    if (csv) {
        std::cout << by
                  << ",condition,model,listings,outliers_removed,median_price_usd,p25_price_"
                     "usd,p75_price_usd,cleared_median_usd,cleared_listings,sold_median_usd,"
                     "sold_listings\r\n";
        for (const auto& n : nights) {
            analysis::CsvLine line;
            line.text(n.night)
                .text(schema::condition_name(n.condition))
                .text(model.name)
                .integer(n.listings)
                .integer(n.outliers_removed);
            if (n.listings > 0) {
                line.number(n.median_usd, 2).number(n.p25_usd, 2).number(n.p75_usd, 2);
            } else {
                line.empty().empty().empty();
            }
            line.number(n.cleared_median_usd, 2)
                .integer(n.cleared_listings)
                .number(n.sold_median_usd, 2)
                .integer(n.sold_listings);
            std::cout << line.str();
        }
        return kExitOk;
    }
    std::vector<std::vector<std::string>> rows;
    for (const auto& n : nights) {
        const bool asked = n.listings > 0;
        // A night with no asking price (sold items only, before the first fetch) is not "no
        // cards on the market" (UX P19): a dash, as for its prices.
        rows.push_back({n.night, std::string(schema::condition_name(n.condition)),
                        asked ? std::to_string(n.listings) : "-",
                        asked ? analysis::format_number(n.median_usd, 0) : "-",
                        asked ? analysis::format_number(n.p25_usd, 0) + "-" +
                                    analysis::format_number(n.p75_usd, 0)
                              : "-",
                        analysis::dash_or(n.cleared_median_usd, 0),
                        std::to_string(n.cleared_listings), analysis::dash_or(n.sold_median_usd, 0),
                        std::to_string(n.sold_listings)});
    }
    if (rows.empty()) {
        // As `report`: nothing to show is exit 1 (README, exit codes).
        say("history: no " + condition + " prices for " + model.name +
            (days > 0 || !since.empty() ? " in that window" : " yet"));
        return kExitFailure;
    } else {
        std::cout << model.name << "\n"
                  << analysis::format_table(
                         {by, "condition", "listings", "asking_median", "p25-p75", "cleared_median",
                          "cleared", "sold_median", "sold"},
                         rows);
    }
    return kExitOk;
}

}  // namespace gpuprice::cli
