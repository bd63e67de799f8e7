#include "analysis/card_performance.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "analysis/csv_format.hpp"
#include "analysis/tensor_flops.hpp"

namespace gpuprice::analysis {

namespace {

std::string_view kind_of(PerfTarget target) {
    switch (target) {
        case PerfTarget::training:
            return schema::kTrainingWorkload;
        case PerfTarget::generation:
            return schema::kGenerationWorkload;
        case PerfTarget::prompt:
            return schema::kPromptWorkload;
    }
    return {};
}

// The workload whose published figures are on the inference scale itself; none for training.
std::string_view anchor_of(PerfTarget target) {
    switch (target) {
        case PerfTarget::training:
            return {};
        case PerfTarget::generation:
            return kGenerationAnchor;
        case PerfTarget::prompt:
            return kPromptAnchor;
    }
    return {};
}

// Training and prompt processing fit their slopes; generation has slope 1 on bandwidth (tokens/s
// in proportion to it: every token reads the weights once).
bool fits_slopes(PerfTarget target) {
    return target != PerfTarget::generation;
}

double geometric_mean(const std::vector<double>& values) {
    double log_sum = 0;
    for (const double v : values) log_sum += std::log(v);
    return std::exp(log_sum / static_cast<double>(values.size()));
}

// The peak a card's training is compared by: its FP16 figure; the vector FP32 one for a card
// without matrix units (packed FP16 on its shaders, where it has it, is not what AMP training
// of Lambda's 1080 Ti, the one such card measured, ran at).
std::optional<double> training_peak(const schema::Catalog& catalog, const schema::GpuModel& m) {
    const auto precision = catalog.architecture_of(m).has_matrix_units() ? "fp16" : "fp32";
    const auto figure = report_figure(catalog, m, precision, Sparsity::Dense);
    if (!figure || figure->tflops <= 0) return std::nullopt;
    return figure->tflops;
}

// The peak prompt processing is compared by: FP16 with FP16 accumulate, which llama.cpp's matrix
// kernels use and GeForce cards run at full rate; the training peak where a card lacks it.
std::optional<double> prompt_peak(const schema::Catalog& catalog, const schema::GpuModel& m) {
    if (const auto t = peak_tflops(catalog, m, "fp16-fp16acc", Sparsity::Dense)) return t;
    return training_peak(catalog, m);
}

// Solves a x = b (n x n, row-major) by Gaussian elimination with partial pivoting; false when
// singular.
bool solve(std::vector<double> a, std::vector<double> b, std::size_t n, std::vector<double>& x) {
    for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
        for (std::size_t r = col + 1; r < n; ++r) {
            if (std::abs(a[r * n + col]) > std::abs(a[pivot * n + col])) pivot = r;
        }
        if (std::abs(a[pivot * n + col]) < 1e-12) return false;
        for (std::size_t c = 0; c < n; ++c) std::swap(a[col * n + c], a[pivot * n + c]);
        std::swap(b[col], b[pivot]);
        for (std::size_t r = col + 1; r < n; ++r) {
            const double f = a[r * n + col] / a[col * n + col];
            for (std::size_t c = col; c < n; ++c) a[r * n + c] -= f * a[col * n + c];
            b[r] -= f * b[col];
        }
    }
    x.assign(n, 0);
    for (std::size_t i = n; i-- > 0;) {
        double s = b[i];
        for (std::size_t c = i + 1; c < n; ++c) s -= a[i * n + c] * x[c];
        x[i] = s / a[i * n + i];
    }
    return true;
}

}  // namespace

std::string_view perf_basis_name(PerfBasis basis) {
    return basis == PerfBasis::measured ? "measured" : "estimated";
}

std::vector<RunRatio> run_ratios(const std::vector<schema::Measurement>& measurements,
                                 PerfTarget target) {
    const auto kind = kind_of(target);
    const auto anchor = anchor_of(target);
    // run -> sku -> workload -> figure
    std::map<std::string, std::map<std::string, std::map<std::string, double>>> runs;
    for (const auto& m : measurements) {
        if (m.kind() == kind) runs[m.run][m.sku][m.workload] = m.figure;
    }
    std::vector<RunRatio> out;
    for (const auto& [run, cards] : runs) {
        const auto ref = cards.find(std::string(kReferenceSku));
        if (ref == cards.end()) {
            if (anchor.empty()) continue;
            for (const auto& [sku, figures] : cards) {
                const auto f = figures.find(std::string(anchor));
                if (f != figures.end()) out.push_back({run, sku, f->second, 1, true});
            }
            continue;
        }
        for (const auto& [sku, figures] : cards) {
            std::vector<double> ratios;
            for (const auto& [workload, figure] : figures) {
                const auto r = ref->second.find(workload);
                if (r != ref->second.end()) ratios.push_back(figure / r->second);
            }
            if (ratios.empty()) continue;
            out.push_back({run, sku, geometric_mean(ratios), static_cast<int>(ratios.size())});
        }
    }
    return out;
}

