#include <iostream>

#include "analysis/csv_format.hpp"
#include "analysis/price_history.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "schema/store/observation_store.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

// A model's median price per night, to see where prices are going before buying.
int command_history(const GlobalOptions& global, const std::vector<std::string>& args) {
    std::string model_name, condition = "used", format = "table";
    bool no_shipping = false;
    po::options_description options("history options");
    options.add_options()("model", po::value(&model_name)->required(),
                          "catalog model, e.g. \"RTX 3090\"")(
        "condition", po::value(&condition)->default_value(condition),
        "new, used, refurbished, open-box or all")("no-shipping", po::bool_switch(&no_shipping),
                                                   "prices without shipping")(
        "format", po::value(&format)->default_value(format), "table or csv");
    if (!parse_command_options("history", "Median price per night of one model.", options, args)) {
        return kExitOk;
    }
    const auto conditions = report_conditions(condition);
    if (format != "table" && format != "csv") throw UsageError("--format must be table or csv");

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
    const auto nights = analysis::nightly_medians(
        schema::load_model_history(db, model_name), conditions,
        no_shipping ? analysis::Shipping::Exclude : analysis::Shipping::Include);
    if (format == "csv") {
        std::cout << "night,condition,model,listings,outliers_removed,median_price_usd,p25_price_"
                     "usd,p75_price_usd\r\n";
        for (const auto& n : nights) {
            analysis::CsvLine line;
            line.text(n.night)
                .text(n.condition)
                .text(model_name)
                .integer(n.listings)
                .integer(n.outliers_removed)
                .number(n.median_usd, 2)
                .number(n.p25_usd, 2)
                .number(n.p75_usd, 2);
            std::cout << line.str();
        }
        return kExitOk;
    }
    std::vector<std::vector<std::string>> rows;
    for (const auto& n : nights) {
        rows.push_back(
            {n.night, n.condition, std::to_string(n.listings),
             analysis::format_number(n.median_usd, 0),
             analysis::format_number(n.p25_usd, 0) + "-" + analysis::format_number(n.p75_usd, 0)});
    }
    if (rows.empty()) {
        std::cout << "no " << condition << " prices for " << model_name << " yet\n";
    } else {
        std::cout << model_name << "\n"
                  << analysis::format_table(
                         {"night", "condition", "listings", "median_usd", "p25-p75"}, rows);
    }
    return kExitOk;
}

}  // namespace gpuprice::cli
