#include <iostream>

#include "analysis/report_csv.hpp"
#include "analysis/report_table.hpp"
#include "analysis/svg_chart.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output_file.hpp"
#include "cli/report_query.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

// The report users open in a spreadsheet. Steps: options, open database, load the nights asked
// for, compute, write CSVs (and the chart), print the table on a terminal.
int command_report(const GlobalOptions& global, const std::vector<std::string>& args) {
    ReportQuery query;
    std::string output = "reports";
    std::string format;
    bool chart = false;
    po::options_description options("report options");
    add_report_query_options(options, query, "used");
    options.add_options()("output", po::value(&output)->default_value(output),
                          "folder for gpuprice-<condition>-<date>.csv and -listings.csv")(
        "format", po::value(&format),
        "also print to stdout: table or csv (default: table on a terminal)")(
        "chart", po::bool_switch(&chart), "write an SVG chart next to the CSV");
    if (!parse_command_options(
            "report",
            "Median prices and tensor GFLOPS per USD per model, ranked within VRAM classes.",
            options, args)) {
        return kExitOk;
    }
    resolve_report_query(query);
    if (!format.empty() && format != "table" && format != "csv") {
        throw UsageError("--format must be table or csv");
    }
    if (query.sparse) warn(global, "ranking by sparse figures: these only help inference");

    const auto catalog = load_catalog(global);
    auto db = open_existing_database(global, catalog);
    const auto loaded = load_report(db, catalog, query, schema::Details::With);
    if (!loaded) {
        std::cerr << "gpuprice: report: no prices in " << global.db_path
                  << " yet; run 'gpuprice fetch' (or 'gpuprice fetch --sample') first\n";
        return kExitFailure;
    }
    const auto& context = loaded->context;
    // The median, the mission's figure, keeps the plain name; any other basis is named in it.
    const auto basis = query.options.basis == analysis::PriceBasis::median
                           ? std::string()
                           : "-" + std::string(analysis::price_basis_name(query.options.basis));
    // EBAY_US keeps its file names; another marketplace's reports carry its id.
    const auto market = query.marketplace == "EBAY_US" ? "" : query.marketplace + "-";
    const auto base =
        output + "/gpuprice-" + market + query.condition_option + "-" + context.as_of + basis;
    const auto csv = analysis::report_csv(loaded->report, context);
    write_file_atomically(base + ".csv", csv);
    write_file_atomically(base + "-listings.csv", analysis::listings_csv(loaded->report, context));
    write_file_atomically(base + "-cleared.csv",
                          analysis::cleared_csv(loaded->evidence.clearances));
    progress(global, "wrote " + base + ".csv, -listings.csv and -cleared.csv");
    if (chart) {
        write_file_atomically(base + ".svg", analysis::svg_chart(loaded->report, context));
        progress(global, "wrote " + base + ".svg");
    }

    if (format.empty() && global.stdout_is_terminal && global.verbosity != Verbosity::Quiet) {
        format = "table";
    }
    if (format == "table") std::cout << analysis::report_table(loaded->report, context);
    if (format == "csv") std::cout << csv;
    return kExitOk;
}

}  // namespace gpuprice::cli
