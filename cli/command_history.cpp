#include <iostream>

#include "analysis/csv_format.hpp"
#include "analysis/price_history.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "schema/store/clearance_inputs.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/sold_store.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

namespace {

std::string money_cell(const std::optional<double>& usd) {
    return usd ? analysis::format_number(*usd, 0) : "-";
}

}  // namespace

// A model's asking, cleared and sold medians per night or week, to see where prices are going
// before buying.
int command_history(const GlobalOptions& global, const std::vector<std::string>& args) {
    std::string model_name, condition = "used", format = "table", by = "night";
    bool no_shipping = false;
    po::options_description options("history options");
    options.add_options()("model", po::value(&model_name)->required(),
                          "catalog model, e.g. \"RTX 3090\"")(
        "condition", po::value(&condition)->default_value(condition),
        "new, used, refurbished, open-box or all")("no-shipping", po::bool_switch(&no_shipping),
                                                   "prices without shipping")(
        "format", po::value(&format)->default_value(format), "table or csv")(
        "by", po::value(&by)->default_value(by), "night or week (weeks start on Monday)");
    if (!parse_command_options("history",
                               "Asking, cleared and sold median per night or week of one model.",
                               options, args)) {
        return kExitOk;
    }
    const auto conditions = report_conditions(condition);
    if (format != "table" && format != "csv") throw UsageError("--format must be table or csv");
    if (by != "night" && by != "week") throw UsageError("--by must be night or week");
    const auto period = by == "week" ? analysis::Period::week : analysis::Period::night;

    const auto catalog = load_catalog(global);
    if (!catalog.find_model(model_name)) {
        std::string close;
        for (const auto& m : catalog.models) {
            if (m.model.find(model_name) != std::string::npos ||
                model_name.find(m.model) != std::string::npos) {
                close += (close.empty() ? "" : ", ") + m.model;
            }
        }
        throw UsageError("no model '" + model_name + "' in the catalog" +
                         (close.empty() ? " (see gpuprice specs)" : "; did you mean: " + close));
    }
    auto db = open_existing_database(global, catalog);
    const auto shipping = no_shipping ? analysis::Shipping::Exclude : analysis::Shipping::Include;
    // Clearances: every night's coverage, since a listing's whole life may matter.
    const auto lives = schema::load_model_listing_lives(db, model_name);
    const auto coverage = schema::load_family_coverage(db, "0000-01-01", "9999-12-31");
    const auto clearances = analysis::find_clearances(lives, coverage, shipping);
    const auto nights = analysis::price_history(
        schema::load_model_history(db, model_name), clearances,
        schema::load_model_sold_prices(db, model_name), conditions, shipping, period);
    if (format == "csv") {
        std::cout << by
                  << ",condition,model,listings,outliers_removed,median_price_usd,p25_price_"
                     "usd,p75_price_usd,cleared_median_usd,cleared_listings,sold_median_usd,"
                     "sold_listings\r\n";
        for (const auto& n : nights) {
            analysis::CsvLine line;
            line.text(n.night)
                .text(n.condition)
                .text(model_name)
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
        rows.push_back({n.night, n.condition, std::to_string(n.listings),
                        asked ? analysis::format_number(n.median_usd, 0) : "-",
                        asked ? analysis::format_number(n.p25_usd, 0) + "-" +
                                    analysis::format_number(n.p75_usd, 0)
                              : "-",
                        money_cell(n.cleared_median_usd), std::to_string(n.cleared_listings),
                        money_cell(n.sold_median_usd), std::to_string(n.sold_listings)});
    }
    if (rows.empty()) {
        std::cout << "no " << condition << " prices for " << model_name << " yet\n";
    } else {
        std::cout << model_name << "\n"
                  << analysis::format_table(
                         {by, "condition", "listings", "asking_median", "p25-p75", "cleared_median",
                          "cleared", "sold_median", "sold"},
                         rows);
    }
    return kExitOk;
}

}  // namespace gpuprice::cli