std::map<std::string, double, std::less<>> measured_figures(const schema::Catalog& catalog,
                                                            PerfTarget target) {
    double anchor = 1;  // training: relative to the 3090 itself
    if (target != PerfTarget::training) {
        const auto workload = anchor_of(target);
        std::vector<double> figures;
        for (const auto& m : catalog.measurements) {
            if (m.sku == kReferenceSku && m.workload == workload) figures.push_back(m.figure);
        }
        if (figures.empty()) return {};
        anchor = geometric_mean(figures);
    }
    std::map<std::string, std::vector<double>> values;
    for (const auto& r : run_ratios(catalog.measurements, target)) {
        values[r.sku].push_back(r.absolute ? r.ratio / anchor : r.ratio);
    }
    std::map<std::string, double, std::less<>> out;
    for (const auto& [sku, v] : values) out.emplace(sku, geometric_mean(v) * anchor);
    return out;
}

std::optional<std::vector<double>> perf_features(const schema::Catalog& catalog,
                                                 const schema::GpuModel& model, PerfTarget target) {
    const auto* ref = catalog.find_model(kReferenceSku);
    if (!ref) return std::nullopt;
    const auto peak = training_peak(catalog, model), ref_peak = training_peak(catalog, *ref);
    if (!peak || !ref_peak || model.bandwidth_gbs <= 0 || ref->bandwidth_gbs <= 0) {
        return std::nullopt;
    }
    const double lp = std::log(*peak / *ref_peak);
    const double lb = std::log(model.bandwidth_gbs / ref->bandwidth_gbs);
    switch (target) {
        case PerfTarget::training:
            return std::vector<double>{lp, lb};
        case PerfTarget::generation:
            return std::vector<double>{lb};
        case PerfTarget::prompt: {
            const auto pp = prompt_peak(catalog, model), ref_pp = prompt_peak(catalog, *ref);
            if (!pp || !ref_pp) return std::nullopt;
            return std::vector<double>{std::log(*pp / *ref_pp)};
        }
    }
    return std::nullopt;
}

std::optional<PerfModel> fit_perf_model(const schema::Catalog& catalog, PerfTarget target,
                                        const std::map<std::string, double, std::less<>>& measured,
                                        std::string_view leave_out) {
    struct Sample {
        std::string architecture;
        std::vector<double> x;
        double y = 0;
    };
    std::vector<Sample> samples;
    std::set<std::string> archs;
    for (const auto& [sku, figure] : measured) {
        if (sku == leave_out) continue;
        const auto* model = catalog.find_model(sku);
        if (!model || figure <= 0) continue;
        auto x = perf_features(catalog, *model, target);
        if (!x) continue;
        samples.push_back({model->architecture, std::move(*x), std::log(figure)});
        archs.insert(model->architecture);
    }
    if (samples.size() < 2) return std::nullopt;
    const bool fitted = fits_slopes(target);
    const std::size_t k = samples.front().x.size();
    const std::size_t slopes = fitted ? k : 0;
    const std::vector<std::string> arch_list(archs.begin(), archs.end());
    const std::size_t n = 1 + slopes + arch_list.size();
    std::vector<double> ata(n * n, 0), atb(n, 0);
    for (const auto& s : samples) {
        std::vector<double> row(n, 0);
        row[0] = 1;
        double y = s.y;
        for (std::size_t j = 0; j < k; ++j) {
            if (fitted) {
                row[1 + j] = s.x[j];
            } else {
                y -= s.x[j];  // slope 1
            }
        }
        const auto a = std::find(arch_list.begin(), arch_list.end(), s.architecture);
        row[1 + slopes + static_cast<std::size_t>(a - arch_list.begin())] = 1;
        for (std::size_t r = 0; r < n; ++r) {
            atb[r] += row[r] * y;
            for (std::size_t c = 0; c < n; ++c) ata[r * n + c] += row[r] * row[c];
        }
    }
    for (std::size_t i = 1 + slopes; i < n; ++i) ata[i * n + i] += kArchitectureRidge;
    std::vector<double> beta;
    if (!solve(ata, atb, n, beta)) return std::nullopt;
    PerfModel fit;
    fit.target = target;
    fit.intercept = beta[0];
    if (fitted) {
        fit.slopes.assign(beta.begin() + 1, beta.begin() + 1 + static_cast<std::ptrdiff_t>(k));
    } else {
        fit.slopes.assign(k, 1.0);
    }
    for (std::size_t i = 0; i < arch_list.size(); ++i) {
        fit.arch_offset.emplace(arch_list[i], beta[1 + slopes + i]);
    }
    fit.samples = static_cast<int>(samples.size());
    return fit;
}

