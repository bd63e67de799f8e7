// The report: per model and condition, robust price statistics of the usable listings, joined
// with computed tensor TFLOPS, grouped by VRAM class and ranked by GFLOPS per USD.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/card_performance.hpp"
#include "analysis/clearance.hpp"
#include "analysis/price_basis.hpp"
#include "analysis/shipping.hpp"
#include "analysis/support_caveat.hpp"
#include "analysis/suspect_price.hpp"
#include "analysis/tensor_flops.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/market.hpp"
#include "schema/domain/observation.hpp"
#include "schema/domain/sold_item.hpp"
#include "schema/rules/catalog.hpp"

namespace gpuprice::analysis {

// What `rank` orders by within a condition and VRAM class: GFLOPS per USD (the precision asked
// for; cards showing a fallback figure are not ranked), GB/s of memory bandwidth per USD, USD
// per GB of VRAM (cheapest first), relative training throughput per 1,000 USD, or llama.cpp
// generated tokens/s per 1,000 USD (card_performance.hpp: measured, else estimated). All divide
// by the price basis.
enum class RankBy { tflops, bandwidth, vram, training, inference };

struct ReportOptions {
    std::vector<schema::ConditionClass> conditions = {schema::ConditionClass::used};
    std::string precision = "fp16";  // a precision of precisions.csv
    Sparsity sparsity = Sparsity::Dense;
    Shipping shipping = Shipping::Include;
    int min_listings = 3;  // fewer usable listings: shown, marked low_sample, not ranked
    double min_vram_gb = 0;
    std::string as_of;                      // the last night of the window, printed in every row
    PriceBasis basis = PriceBasis::median;  // the figure that ranks and divides the FLOPS
    RankBy rank_by = RankBy::tflops;
    bool supported_only = false;  // leave out cards current software no longer runs
    // SXM/OAM modules (no PCIe slot) are ranked among the PCIe cards only when asked; else they
    // are shown apart, unranked, after the ranked cards of their class (UX 12).
    bool include_sxm = false;
    // Listings the suspect-price rule flags (suspect_price.hpp) are kept out of every figure
    // unless asked for (`--include suspect-price`); flagged either way.
    bool include_suspect_prices = false;
    // The report's market: its price floor (in its currency) keeps prices under it out of every
    // figure, and money in words is written in its currency. Report assembly sets it.
    schema::Market market;
};

// What left the market and what sold, within the window the caller chose (default: the last
// 30 nights). Each clearance holds a copy of its listing's life.
struct MarketEvidence {
    // Every listing seen over the recent nights (the same window), once, at its latest price:
    // with the clearances and sales, what the suspect-price rule compares a price with. Empty:
    // the report's own observations serve.
    std::vector<schema::LatestPrice> recent;
    std::vector<Clearance> clearances;
    std::vector<schema::SoldPrice> sold;
    bool have_sold_data = false;  // any sold item fetched at all: else the sold columns are empty
};

struct ReportRow {
    schema::ConditionClass condition = schema::ConditionClass::used;
    schema::VramClass vram_class;
    std::optional<int> rank;  // within class and condition; none when low_sample
    // A copy, not a pointer into the catalog: a row (or a copy of one) never dangles.
    schema::GpuModel model;
    int listings = 0;  // usable, after outliers
    int outliers_removed = 0;
    int suspect_removed = 0;   // kept out as suspect prices
    int unknown_shipping = 0;  // listings priced without their (unknown) shipping
    double median_usd = 0;
    double p25_usd = 0;
    double p75_usd = 0;
    double min_usd = 0;
    std::optional<double> tflops;  // per board: the model's devices together
    std::optional<double> gflops_per_usd;
    std::string figure_precision;  // what `tflops` is for: the precision asked for, or fp32
    bool no_matrix_units = false;  // `tflops` is the vector fallback of a card without them
    std::optional<double> bandwidth_gbs_per_usd;  // per basis_usd, like gflops_per_usd
    std::optional<double> usd_per_gb_vram;
    SupportCaveat support;
    bool low_sample = false;
    // An SXM/OAM module that would be ranked but is shown apart (ReportOptions::include_sxm).
    bool module_apart = false;
    std::optional<double> change_7d_pct;
    std::optional<double> change_30d_pct;
    // Honest prices (see MarketEvidence), outliers removed by the same rule.
    std::optional<double> cleared_median_usd;
    int cleared_listings = 0;
    std::optional<double> median_days_listed;
    std::optional<double> sold_median_usd;
    std::optional<int> sold_listings;        // nullopt when there is no sold data at all
    std::optional<double> lowest3_mean_usd;  // nullopt with fewer than 3 usable listings
    std::optional<double> basis_usd;  // the figure options.basis chose; ranks and divides FLOPS
    int basis_listings = 0;           // how many prices stand behind basis_usd
    // What the card does (per device, measured or estimated; card_performance.hpp), and per
    // 1,000 of the basis: training per board (its devices train together), generation per
    // device (one model's tokens do not come faster from a second GPU on the board).
    CardPerformance perf;
    std::optional<double> train_rel;  // per board, RTX 3090 = 1
    std::optional<double> train_per_kusd;
    std::optional<double> llm_tg_per_kusd;
};

// One listing as it entered (or was kept out of) a median, for the per-listing CSV.
struct ListingLine {
    schema::PricedObservation observation;  // a line outlives the vector it came from
    schema::ConditionClass condition = schema::ConditionClass::used;
    double total_usd = 0;
    bool outlier = false;
    std::string model_name;  // the display name of observation.model's SKU
    // What the suspect-price rule found, whether or not the report let the listing in.
    std::optional<SuspectPrice> suspect;
    bool kept_out_as_suspect = false;  // flagged and not included: in no figure
};

struct Report {
    std::vector<ReportRow> rows;  // by condition, then VRAM class, then rank
    std::vector<ListingLine> listings;
};

// Listings of conditions not asked for, or of models below min_vram_gb, are left out. `lines`
// come with only their observation set; the report keeps them, completed and in its order (a
// caller reads the observations straight into lines: at a year, 30 nights' listings with their
// titles are 70 MB, and a second copy of them was the report's peak).
Report build_report(std::vector<ListingLine> lines, const schema::Catalog& catalog,
                    const ReportOptions& options, const MarketEvidence& evidence = {});
// The same from observations, moved into lines first.
Report build_report(std::vector<schema::PricedObservation> observations,
                    const schema::Catalog& catalog, const ReportOptions& options,
                    const MarketEvidence& evidence = {});

// The same report's rows alone (no listings' lines), from each listing's latest price and no more:
// what the change columns compare, at a fifth of the memory (no evidence: the window's own prices
// are the suspect-price rule's reference).
Report build_report_rows(std::vector<schema::LatestPrice> prices, const schema::Catalog& catalog,
                         const ReportOptions& options);

// The price a buyer pays: price plus shipping when known and included.
double buyer_total(const schema::PricedObservation& o, Shipping shipping);

// Percentage change of `now` against `then`.
double percent_change(double now, double then);

// Fills change_7d_pct / change_30d_pct from reports of the same options on earlier nights;
// rows are matched by SKU key and condition, so the reports may come from any catalog object.
void attach_changes(Report& report, const Report* week_ago, const Report* month_ago);

}  // namespace gpuprice::analysis
