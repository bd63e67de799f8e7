#include <algorithm>
#include <cstdlib>
#include <iostream>

#include "analysis/csv_format.hpp"
#include "analysis/html_page.hpp"
#include "analysis/listing_attributes.hpp"
#include "analysis/report_csv.hpp"
#include "analysis/report_table.hpp"
#include "analysis/stale_prices.hpp"
#include "app/night_page.hpp"
#include "app/report_files.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/message.hpp"
#include "cli/output_format.hpp"
#include "cli/page_box_option.hpp"
#include "cli/report_options.hpp"
#include "cli/terminal_width.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/market.hpp"
#include "schema/domain/price_flags.hpp"
#include "schema/system/locations.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

namespace {

// Every option that changes what a report holds (its rows, figures or ranks), in the file name
// before the date, so two reports of one night never overwrite each other (UX N3). The defaults
// add nothing: the plain name is the default report. The price basis follows the date, as it
// always has.
std::string options_in_name(const ReportQuery& query, const std::string& rank_by) {
    const auto& options = query.request.options;
    std::string name;
    if (query.precision != "fp16") name += "-" + query.precision;
    name += analysis::sparsity_suffix(options.sparsity);
    if (rank_by != "tflops") name += "-by-" + rank_by;
    // Before the date like every option (UX P7): after it, "-cleared" was the clearance list's
    // name, and `--price cleared` overwrote the default report's list.
    if (options.basis != analysis::PriceBasis::median)
        name += "-price-" + std::string(analysis::price_basis_name(options.basis));
    if (query.no_shipping) name += "-noship";
    if (query.request.days > 0) name += "-" + std::to_string(query.request.days) + "d";
    if (!query.request.since.empty()) name += "-since-" + query.request.since;
    if (options.min_vram_gb > 0)
        name += "-min" + analysis::format_number(options.min_vram_gb, 0) + "gb";
    if (options.min_listings != analysis::ReportOptions{}.min_listings)
        name += "-min" + std::to_string(options.min_listings) + "listings";
    if (query.supported_only) name += "-supported";
    if (options.include_sxm) name += "-sxm";
    // The flags let into the medians, in the table's order, whatever order they were typed in.
    const auto included = schema::kAllPriceFlags & ~query.request.filter.excluded_flags;
    if (included != 0) {
        auto names = schema::price_flag_names(included);
        std::replace(names.begin(), names.end(), ',', '+');
        name += "-incl-" + names;
    }
    return name;
}

}  // namespace

