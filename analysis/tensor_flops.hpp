// Tensor throughput of a catalog SKU, computed from its architecture: never typed in.
#pragma once

#include <optional>

#include "schema/rules/catalog.hpp"

namespace gpuprice::analysis {

enum class Sparsity { Dense, Sparse };

// tensor_cores x FMA/clock x 2 FLOPs x clock, in TFLOPS (TOPS for int8). The clock is the
// SKU's tensor_clock_mhz where the vendor states one, else its boost clock; the rate is halved
// where the SKU runs that precision at half rate. nullopt when the card lacks the precision, or
// for Sparsity::Sparse when the architecture has no structured sparsity.
std::optional<double> tensor_tflops(const schema::GpuModel& model, const schema::Architecture& arch,
                                    schema::Precision precision,
                                    Sparsity sparsity = Sparsity::Dense);

}  // namespace gpuprice::analysis