namespace {

// The offset of an architecture nobody measured: the mean of the measured architectures of the
// same vendor that have (or lack) matrix units as it does; nullopt when there is none.
std::optional<double> kindred_offset(const schema::Catalog& catalog, const PerfModel& fit,
                                     const schema::GpuModel& model) {
    const bool matrix = catalog.architecture_of(model).has_matrix_units();
    double sum = 0;
    int n = 0;
    for (const auto& [name, offset] : fit.arch_offset) {
        const auto* arch = catalog.find_architecture(name);
        if (!arch || arch->vendor != model.vendor || arch->has_matrix_units() != matrix) continue;
        sum += offset;
        ++n;
    }
    if (n == 0) return std::nullopt;
    return sum / n;
}

}  // namespace

std::optional<double> predict(const schema::Catalog& catalog, const PerfModel& fit,
                              const schema::GpuModel& model) {
    const auto x = perf_features(catalog, model, fit.target);
    if (!x || x->size() != fit.slopes.size()) return std::nullopt;
    double y = fit.intercept;
    for (std::size_t j = 0; j < x->size(); ++j) y += fit.slopes[j] * (*x)[j];
    if (const auto it = fit.arch_offset.find(model.architecture); it != fit.arch_offset.end()) {
        y += it->second;
    } else if (const auto kindred = kindred_offset(catalog, fit, model)) {
        y += *kindred;
    }
    return std::exp(y);
}

bool knows_architecture(const schema::Catalog& catalog, const PerfModel& fit,
                        const schema::GpuModel& model) {
    return fit.arch_offset.find(model.architecture) != fit.arch_offset.end() ||
           kindred_offset(catalog, fit, model).has_value();
}

std::vector<LooPoint> leave_one_out(const schema::Catalog& catalog, PerfTarget target) {
    const auto measured = measured_figures(catalog, target);
    std::vector<LooPoint> out;
    for (const auto& [sku, figure] : measured) {
        const auto* model = catalog.find_model(sku);
        if (!model) continue;
        const auto fit = fit_perf_model(catalog, target, measured, sku);
        if (!fit) continue;
        if (const auto p = predict(catalog, *fit, *model)) out.push_back({sku, figure, *p});
    }
    return out;
}

PerformanceTable performance_table(const schema::Catalog& catalog) {
    PerformanceTable table;
    const auto* ref = catalog.find_model(kReferenceSku);
    const auto ref_peak = ref ? training_peak(catalog, *ref) : std::nullopt;
    struct Part {
        PerfTarget target;
        std::optional<PerfFigure> CardPerformance::*figure;
    };
    for (const Part part : {Part{PerfTarget::training, &CardPerformance::train_rel},
                            Part{PerfTarget::generation, &CardPerformance::llm_tg_tok_s},
                            Part{PerfTarget::prompt, &CardPerformance::llm_pp_tok_s}}) {
        const auto measured = measured_figures(catalog, part.target);
        const auto fit = fit_perf_model(catalog, part.target, measured);
        for (const auto& m : catalog.models) {
            auto& perf = table[m.key];
            if (const auto it = measured.find(m.key); it != measured.end()) {
                perf.*part.figure = PerfFigure{it->second, PerfBasis::measured};
            } else if (fit) {
                if (const auto p = predict(catalog, *fit, m)) {
                    perf.*part.figure =
                        PerfFigure{*p, PerfBasis::estimated, !knows_architecture(catalog, *fit, m)};
                }
            }
        }
    }
    for (const auto& m : catalog.models) {
        auto& perf = table[m.key];
        const auto figure = report_figure(catalog, m, "fp16", Sparsity::Dense);
        if (ref_peak && figure && catalog.architecture_of(m).has_matrix_units()) {
            perf.peak_promise = figure->tflops / *ref_peak;
        }
    }
    return table;
}

std::optional<std::string> overstated_peak_note(const CardPerformance& perf) {
    if (!perf.train_rel || !perf.peak_promise || *perf.peak_promise <= 0) return std::nullopt;
    if (perf.train_rel->value >= kOverstatedShare * *perf.peak_promise) return std::nullopt;
    return "peak FLOPS overstate this card: trains at about " +
           format_number(perf.train_rel->value, 1) + "x a 3090" +
           (perf.train_rel->basis == PerfBasis::estimated ? " (estimated)" : "") +
           ", its peak FP16 says " + format_number(*perf.peak_promise, 1) + "x";
}

std::optional<std::string> multi_gpu_note(const schema::Catalog& catalog,
                                          const schema::GpuModel& model) {
    const auto& support = catalog.support_of(model);
    std::string note;
    // NCCL is NVIDIA's (and, as RCCL, AMD's); Intel's collectives are oneCCL, which PyTorch's
    // distributed training does not default to.
    if (model.vendor == "Intel") note = "no NCCL (Intel's oneCCL instead)";
    if (!support.flash_attention_2) {
        note += std::string(note.empty() ? "" : ", ") + "no FlashAttention-2";
    }
    if (note.empty()) return std::nullopt;
    return note + ": multi-GPU training on these cards is slower and less supported";
}

}  // namespace gpuprice::analysis