// The report users open in a spreadsheet. Steps: options, open database, load the nights asked
// for, compute, write CSVs (and the chart), print the table on a terminal.
int command_report(const GlobalOptions& global, const std::vector<std::string>& args) {
    ReportQuery query;
    std::string output = schema::default_report_dir();
    std::string format;
    std::string rank_by = "tflops";
    bool chart = false, no_files = false, check = false;
    std::vector<std::string> box_options;
    po::options_description options("report options");
    add_report_query_options(options, query, "used");
    options.add_options()(
        "output", po::value(&output)->default_value(output, "$XDG_DATA_HOME/gpuprice/reports"),
        "folder for gpuprice-<condition>[-<options>]-<date>.csv, -listings.csv, -cleared.csv")(
        "format", po::value(&format),
        "also print to stdout: table (the default, fitted to the terminal), csv, or none; or "
        "html: write the night's page (.html, self-contained) beside the CSVs instead")(
        "box", po::value(&box_options),
        "with --format html, a standard box the page plans, COUNT:BUDGET[:OUTLET_WATTS] "
        "(repeat for more; default 1:2000, 2:4000 and 4:8000 on 1440 W)")(
        "chart", po::bool_switch(&chart), "write an SVG chart next to the CSV")(
        "no-files", po::bool_switch(&no_files),
        "write no files: only print (a look at the terminal, nothing left behind)")(
        "check", po::bool_switch(&check),
        "check the options and stop: no database is read (gpuprice-nightly checks "
        "GPUPRICE_NIGHTLY_REPORTS so before it fetches)")(
        "include-sxm", po::bool_switch(&query.request.options.include_sxm),
        "rank SXM/OAM modules among the PCIe cards (default: shown apart, unranked: they need "
        "an SXM server)")(
        "rank-by", po::value(&rank_by)->default_value(rank_by),
        "tflops (GFLOPS per USD), bandwidth (GB/s per USD), vram (USD per GB, cheapest "
        "first), training (training throughput, RTX 3090 = 1, per 1,000 USD) or inference "
        "(llama.cpp tokens/s per 1,000 USD); training and inference are measured where "
        "published, else estimated");
    if (!parse_command_options(
            "report",
            "Median prices, GFLOPS, bandwidth and VRAM per USD per model, ranked within VRAM "
            "classes.",
            options, args)) {
        return kExitOk;
    }
    const auto rules = load_rules(global);
    resolve_report_query(query, rules.catalog);
    query.request.options.rank_by = rank_by_option(rank_by);
    // A table by default, or nothing when --quiet; the page is a file, not printed.
    const bool page = format == "html";
    const OutputFormat shown = page              ? OutputFormat::none
                               : !format.empty() ? output_format_option(format, NoneFormat::allowed)
                               : global.verbosity == Verbosity::Quiet ? OutputFormat::none
                                                                      : OutputFormat::table;
    if (!box_options.empty() && !page) throw UsageError("--box is for --format html");
    std::vector<app::PageBox> boxes;
    for (const auto& b : box_options) boxes.push_back(page_box_option(b));
    if (boxes.empty()) boxes = app::default_page_boxes();
    if (no_files && (shown == OutputFormat::none || page)) {
        throw UsageError("--no-files with --format none or html (or --quiet) would show nothing");
    }
    if (check) return kExitOk;
    if (query.sparse) warn(global, "ranking by sparse figures: these only help inference");

    auto db = open_database_for_reading(global, rules);
    auto loaded = app::load_report(db, rules.catalog, query.request, schema::Details::With);
    if (!loaded) {
        say("report: " + no_prices_yet(db.path(), query.marketplace));
        return kExitFailure;
    }
    const auto& context = loaded->context;
    // The default market keeps its file names; another market's reports carry its id.
    const auto market =
        query.marketplace == schema::default_market().id ? "" : query.marketplace + "-";
    const auto base = output + "/gpuprice-" + market + query.condition_option +
                      options_in_name(query, rank_by) + "-" + context.as_of;
    // Not only on a terminal: under cron these are the lines that should reach the mail.
    if (!context.nights_complete) warn(global, context.night_status);
    if (const auto stale = analysis::stale_prices_warning(context.as_of, schema::today()))
        warn(global, *stale);
    if (loaded->report.rows.empty()) {
        say("report: no matched listings for these conditions and filters (as of " + context.as_of +
            "); no files written");
        return kExitFailure;
    }
    if (!no_files) {
        // Listings matched before attributes were stored: read from their titles, for the
        // listings CSV and the page's plans alike (the page is written after the CSVs).
        app::fill_missing_attributes(*loaded, analysis::AttributeExtractor(rules.attributes));
        app::PageWriter html;
        if (page) {
            html = [&](const schema::AtomicFileSet::Sink& sink) {
                const auto input = app::night_page_input(db, rules, query.request, *loaded, boxes);
                analysis::write_html_page(loaded->report, context, input, sink);
            };
        }
        app::write_report_files(*loaded, base, chart ? app::Chart::with : app::Chart::without,
                                html);
        // Every file by its whole name: "-listings.csv" read as a sibling of another name.
        progress(global, "wrote " + base + ".csv, " + base + "-listings.csv, " + base +
                             "-cleared.csv" + (chart ? ", " + base + ".svg" : std::string()) +
                             (page ? ", " + base + ".html" : std::string()));
        // The page's path on stdout: what a script (or a person) opens next.
        if (page) std::cout << base << ".html\n";
    }

    // The table goes to stdout, a pipe included (`report | less`); --format none writes files only.
    if (shown == OutputFormat::table) {
        std::cout << analysis::report_table(loaded->report, context, terminal_width(global));
    }
    if (shown == OutputFormat::csv) std::cout << analysis::report_csv(loaded->report, context);
    return kExitOk;
}

}  // namespace gpuprice::cli
