#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "analysis/plan_output.hpp"
#include "analysis/power_limit.hpp"
#include "app/plan_assembly.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/message.hpp"
#include "cli/output_format.hpp"
#include "cli/report_options.hpp"
#include "cli/terminal_width.hpp"
#include "schema/domain/clock.hpp"
#include "schema/system/locations.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

// What to buy: with --count or --max-count, whole multi-GPU builds that fit the box (slots,
// outlet, power limit, cooling) and the budget, priced from real listings; without, the best
// single card per VRAM class as `report` ranks them. Steps: options, database, report (all VRAM
// classes, so ranks match `report`), plan, print.
int command_recommend(const GlobalOptions& global, const std::vector<std::string>& args) {
    ReportQuery query;
    app::PlanRequest plan;
    auto& box = plan.box;
    int count = 0, max_count = 0;
    std::string power_limit = "none", cooling = "any", objective = "tflops", format = "table";
    std::optional<std::string> refused_limit;
    po::options_description options("recommend options");
    add_report_query_options(options, query, "used");
    options.add_options()(
        "budget", po::value(&box.budget_usd)->required(),
        "for all the cards together, shipping included, in the marketplace's currency "
        "(required)")("count", po::value(&count),
                      "plan a box of exactly N cards (default, and --count 1: the best single "
                      "card per VRAM class)")(
        "max-count", po::value(&max_count),
        "plan boxes of 1 to N cards, the best count for each card")(
        "slots", po::value(&box.slots)->default_value(box.slots),
        "slot widths the cards may take on the board, in slots (a card hanging past the last "
        "slot needs a case opening there: count it)")(
        "outlet-watts", po::value(&box.outlet_watts)->default_value(box.outlet_watts),
        "continuous watts of the circuit, in W (1440: 15 A at 120 V, 80% continuous)")(
        "system-watts", po::value(&box.system_watts)->default_value(box.system_watts),
        "watts the rest of the box draws (CPU, board, drives, PSU losses), in W")(
        "power-limit", po::value(&power_limit)->default_value(power_limit),
        "per-card limit: PCT% of TDP (e.g. 80%) or W per card (e.g. 275); never under a "
        "card's minimum, TFLOPS estimated at the limit (schema/catalog/power_curve.csv)")(
        "cooling", po::value(&cooling)->default_value(cooling),
        "any, blower, water, passive or open-air (from the listing's title, else the "
        "reference design)")(
        "risers", po::bool_switch(&box.risers),
        "cards on riser cables: one board slot each, no free slot between open-air cards")(
        "include-sxm", po::bool_switch(&box.include_sxm),
        "also plan SXM modules (they need an SXM carrier board, not a PCIe slot)")(
        "objective", po::value(&objective)->default_value(objective),
        "what a build maximises: tflops (total dense TFLOPS at --precision), vram (total GB), "
        "bandwidth (total GB/s), training (total training throughput, RTX 3090 = 1 per GPU) or "
        "inference (total llama.cpp tokens/s, a model per GPU); single cards rank as report "
        "--rank-by training/inference does")(
        "results", po::value(&box.results)->default_value(box.results),
        "how many builds to show; single cards: how many per VRAM "
        "class (default 1)")("format", po::value(&format)->default_value(format),
                             "table (within 100 columns) or csv (one row per build)");
    const auto vm = parse_command_options(
        "recommend",
        "What to buy for a deep-learning box: builds of --count cards that fit the board's "
        "slots, the outlet and the budget, priced from the cheapest real listings; or the "
        "best single card per VRAM class.",
        options, args);
    if (!vm) return kExitOk;
    const auto rules = load_rules(global);
    resolve_report_query(query, rules.catalog);
    if (box.budget_usd <= 0) throw UsageError("--budget must be positive");
    if (count && max_count) throw UsageError("use --count or --max-count, not both");
    // A box holds a handful of cards; a bound also keeps tdp x count far from overflow.
    // --count 0 is no box (UX P16: it was taken as single-card mode).
    if ((vm->count("count") && count < 1) || (vm->count("max-count") && max_count < 1) ||
        count > 64 || max_count > 64) {
        throw UsageError("--count and --max-count must be 1..64");
    }
    if (count) box.min_count = box.max_count = count;
    if (max_count) box.max_count = max_count;
    if (box.slots < 1) throw UsageError("--slots must be at least 1");
    if (box.outlet_watts < 1) throw UsageError("--outlet-watts must be positive (W)");
    if (box.system_watts < 0) throw UsageError("--system-watts must not be negative (W)");
    if (box.system_watts >= box.outlet_watts) {
        throw UsageError("--system-watts " + std::to_string(box.system_watts) +
                         " leaves nothing of --outlet-watts " + std::to_string(box.outlet_watts) +
                         " for the GPUs");
    }
    if (power_limit != "none") {
        const auto parsed = analysis::parse_power_limit(power_limit);
        if (!parsed) {
            throw UsageError("--power-limit '" + power_limit +
                             "' is not a percentage of TDP (1% to 100%) or watts per card");
        }
        // Refused after the other options are checked, naming the cards the plans would choose
        // without it (UX: all 40 ranges on one line were no help).
        if (const auto why = analysis::refused_power_limit(*parsed, rules.attributes.power)) {
            refused_limit = "--power-limit " + power_limit + ": " + *why;
        } else {
            box.power_limit = *parsed;
        }
        // "80" is 80 W per card: said, in case 80% was meant (UX P16).
        if (parsed->watts && *parsed->watts <= 100 &&
            power_limit.find_first_of("wW") == std::string::npos) {
            warn(global, "--power-limit " + power_limit + " is " + power_limit +
                             " W per card; for a share of each card's TDP write " + power_limit +
                             "%");
        }
    }
    if (cooling != "any") {
        box.cooling = schema::parse_cooler(cooling);
        if (!box.cooling) {
            throw UsageError("--cooling '" + cooling +
                             "' is not any, blower, water, passive or open-air");
        }
    }
    const auto parsed_objective = analysis::parse_rank_by(objective);
    if (!parsed_objective) {
        throw UsageError("--objective '" + objective +
                         "' is not tflops, vram, bandwidth, training or inference");
    }
    box.objective = *parsed_objective;
    // Single-card advice follows the report's ranking: by what the card does when asked.
    if (box.objective == analysis::RankBy::training || box.objective == analysis::RankBy::inference)
        query.request.options.rank_by = box.objective;
    if (box.results < 1) throw UsageError("--results must be at least 1");
    // Single cards: the class's #1 unless more were asked for (UX N16).
    if (!vm->at("results").defaulted()) box.cards_per_class = box.results;
    const bool csv = output_format_option(format) == OutputFormat::csv;
    box.min_listings = query.request.options.min_listings;
    // Ranks as `report --include-sxm` ranks them when modules are planned, else as `report`.
    query.request.options.include_sxm = box.include_sxm;
    box.min_vram_gb = query.request.options.min_vram_gb;
    box.today = schema::today();
    plan.report = query.request;
    // One card is the single-card advice, ranked as `report` ranks (--count 1 included).
    plan.builds = box.max_count > 1;

    auto db = open_database_for_reading(global, rules);
    const auto answer = app::recommend(db, rules, plan);
    if (refused_limit) {
        std::vector<schema::GpuModel> chosen;
        if (answer) {
            for (const auto& p : answer->plans.plans) chosen.push_back(p.model);
            for (const auto& a : answer->advice) chosen.push_back(a.row.model);
        }
        throw UsageError(
            analysis::refusal_with_ranges(*refused_limit, chosen, rules.attributes.power));
    }
    if (!answer) {
        say("recommend: " + no_prices_yet(db.path(), query.marketplace));
        return kExitFailure;
    }
    const auto& context = answer->loaded.context;
    if (!context.nights_complete) warn(global, context.night_status);
    // The terminal's width, at most the 100 columns a plan's lines were written for (UX N15:
    // 99 columns on an 80-column terminal); 100 into a file or a pipe without $COLUMNS.
    constexpr int kMost = static_cast<int>(analysis::kPlanWidth);
    const auto width =
        static_cast<std::size_t>(std::clamp(terminal_width(global, kMost), 60, kMost));
    if (!csv) {
        std::cout << analysis::plan_header(box, context, query.request.options.conditions, width);
    }
    if (!plan.builds) {
        std::cout << (csv ? analysis::advice_csv(answer->advice, box, context)
                          : analysis::advice_table(answer->advice, context, width));
        return kExitOk;
    }
    std::cout << (csv ? analysis::plans_csv(answer->plans, box, context)
                      : analysis::plans_table(answer->plans, context, width));
    if (answer->plans.plans.empty() && csv) {
        say("recommend: nothing fits: " + answer->plans.nothing_fits);
    }
    return kExitOk;
}

}  // namespace gpuprice::cli
