// Prints how well the performance model (analysis/card_performance) does: every measured card's
// training figure against Lambda's reduction, each measured card's leave-one-out estimate, the
// median error per workload, and Spearman rank correlations against Lambda's figures of what the
// tool shows (train_rel), of the leave-one-out estimates and of peak FP16 (the old ranking key).
// Usage: eval_performance_model CATALOG_DIR
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "analysis/card_performance.hpp"
#include "analysis/median.hpp"
#include "analysis/rank_correlation.hpp"
#include "analysis/tensor_flops.hpp"
#include "schema/rules/catalog.hpp"

namespace {

using namespace gpuprice;

const char* target_name(analysis::PerfTarget t) {
    switch (t) {
        case analysis::PerfTarget::training:
            return "training (train_rel, RTX 3090 = 1)";
        case analysis::PerfTarget::generation:
            return "generation (llama 7B Q4_0 tg128 t/s, llama-bench scale)";
        case analysis::PerfTarget::prompt:
            return "prompt processing (llama 7B Q4_0 pp512 t/s, llama-bench scale)";
    }
    return "";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: eval_performance_model CATALOG_DIR\n");
        return 2;
    }
    const auto catalog = schema::load_catalog(argv[1]);
    const auto table = analysis::performance_table(catalog);
    const auto lambda = analysis::measured_figures(catalog, analysis::PerfTarget::training);

    for (const auto target : {analysis::PerfTarget::training, analysis::PerfTarget::generation,
                              analysis::PerfTarget::prompt}) {
        std::printf("Runs of %s, each card against the RTX 3090 of its run:\n",
                    target_name(target));
        for (const auto& r : analysis::run_ratios(catalog.measurements, target)) {
            if (r.absolute) {
                std::printf("  %-24s %-24s %8.2f t/s as published (no 3090 in the run)\n",
                            r.run.c_str(), r.sku.c_str(), r.ratio);
            } else {
                std::printf("  %-24s %-24s %8.3f over %d workloads\n", r.run.c_str(), r.sku.c_str(),
                            r.ratio, r.workloads);
            }
        }
    }

    // What the tool shows against Lambda's figure, over the cards Lambda measured.
    std::vector<double> shown, lambda_v, peak, loo_v, loo_l;
    double worst = 0;
    for (const auto& [sku, figure] : lambda) {
        const auto& perf = table.at(sku);
        if (!perf.train_rel) continue;
        shown.push_back(perf.train_rel->value);
        lambda_v.push_back(figure);
        worst = std::max(worst, std::abs(perf.train_rel->value / figure - 1));
        const auto* m = catalog.find_model(sku);
        const auto f = analysis::report_figure(catalog, *m, "fp16", analysis::Sparsity::Dense);
        peak.push_back(f ? f->tflops : 0);
    }
    const auto loo_train = analysis::leave_one_out(catalog, analysis::PerfTarget::training);
    for (const auto& p : loo_train) loo_v.push_back(p.predicted), loo_l.push_back(p.measured);
    std::printf("\nLambda-measured catalog cards: %zu; largest |train_rel / Lambda - 1|: %.1f%%\n",
                shown.size(), worst * 100);
    std::printf(
        "Spearman vs Lambda: train_rel %.3f, leave-one-out estimate %.3f, peak FP16 "
        "TFLOPS %.3f\n",
        analysis::spearman(shown, lambda_v), analysis::spearman(loo_v, loo_l),
        analysis::spearman(peak, lambda_v));

    for (const auto target : {analysis::PerfTarget::training, analysis::PerfTarget::generation,
                              analysis::PerfTarget::prompt}) {
        const auto loo = target == analysis::PerfTarget::training
                             ? loo_train
                             : analysis::leave_one_out(catalog, target);
        std::printf("\nLeave-one-out, %s:\n", target_name(target));
        std::vector<double> errors;
        for (const auto& p : loo) {
            const double e = p.predicted / p.measured - 1;
            errors.push_back(std::abs(e));
            std::printf("  %-24s measured %9.3f  estimated %9.3f  %+6.1f%%\n", p.sku.c_str(),
                        p.measured, p.predicted, e * 100);
        }
        if (errors.empty()) {
            std::printf("  (fewer than three measured cards: no estimate to check)\n");
        } else {
            std::printf("  median |error| %.1f%% over %zu cards\n", analysis::median(errors) * 100,
                        errors.size());
        }
    }

    int with_row = 0;
    for (const auto& m : catalog.models) {
        const auto& p = table.at(m.key);
        const auto measured = [](const auto& f) {
            return f && f->basis == analysis::PerfBasis::measured;
        };
        if (measured(p.train_rel) || measured(p.llm_tg_tok_s) || measured(p.llm_pp_tok_s)) {
            ++with_row;
        }
    }
    std::printf("\nCatalog cards with a measured training or inference figure: %d of %zu\n",
                with_row, catalog.models.size());
    return 0;
}
