#include "analysis/tensor_flops.hpp"

namespace gpuprice::analysis {

std::optional<double> peak_tflops(const schema::Catalog& catalog, const schema::GpuModel& model,
                                  std::string_view precision, Sparsity sparsity) {
    const auto* info = catalog.find_precision(precision);
    if (!info) return std::nullopt;
    const auto* rate = catalog.architecture_of(model).rate(precision);
    if (!rate) return std::nullopt;
    if (sparsity == Sparsity::Sparse && !rate->sparse) return std::nullopt;
    // A capped part's stated rate wins over its units x clock; 2:4 sparsity still doubles it.
    if (const auto* capped = catalog.find_capped(model.key, precision)) {
        return capped->tflops * (sparsity == Sparsity::Sparse ? 2.0 : 1.0);
    }
    double per_clock = static_cast<double>(rate->fma_per_clock);
    if (model.runs_at_half_rate(precision)) per_clock /= 2.0;
    if (sparsity == Sparsity::Sparse) per_clock *= 2.0;
    const bool matrix = rate->unit.value_or(info->unit) == schema::RateUnit::matrix;
    const int units = matrix ? model.tensor_cores : model.shaders;
    if (units == 0) return std::nullopt;
    const double clock_mhz = matrix ? model.tensor_clock_mhz.value_or(model.boost_mhz)
                                    : static_cast<double>(model.boost_mhz);
    constexpr double kFlopsPerFma = 2.0;
    return units * per_clock * kFlopsPerFma * clock_mhz * 1e6 / 1e12;
}

std::optional<ReportFigure> report_figure(const schema::Catalog& catalog,
                                          const schema::GpuModel& model, std::string_view precision,
                                          Sparsity sparsity) {
    if (const auto tflops = peak_tflops(catalog, model, precision, sparsity)) {
        return ReportFigure{*tflops, std::string(precision), false};
    }
    const auto* info = catalog.find_precision(precision);
    if (!info || info->unit != schema::RateUnit::matrix ||
        catalog.architecture_of(model).has_matrix_units()) {
        return std::nullopt;
    }
    for (const auto& p : catalog.precisions) {
        if (p.unit != schema::RateUnit::shader) continue;
        const auto tflops = peak_tflops(catalog, model, p.name, Sparsity::Dense);
        if (!tflops) continue;
        return ReportFigure{*tflops, p.name, true};
    }
    return std::nullopt;
}

}  // namespace gpuprice::analysis
