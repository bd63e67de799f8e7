#include "analysis/box_planner.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <tuple>

#include "analysis/csv_format.hpp"
#include "analysis/report_csv.hpp"
#include "analysis/stale_prices.hpp"
#include "analysis/support_caveat.hpp"
#include "schema/domain/market.hpp"

namespace gpuprice::analysis {

namespace {

enum Constraint : unsigned { kBudget = 1, kSlots = 2, kWatts = 4 };

struct Kind {
    schema::ConditionClass condition = schema::ConditionClass::used;
    const schema::GpuModel* model = nullptr;
    schema::Cooler cooler = schema::Cooler::open_air;
    std::optional<double> slot_width;
    auto key() const {
        return std::make_tuple(condition, model->key, static_cast<int>(cooler),
                               slot_width.value_or(0));
    }
};

}  // namespace

double objective_value(const Plan& p, RankBy objective) {
    switch (objective) {
        case RankBy::tflops:
            return p.total_tflops.value_or(0);
        case RankBy::vram:
            return p.total_vram_gb;
        case RankBy::bandwidth:
            return p.total_bandwidth_gbs;
        case RankBy::training:
            return p.total_train_rel && !p.total_train_rel->extrapolated ? p.total_train_rel->value
                                                                         : 0;
        case RankBy::inference:
            return p.total_llm_tg_tok_s && !p.total_llm_tg_tok_s->extrapolated
                       ? p.total_llm_tg_tok_s->value
                       : 0;
    }
    return 0;
}

namespace {

// `figure` of one GPU for `gpus` of them, scaled by `share` (of throughput at a power limit).
std::optional<PerfFigure> times(const std::optional<PerfFigure>& figure, double gpus,
                                double share) {
    if (!figure) return std::nullopt;
    auto out = *figure;
    out.value *= gpus * share;
    return out;
}

bool better(const Plan& a, const Plan& b, RankBy objective) {
    if (a.thin != b.thin) return b.thin;  // evidence first: thin models after all the others
    const double va = objective_value(a, objective), vb = objective_value(b, objective);
    if (va != vb) return va > vb;
    if (a.total_usd != b.total_usd) return a.total_usd < b.total_usd;
    if (a.slots_used != b.slots_used) return a.slots_used < b.slots_used;
    return a.model.name < b.model.name;
}

int slots_used(int count, const CardBuild& build, bool risers) {
    if (!build.slot_width) return 0;  // SXM: no PCIe slot
    if (risers) return count;         // one board slot each, the cards placed elsewhere
    const int width = static_cast<int>(std::ceil(*build.slot_width - 1e-9));
    const int gaps = build.cooler == schema::Cooler::open_air ? count - 1 : 0;
    return count * width + gaps;
}

std::string plan_name(const Plan& p) {
    return std::to_string(p.count) + " x " + p.model.name + " (" +
           std::string(schema::cooler_name(p.cooler)) + ", " +
           std::string(schema::condition_name(p.condition)) + ")";
}

std::string constraint_names(unsigned mask) {
    std::vector<std::string> names;
    if (mask & kBudget) names.emplace_back("budget");
    if (mask & kSlots) names.emplace_back("slots");
    if (mask & kWatts) names.emplace_back("watts");
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i) out += i + 1 == names.size() ? " and " : ", ";
        out += names[i];
    }
    return out;
}

std::string shortfall(const Plan& p, unsigned mask, const BoxOptions& box) {
    std::vector<std::string> parts;
    if (mask & kBudget)
        parts.push_back(schema::format_money(p.total_usd, box.currency) + " of your " +
                        schema::format_money(box.budget_usd, box.currency));
    if (mask & kSlots) {
        parts.push_back(std::to_string(p.slots_used) + " slots of " + std::to_string(box.slots));
    }
    if (mask & kWatts) {
        parts.push_back(std::to_string(p.total_watts) + " W of the " +
                        std::to_string(box.gpu_watts()) + " W left for GPUs");
    }
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
    return out;
}

}  // namespace

bool usable_for_prices(const ListingLine& line) {
    return !line.outlier && !line.kept_out_as_suspect;
}

