// The multi-GPU build planner behind `gpuprice recommend --count`: which N cards to put in one
// box, priced from the N cheapest real listings that fit the plan, within the budget, the board's
// slots and the outlet. Pure: the report's listings, the catalog and the box in, ranked plans out.
//
// A plan is N listings of one model, condition, cooler and slot width. Slots used: the cards'
// widths (rounded up to whole slots), plus one free slot between open-air cards, which blow into
// the card next to them; blower, water-cooled and passive cards may sit side by side. With
// risers each card takes one board slot. Watts: every card's TDP after the power limit, against
// the outlet minus the rest of the system. Plans are ranked by the evidence first (a model with
// fewer prices than --min-listings behind its price, as `report` leaves it unranked, comes after
// every model with enough), then by the objective's total (TFLOPS at the report's precision,
// VRAM or memory bandwidth), then by price.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/card_build.hpp"
#include "analysis/power_limit.hpp"
#include "analysis/price_report.hpp"
#include "schema/rules/attribute_rules.hpp"

namespace gpuprice::analysis {

struct BoxOptions {
    int min_count = 1;  // --count N gives N..N; --max-count M gives 1..M
    int max_count = 1;
    int slots = 7;            // slot widths the cards may take
    int outlet_watts = 1440;  // continuous load of the circuit
    int system_watts = 400;   // CPU, board, drives, PSU losses
    PowerLimit power_limit;
    std::optional<schema::Cooler> cooling;  // nullopt: any
    bool risers = false;
    double budget_usd = 0;
    std::string currency;  // of the budget and every price (the market's), for messages
    double min_vram_gb = 0;
    bool include_sxm = false;
    // What a build maximises in total: a report's ranking key (rank_by_name names it). training:
    // total training throughput (RTX 3090 = 1 per GPU, at the power limit); inference: total
    // llama.cpp generated tokens/s, one model per GPU. Both are measured where published, else
    // estimated (card_performance.hpp); a guess across vendors counts 0.
    RankBy objective = RankBy::tflops;
    // A model with fewer prices than this behind its price basis (the report's --min-listings
    // rule): its plans rank after every plan with enough, marked, and its advice is not given.
    int min_listings = 3;
    int results = 5;          // plans shown
    int cards_per_class = 1;  // single-card advice: the best N cards of each class (UX N16)
    std::string today;        // YYYY-MM-DD, for the age of the prices

    int gpu_watts() const { return outlet_watts - system_watts; }
};

struct PlannedListing {
    ListingLine listing;  // a copy: a plan outlives the report it was drawn from
    CardBuild build;
};

struct Plan {
    int rank = 0;
    int count = 0;  // boards; each carries model.devices GPUs, which the totals count
    schema::GpuModel model;
    schema::ConditionClass condition = schema::ConditionClass::used;
    schema::Cooler cooler = schema::Cooler::open_air;
    std::optional<double> slot_width;      // per card; nullopt for SXM
    std::vector<PlannedListing> listings;  // the `count` cheapest of their kind
    int listings_of_kind = 0;              // usable listings of this model, condition, build
    // The model's prices behind the report's price basis (in this condition), and whether they
    // are fewer than --min-listings: such a plan ranks after every plan with enough.
    int model_listings = 0;
    bool thin = false;
    std::optional<double> basis_usd;  // the model's price on the report's basis
    double total_usd = 0;
    std::optional<double> total_tflops;  // at the power limit: an estimate when tflops_estimated
    bool tflops_estimated = false;
    double total_vram_gb = 0;
    double total_bandwidth_gbs = 0;
    int watts_per_card = 0;
    int total_watts = 0;
    int slots_used = 0;
    std::optional<double> gflops_per_usd;
    // What the cards do together (card_performance.hpp): training at the power limit, RTX 3090
    // = 1 per GPU; llama.cpp generation with one model per GPU. nullopt: no figure.
    std::optional<PerfFigure> total_train_rel;
    std::optional<PerfFigure> total_llm_tg_tok_s;
    std::vector<std::string> caveats;
    bool supported = true;  // current CUDA/ROCm and PyTorch wheels run the card (its support)
};

struct PlanResult {
    std::vector<Plan> plans;
    // When nothing fits: the binding constraint (budget, slots, watts, VRAM, listings, cooling)
    // and why, in one sentence.
    std::string nothing_fits;
    // What would admit a better box within the budget: the option and the plan it admits, one
    // sentence each ("with --slots 8 (...): 4 x RTX A5000 blower, $4,627, ..."); plan_options.
    std::vector<std::string> better_with;
    // Models within the budget that the power limit asked for leaves out, each with why: the
    // limit is under the card's driver minimum, or under the floor assumed where it is unknown.
    std::vector<std::string> refused;
};

// `report` must be built with the same precision as asked; its listings are the candidates
// (outliers never price a plan). `as_of` is the night of the prices.
PlanResult plan_boxes(const Report& report, const schema::Catalog& catalog,
                      const schema::AttributeRules& rules, const ReportOptions& report_options,
                      const BoxOptions& box);

// What plan_boxes reads of a report's listings whatever the box: each one's model and build
// (card_build), by its place in report.listings (nullopt for a listing no plan buys: not usable
// for prices, or of no catalog model), and their places cheapest first (ties in the report's
// order), the order a plan buys them in. better_with plans one report for ten boxes and works
// them out once: each plan tokenizing the titles, finding each listing's model and sorting its
// kinds again was most of `recommend`'s own CPU at a year.
struct CardBuilds {
    struct Card {
        const schema::GpuModel* model = nullptr;
        CardBuild build;
    };
    std::vector<std::optional<Card>> cards;
    std::vector<std::size_t> cheapest_first;
};
CardBuilds card_builds(const Report& report, const schema::Catalog& catalog,
                       const schema::AttributeRules& rules);
// plan_boxes with the builds card_builds gave for `report`.
PlanResult plan_boxes(const Report& report, const CardBuilds& builds,
                      const schema::Catalog& catalog, const schema::AttributeRules& rules,
                      const ReportOptions& report_options, const BoxOptions& box);

// The plan's total of what `objective` maximises: TFLOPS, GB of VRAM or GB/s.
double objective_value(const Plan& plan, RankBy objective);

// True when a listing may price a plan: the same listings a median is taken from (no outlier, no
// suspect price kept out; listings flagged abroad or from doubtful sellers never reach the
// report at all).
bool usable_for_prices(const ListingLine& line);

// skus.csv's form_factor of a plain PCIe card; any other form factor of a card with a slot width
// (a mining card's cut link, an SXM2 module on an adapter) is a caveat.
inline constexpr std::string_view kPlainPcie = "PCIe";

// The caveats every recommendation carries: software support, stale prices, thin evidence, SXM,
// a PCIe card that is not a plain one, passive cooling.
// `row` is the model's report row in the plan's condition: its evidence.
std::vector<std::string> plan_caveats(const schema::Catalog& catalog, const ReportRow& row,
                                      std::optional<schema::Cooler> cooler, const BoxOptions& box,
                                      const std::string& as_of);

}  // namespace gpuprice::analysis
