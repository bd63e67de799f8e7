#include "analysis/tensor_flops.hpp"

namespace gpuprice::analysis {

std::optional<double> tensor_tflops(const schema::GpuModel& model, const schema::Architecture& arch,
                                    schema::Precision precision, Sparsity sparsity) {
    const auto fma = arch.fma(precision);
    if (!fma || model.tensor_cores == 0) return std::nullopt;
    if (sparsity == Sparsity::Sparse && !arch.sparsity) return std::nullopt;
    double per_clock = static_cast<double>(*fma);
    if (model.runs_at_half_rate(precision)) per_clock /= 2.0;
    if (sparsity == Sparsity::Sparse) per_clock *= 2.0;
    const double clock_mhz = model.tensor_clock_mhz.value_or(model.boost_mhz);
    constexpr double kFlopsPerFma = 2.0;
    return model.tensor_cores * per_clock * kFlopsPerFma * clock_mhz * 1e6 / 1e12;
}

}  // namespace gpuprice::analysis