std::vector<std::string> plan_caveats(const schema::Catalog& catalog, const ReportRow& row,
                                      std::optional<schema::Cooler> cooler, const BoxOptions& box,
                                      const std::string& as_of) {
    const auto& model = row.model;
    std::vector<std::string> caveats;
    if (auto support = support_caveat(catalog, model); !support.warning.empty()) {
        caveats.push_back(support.warning);
    }
    if (auto stale = stale_prices_warning(as_of, box.today)) caveats.push_back(std::move(*stale));
    if (row.basis_listings < box.min_listings) {
        const int n = row.basis_listings;
        caveats.push_back("thin evidence: " + std::to_string(n) + " usable price" +
                          (n == 1 ? "" : "s") + " of the " + model.name + " " +
                          std::string(schema::condition_name(row.condition)) +
                          " (fewer than --min-listings " + std::to_string(box.min_listings) +
                          "): ranked after the models with enough");
    }
    if (!model.slots) {
        caveats.push_back(model.form_factor +
                          " module: needs an SXM carrier board or server, not a PCIe slot");
    } else {
        // A card for a PCIe slot that is not a plain PCIe card: a mining card's cut link, an
        // SXM2 module on an adapter board. skus.csv's form_factor says which; its source, why.
        if (model.form_factor != kPlainPcie) {
            caveats.push_back(model.form_factor +
                              ": not a plain PCIe card (link, cooling and power as the catalog's "
                              "source for the " +
                              model.name + " says)");
        }
        if (cooler == schema::Cooler::passive) {
            caveats.push_back("passive heatsink: needs server-chassis airflow (or a fan shroud)");
        }
    }
    if (auto overstated = overstated_peak_note(row.perf)) caveats.push_back(std::move(*overstated));
    return caveats;
}

CardBuilds card_builds(const Report& report, const schema::Catalog& catalog,
                       const schema::AttributeRules& rules) {
    CardBuilds builds;
    builds.cards.reserve(report.listings.size());
    for (std::size_t i = 0; i < report.listings.size(); ++i) {
        const auto& line = report.listings[i];
        auto& card = builds.cards.emplace_back();
        if (!usable_for_prices(line)) continue;
        const auto* model = catalog.find_model(line.observation.model);
        if (!model) continue;
        const auto stated = line.observation.attributes.value_or(schema::ListingAttributes{});
        card = CardBuilds::Card{model, card_build(*model, stated, rules, line.observation.title)};
        builds.cheapest_first.push_back(i);
    }
    std::stable_sort(builds.cheapest_first.begin(), builds.cheapest_first.end(),
                     [&](std::size_t a, std::size_t b) {
                         return report.listings[a].total_usd < report.listings[b].total_usd;
                     });
    return builds;
}

PlanResult plan_boxes(const Report& report, const schema::Catalog& catalog,
                      const schema::AttributeRules& rules, const ReportOptions& report_options,
                      const BoxOptions& box) {
    return plan_boxes(report, card_builds(report, catalog, rules), catalog, rules, report_options,
                      box);
}

