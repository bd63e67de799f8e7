// What a card does, beside what its peak FLOPS promise: training throughput relative to the RTX
// 3090 and llama.cpp token generation / prompt processing, from the catalog's published
// measurements (measured_performance.csv) where a card has them, else estimated by a model fitted
// on the measured cards. Every figure says which it is. Pure functions of the catalog.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "schema/rules/catalog.hpp"

namespace gpuprice::analysis {

// The card every training figure is relative to (train_rel 1.00), measured in every Lambda run.
inline constexpr std::string_view kReferenceSku = "rtx-3090";
// What the inference figures are: the RTX 3090's figures of these workloads (llama-bench tg128 and
// pp512 of llama 7B Q4_0) times a card's ratio to the 3090 of its own run.
inline constexpr std::string_view kGenerationAnchor = "llm-tg:llama-7b-q4_0-tg128";
inline constexpr std::string_view kPromptAnchor = "llm-pp:llama-7b-q4_0-pp512";

enum class PerfBasis { measured, estimated };
std::string_view perf_basis_name(PerfBasis basis);  // "measured", "estimated"

struct PerfFigure {
    double value = 0;
    PerfBasis basis = PerfBasis::estimated;
    // An estimate for a card of a vendor none of whose measured cards is like it (matrix units or
    // none): the model's intercept alone, extrapolated across vendors. Shown, never ranked by.
    bool extrapolated = false;
};

// Per device (one GPU of a board of several).
struct CardPerformance {
    std::optional<PerfFigure> train_rel;     // FP16 mixed-precision training, RTX 3090 = 1
    std::optional<PerfFigure> llm_tg_tok_s;  // llama-bench tg128, 7B Q4_0, tokens/s
    std::optional<PerfFigure> llm_pp_tok_s;  // llama-bench pp512, 7B Q4_0, tokens/s
    // What its peak FP16 figure promises against the RTX 3090's (peak / the 3090's peak); none
    // for a card without matrix units, whose vector figure promises nothing comparable.
    std::optional<double> peak_promise;
};

// The workloads the model estimates.
enum class PerfTarget { training, generation, prompt };

// One card's measured figure of `target`: its figures against the RTX 3090's of the same run and
// workload (geometric mean over the workloads both ran; runs combined by geometric mean); for
// inference times the 3090's anchor figure (kGenerationAnchor, kPromptAnchor: the geometric mean
// of the 3090's figures of it over the runs), and a run without the 3090 counts with its anchor
// figure as published (RunRatio::absolute).
std::map<std::string, double, std::less<>> measured_figures(const schema::Catalog& catalog,
                                                            PerfTarget target);

// A run's reduction, for scripts/eval-performance-model: a card's figures of one workload kind
// relative to the run's RTX 3090 and over how many workloads. A run without the 3090 compares with
// nothing, except its figure of the target's anchor workload (llama-bench tg128 / pp512 of llama
// 7B Q4_0), which is already on the scale the inference figures are given in: that one is kept as
// published (`absolute`, ratio = tokens/s). Training has no such workload.
struct RunRatio {
    std::string run;
    std::string sku;
    double ratio = 0;
    int workloads = 0;
    bool absolute = false;
};
std::vector<RunRatio> run_ratios(const std::vector<schema::Measurement>& measurements,
                                 PerfTarget target);

// log(figure) = c + d_arch + sum s_j x_j over the target's features (training: log peak FP16 and
// log bandwidth against the RTX 3090's; generation: log bandwidth with slope 1, i.e. a fraction
// of bandwidth; prompt: log peak FP16 with FP16 accumulate). d_arch, the architecture's own offset
// (for an architecture nobody measured: see knows_architecture), is shrunk toward 0 by a ridge of
// kArchitectureRidge, and is 0 for an architecture nobody measured. Fitted on the measured cards.
inline constexpr double kArchitectureRidge = 1.0;

struct PerfModel {
    PerfTarget target = PerfTarget::training;
    double intercept = 0;
    std::vector<double> slopes;
    std::map<std::string, double, std::less<>> arch_offset;
    int samples = 0;
};

// The features of `model` for `target`; nullopt when the card lacks a needed figure or the
// catalog lacks the reference card.
std::optional<std::vector<double>> perf_features(const schema::Catalog& catalog,
                                                 const schema::GpuModel& model, PerfTarget target);

// Fits on `measured` (SKU key -> figure), leaving out `leave_out` (a key, or empty). nullopt with
// fewer than two usable cards.
std::optional<PerfModel> fit_perf_model(const schema::Catalog& catalog, PerfTarget target,
                                        const std::map<std::string, double, std::less<>>& measured,
                                        std::string_view leave_out = {});
std::optional<double> predict(const schema::Catalog& catalog, const PerfModel& fit,
                              const schema::GpuModel& model);
// Whether `fit` knows the architecture of `model`: a measured card shares it, or (for an
// architecture nobody measured) a measured architecture of the same vendor that, like it, has or
// lacks matrix units, whose mean offset then serves.
bool knows_architecture(const schema::Catalog& catalog, const PerfModel& fit,
                        const schema::GpuModel& model);

// Each measured card predicted by a model fitted without it.
struct LooPoint {
    std::string sku;
    double measured = 0;
    double predicted = 0;
};
std::vector<LooPoint> leave_one_out(const schema::Catalog& catalog, PerfTarget target);

// Every catalog card's figures: measured where measured, else estimated. By SKU key.
using PerformanceTable = std::map<std::string, CardPerformance, std::less<>>;
PerformanceTable performance_table(const schema::Catalog& catalog);

// Below this share of what its peak FLOPS promise (train_rel / peak_promise), a card's peak
// overstates it enough to say so.
inline constexpr double kOverstatedShare = 0.5;

// "peak FLOPS overstate this card: trains at about 0.5x a 3090 (peak FP16 says 1.8x)", with
// "estimated" when it is; nullopt where peak and training figure agree well enough.
std::optional<std::string> overstated_peak_note(const CardPerformance& perf);

// What a plan of several of these cards lacks for multi-GPU training (Intel: no NCCL; no
// FlashAttention-2); nullopt when nothing.
std::optional<std::string> multi_gpu_note(const schema::Catalog& catalog,
                                          const schema::GpuModel& model);

}  // namespace gpuprice::analysis
