#include "analysis/plan_options.hpp"

#include <algorithm>
#include <optional>

#include "analysis/csv_format.hpp"
#include "schema/domain/market.hpp"

namespace gpuprice::analysis {

namespace {

// A box option changed: the flag a buyer passes, why it may be open to them, and the box.
struct Option {
    std::string flag;
    std::string why;
    BoxOptions box;
};

double per_money(const Plan& p, RankBy objective) {
    return p.total_usd > 0 ? objective_value(p, objective) / p.total_usd : 0;
}

bool same_box(const Plan& a, const Plan& b) {
    return a.model.key == b.model.key && a.condition == b.condition && a.cooler == b.cooler &&
           a.count == b.count;
}

// Whether `p` beats `first` (the plan the options give now; none: anything fits is better).
bool beats(const Plan& p, const Plan* first, RankBy objective) {
    if (p.thin) return false;
    if (!first) return true;
    const double v = objective_value(p, objective), v1 = objective_value(*first, objective);
    if (v > v1) return true;
    return v >= kBetterShare * v1 && per_money(p, objective) > per_money(*first, objective);
}

std::string unit_of(RankBy objective) {
    switch (objective) {
        case RankBy::tflops:
            return "TFLOPS";
        case RankBy::vram:
            return "GB";
        case RankBy::bandwidth:
            return "GB/s";
        case RankBy::training:
            return "x an RTX 3090's training";
        case RankBy::inference:
            return "tokens/s";
    }
    return "";
}

std::string describe(const Option& option, const Plan& p, const Plan* first, RankBy objective,
                     const std::string& currency) {
    const auto unit = unit_of(objective);
    const int decimals = objective == RankBy::tflops || objective == RankBy::training ? 1 : 0;
    std::string text = "with " + option.flag + " (" + option.why + "): " + std::to_string(p.count) +
                       " x " + p.model.name + " (" + std::string(schema::cooler_name(p.cooler)) +
                       ", " + std::string(schema::condition_name(p.condition)) + "), " +
                       schema::format_money(p.total_usd, currency) + ", " +
                       format_number(objective_value(p, objective), decimals) + " " + unit;
    if (!first) return text + ", where nothing fits now";
    const double dv = objective_value(p, objective) - objective_value(*first, objective);
    const double dm = p.total_usd - first->total_usd;
    const double dper = 100 * (per_money(p, objective) / per_money(*first, objective) - 1);
    text += ": " + format_number(std::abs(dv), decimals) + " " + unit +
            (dv >= 0 ? " more" : " fewer") + " than #1 (" + std::to_string(first->count) + " x " +
            first->model.name + ", " + format_number(objective_value(*first, objective), decimals) +
            "), " + schema::format_money(std::abs(dm), currency) + (dm <= 0 ? " less" : " more") +
            ", " + format_number(std::abs(dper), 1) + "% " + (dper >= 0 ? "more" : "less") + " " +
            unit + " " + schema::money_heading("per $", currency);
    return text;
}

}  // namespace

std::vector<std::string> better_with(const Report& report, const schema::Catalog& catalog,
                                     const schema::AttributeRules& rules,
                                     const ReportOptions& report_options, const BoxOptions& box,
                                     const PlanResult& result) {
    return better_with(report, card_builds(report, catalog, rules), catalog, rules, report_options,
                       box, result);
}

std::vector<std::string> better_with(const Report& report, const CardBuilds& builds,
                                     const schema::Catalog& catalog,
                                     const schema::AttributeRules& rules,
                                     const ReportOptions& report_options, const BoxOptions& box,
                                     const PlanResult& result) {
    const Plan* first = result.plans.empty() ? nullptr : &result.plans.front();
    // Every box the options admit now, not only the plans shown: a box they admit is no news.
    auto every = box;
    every.results = 1 << 20;
    const auto now = plan_boxes(report, builds, catalog, rules, report_options, every);
    std::vector<Option> options;
    {
        Option wide{"--slots N", "a case with more slot openings", box};
        wide.box.slots = box.slots * 3;
        options.push_back(wide);
    }
    if (!box.risers) {
        Option risers{"--risers", "the cards on riser cables, each taking one board slot", box};
        risers.box.risers = true;
        options.push_back(risers);
    }
    if (!box.power_limit.percent && !box.power_limit.watts) {
        for (const bool risers : {false, true}) {
            if (risers && box.risers) continue;
            for (const double percent : kTriedLimits) {
                Option limit{(risers ? "--risers --power-limit " : "--power-limit ") +
                                 format_number(percent, 0) + "%",
                             "nvidia-smi -pl on every card; throughput estimated", box};
                limit.box.power_limit.percent = percent;
                limit.box.risers = box.risers || risers;
                options.push_back(limit);
            }
        }
    }
    if (box.cooling) {
        Option any{"any cooling",
                   "without --cooling " + std::string(schema::cooler_name(*box.cooling)), box};
        any.box.cooling.reset();
        options.push_back(any);
    }
    std::vector<std::string> out;
    std::vector<const Plan*> named;  // a box already named under a milder option
    std::vector<PlanResult> results;
    results.reserve(options.size());
    for (auto& option : options) {
        option.box.results = every.results;  // the best that beats #1 may rank below others
        results.push_back(plan_boxes(report, builds, catalog, rules, report_options, option.box));
        const bool wider = option.flag == "--slots N";
        const Plan* pick = nullptr;
        for (const auto& p : results.back().plans) {
            const bool admitted_now = std::any_of(now.plans.begin(), now.plans.end(),
                                                  [&](const Plan& r) { return same_box(r, p); });
            const bool said = std::any_of(named.begin(), named.end(),
                                          [&](const Plan* n) { return same_box(*n, p); });
            if (admitted_now || said || !beats(p, first, box.objective)) continue;
            // The best plan the option admits; for more slots, the fewest that admit a better
            // box (an 8th opening is a case, an 11th a server chassis).
            if (!pick || (wider && p.slots_used < pick->slots_used)) pick = &p;
            if (!wider) break;
        }
        if (!pick) continue;
        if (wider) {
            option.flag = "--slots " + std::to_string(pick->slots_used);
            option.why = "a case with " + std::to_string(pick->slots_used) + " slot openings";
        }
        out.push_back(describe(option, *pick, first, box.objective, box.currency));
        named.push_back(pick);
    }
    return out;
}

}  // namespace gpuprice::analysis
