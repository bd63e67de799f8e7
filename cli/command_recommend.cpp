#include <iostream>

#include "analysis/recommend.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/report_query.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

// What to buy for a budget: the report's ranking, filtered by price, power and count.
int command_recommend(const GlobalOptions& global, const std::vector<std::string>& args) {
    ReportQuery query;
    analysis::RecommendOptions advice;
    int max_watts = 0;
    po::options_description options("recommend options");
    add_report_query_options(options, query, "used");
    options.add_options()("budget", po::value(&advice.budget_usd)->required(),
                          "USD for all cards together")(
        "count", po::value(&advice.count)->default_value(1), "how many cards")(
        "max-watts", po::value(&max_watts)->default_value(0), "total TDP allowed (0: no limit)")(
        "results", po::value(&advice.results)->default_value(5), "how many suggestions")(
        "include-sxm", po::bool_switch(&advice.include_sxm),
        "also suggest SXM modules (they need an SXM server board, not a PCIe slot)");
    if (!parse_command_options("recommend",
                               "The best GFLOPS per USD within a budget, largest VRAM class first.",
                               options, args)) {
        return kExitOk;
    }
    resolve_report_query(query);
    if (advice.budget_usd <= 0) throw UsageError("--budget must be positive");
    // A box holds a handful of cards; a bound also keeps tdp x count far from overflow.
    if (advice.count < 1 || advice.count > 64) throw UsageError("--count must be 1..64");
    if (advice.results < 1) throw UsageError("--results must be at least 1");
    if (max_watts < 0) throw UsageError("--max-watts must not be negative");
    if (max_watts > 0) advice.max_watts = max_watts;
    advice.basis = query.options.basis;

    const auto catalog = load_catalog(global);
    auto db = open_database_for_reading(global, catalog);
    const auto loaded = load_report(db, catalog, query, schema::Details::Without);
    if (!loaded) {
        std::cerr << "gpuprice: recommend: no prices yet; run 'gpuprice fetch' first\n";
        return kExitFailure;
    }
    if (loaded->context.night_status != "complete" && global.verbosity != Verbosity::Quiet) {
        std::cerr << "gpuprice: warning: " << loaded->context.night_status << '\n';
    }
    const auto picks = analysis::recommend(
        loaded->report, advice,
        analysis::precision_label(query.options.precision, query.options.sparsity));
    if (picks.empty()) {
        std::cout << "nothing ranked fits $" << advice.budget_usd
                  << (advice.max_watts ? " and the power limit" : "") << " (as of "
                  << loaded->context.as_of << ")\n";
        return kExitOk;
    }
    int n = 0;
    for (const auto& p : picks) std::cout << ++n << ". " << p.reasoning << '\n';
    return kExitOk;
}

}  // namespace gpuprice::cli