PlanResult plan_boxes(const Report& report, const CardBuilds& builds,
                      const schema::Catalog& catalog, const schema::AttributeRules& rules,
                      const ReportOptions& report_options, const BoxOptions& box) {
    // Each model's report row per condition: the evidence behind its price.
    std::map<std::pair<schema::ConditionClass, std::string>, const ReportRow*> rows;
    for (const auto& row : report.rows) rows[{row.condition, row.model.key}] = &row;
    // Usable listings grouped by the kind of card they are, cheapest first. By pointer: a plan
    // copies only the listings it buys (copying every one was 45 MB of the night's page at a
    // year).
    struct Candidate {
        const ListingLine* line;
        const CardBuild* build;
    };
    std::map<decltype(Kind{}.key()), std::pair<Kind, std::vector<Candidate>>> kinds;
    bool any_vram = false, any_cooling = false;
    // Cheapest first: each kind's listings come in the order a plan buys them.
    for (const auto i : builds.cheapest_first) {
        const auto& line = report.listings[i];
        const auto& [model, build] = *builds.cards[i];
        if (model->vram_gb < box.min_vram_gb) continue;
        if (!model->slots && !box.include_sxm) continue;
        any_vram = true;
        if (box.cooling && build.cooler != *box.cooling) continue;
        any_cooling = true;
        Kind kind{line.condition, model, build.cooler, build.slot_width};
        auto& entry = kinds[kind.key()];
        entry.first = kind;
        entry.second.push_back({&line, &build});
    }

    PlanResult result;
    std::vector<Plan> fitting;
    // Per failure pattern: how many plans fail exactly so, and the closest such plan.
    std::map<unsigned, std::pair<int, Plan>> failures;
    bool any_count = false, any_precision = false, any_power = false;
    for (auto& [key, entry] : kinds) {
        auto& [kind, listings] = entry;
        const auto tflops =
            peak_tflops(catalog, *kind.model, report_options.precision, report_options.sparsity);
        if (const auto why = power_refusal(*kind.model, box.power_limit, rules.power)) {
            // Said when the cards were affordable: a limit the driver refuses is no plan (UX P6).
            double cheapest = 0;
            for (int i = 0; i < box.min_count && i < static_cast<int>(listings.size()); ++i)
                cheapest += listings[static_cast<std::size_t>(i)].line->total_usd;
            if (static_cast<int>(listings.size()) >= box.min_count && cheapest <= box.budget_usd &&
                std::find(result.refused.begin(), result.refused.end(), *why) ==
                    result.refused.end()) {
                result.refused.push_back(*why);
            }
            continue;
        }
        const auto power = card_power(*kind.model, box.power_limit, rules.power);
        if (!power) continue;  // under the measured curve: no figure for what it would do
        any_power = true;
        std::optional<Plan> best;
        for (int n = box.min_count; n <= box.max_count; ++n) {
            // Never more cards than there are listings to buy them from.
            if (n > static_cast<int>(listings.size())) break;
            any_count = true;
            if (box.objective == RankBy::tflops && !tflops) break;
            any_precision = true;
            Plan p;
            p.count = n;
            p.model = *kind.model;
            p.condition = kind.condition;
            p.cooler = kind.cooler;
            p.slot_width = kind.slot_width;
            for (int i = 0; i < n; ++i)
                p.listings.push_back({*listings[i].line, *listings[i].build});
            p.listings_of_kind = static_cast<int>(listings.size());
            const auto* row = rows.at({kind.condition, kind.model->key});
            p.model_listings = row->basis_listings;
            p.basis_usd = row->basis_usd;
            p.thin = row->basis_listings < box.min_listings;
            p.supported = row->support.supported;
            for (const auto& l : p.listings) p.total_usd += l.listing.total_usd;
            // n boards of `devices` GPUs each: the figures count GPUs, watts and slots boards.
            const int gpus = n * kind.model->devices;
            if (tflops) p.total_tflops = *tflops * power->throughput_share * gpus;
            p.tflops_estimated = power->limited;
            p.total_vram_gb = kind.model->vram_gb * gpus;
            p.total_bandwidth_gbs = kind.model->bandwidth_gbs * gpus;
            p.watts_per_card = power->watts;
            p.total_watts = p.watts_per_card * n;
            p.slots_used = slots_used(n, *listings.front().build, box.risers);
            if (p.total_tflops && p.total_usd > 0)
                p.gflops_per_usd = *p.total_tflops * 1000.0 / p.total_usd;
            p.total_train_rel = times(row->perf.train_rel, gpus, power->throughput_share);
            p.total_llm_tg_tok_s = times(row->perf.llm_tg_tok_s, gpus, 1.0);
            unsigned failed = 0;
            if (p.total_usd > box.budget_usd) failed |= kBudget;
            if (p.slots_used > box.slots) failed |= kSlots;
            if (p.total_watts > box.gpu_watts()) failed |= kWatts;
            if (failed) {
                auto& [count, closest] = failures[failed];
                if (count++ == 0 || p.total_usd < closest.total_usd) closest = p;
                continue;
            }
            p.caveats = plan_caveats(catalog, *row, kind.cooler, box, report_options.as_of);
            if (kind.model->devices > 1) {
                p.caveats.push_back(std::to_string(kind.model->devices) +
                                    " GPUs per board: software sees " + std::to_string(gpus) +
                                    " devices of " + format_number(kind.model->vram_gb, 0) + " GB");
            }
            for (auto& c : power_caveats(*kind.model, *power)) p.caveats.push_back(std::move(c));
            if (kind.cooler == schema::Cooler::water) {
                // UX P15: an AIO's radiator needs a place in the case, one per card.
                p.caveats.push_back(
                    "water-cooled: an AIO or hybrid card needs a radiator mount of its own (120 "
                    "to 360 mm), " +
                    std::to_string(n) + " for this box; a card with a water block needs a loop");
            }
            if (gpus > 1) {
                if (auto note = multi_gpu_note(catalog, *kind.model)) {
                    p.caveats.push_back(std::move(*note));
                }
            }
            if (box.risers && kind.cooler == schema::Cooler::open_air && n > 1) {
                p.caveats.push_back("open-air cards on risers: space them a slot apart");
            }
            if (!best || better(p, *best, box.objective)) best = std::move(p);
        }
        if (best) fitting.push_back(std::move(*best));
    }

    std::sort(fitting.begin(), fitting.end(),
              [&](const Plan& a, const Plan& b) { return better(a, b, box.objective); });
    // One plan per model, condition, cooler and count (UX P22): boards of another width that fit
    // too make the same box, and would take the places of other boxes. The better one stays.
    std::vector<Plan> distinct;
    for (auto& p : fitting) {
        const bool seen = std::any_of(distinct.begin(), distinct.end(), [&](const Plan& d) {
            return d.model.key == p.model.key && d.condition == p.condition &&
                   d.cooler == p.cooler && d.count == p.count;
        });
        if (!seen) distinct.push_back(std::move(p));
    }
    fitting = std::move(distinct);
    if (static_cast<int>(fitting.size()) > box.results) fitting.resize(box.results);
    for (std::size_t i = 0; i < fitting.size(); ++i) fitting[i].rank = static_cast<int>(i) + 1;
    result.plans = std::move(fitting);
    if (!result.plans.empty()) return result;

    // "with at least 0 GB" says nothing (UX N15): the VRAM floor is named only when asked for.
    const auto with_vram = box.min_vram_gb > 0
                               ? " with at least " + format_number(box.min_vram_gb, 0) + " GB"
                               : std::string();
    const auto counts = box.min_count == box.max_count ? std::to_string(box.min_count)
                                                       : std::to_string(box.min_count) + " to " +
                                                             std::to_string(box.max_count);
    if (!any_vram) {
        result.nothing_fits = "VRAM: no card" + with_vram + " has a usable listing";
    } else if (!any_cooling) {
        result.nothing_fits = "cooling: no usable listing of a " +
                              std::string(schema::cooler_name(*box.cooling)) + "-cooled card" +
                              with_vram;
    } else if (!any_power && !result.refused.empty()) {
        std::string why;
        for (const auto& r : result.refused) why += (why.empty() ? "" : "; ") + r;
        result.nothing_fits = "power limit: " + box.power_limit.label() +
                              " is under the minimum power of every card" + with_vram +
                              " within the budget: " + why;
    } else if (!any_power) {
        result.nothing_fits = "power limit: " + box.power_limit.label() + " is under " +
                              format_number(rules.power.lowest_share() * 100.0, 0) +
                              "% of TDP (the lowest power at which throughput was measured, "
                              "power_curve.csv) for every card" +
                              with_vram;
    } else if (!any_count) {
        result.nothing_fits = "listings: no card" + with_vram + " has " + counts +
                              " usable listings of one kind (model, condition, cooler, width)";
    } else if (!any_precision) {
        result.nothing_fits = "precision: no card with enough listings has " +
                              precision_label(report_options.precision, report_options.sparsity) +
                              " tensor cores";
    } else {
        // The binding constraint: the failure pattern with fewest constraints, most plans.
        auto pick = failures.begin();
        for (auto it = failures.begin(); it != failures.end(); ++it) {
            const auto bits = [](unsigned m) { return std::popcount(m); };
            if (bits(it->first) < bits(pick->first) ||
                (bits(it->first) == bits(pick->first) && it->second.first > pick->second.first)) {
                pick = it;
            }
        }
        const auto& [mask, seen] = *pick;
        const auto& [count, closest] = seen;
        result.nothing_fits = constraint_names(mask) + ": " + std::to_string(count) + " plan" +
                              (count == 1 ? " fails" : "s fail") + " only on " +
                              (std::popcount(mask) == 1 ? "it" : "these") + "; the cheapest, " +
                              plan_name(closest) + ", needs " + shortfall(closest, mask, box);
    }
    return result;
}

}  // namespace gpuprice::analysis
