// Throughput of a catalog SKU, computed from its architecture's per-clock rates: never typed in.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "analysis/sparsity.hpp"
#include "schema/rules/catalog.hpp"

namespace gpuprice::analysis {

// units x FMA/clock x 2 FLOPs x clock, in TFLOPS (TOPS for integer precisions). Matrix
// precisions count matrix units at the SKU's tensor_clock_mhz where the vendor states one, else
// its boost clock; shader precisions count FP32 lanes at the boost clock. The rate is halved
// where the SKU runs that precision at half rate. A capped part's rate (capped_rates.csv)
// replaces the arithmetic. nullopt when the card lacks the precision (or
// the precision is unknown), or for Sparsity::Sparse when the precision has no 2:4 sparsity.
std::optional<double> peak_tflops(const schema::Catalog& catalog, const schema::GpuModel& model,
                                  std::string_view precision, Sparsity sparsity = Sparsity::Dense);

// The figure a report shows for a card: the precision asked for, or, for a card without matrix
// units asked for a matrix precision, its vector figure (the first `shader` precision of
// precisions.csv, fp32), marked as such and never ranked against matrix figures.
struct ReportFigure {
    double tflops = 0;
    std::string precision;  // the precision the figure is for
    bool no_matrix_units = false;
};
std::optional<ReportFigure> report_figure(const schema::Catalog& catalog,
                                          const schema::GpuModel& model, std::string_view precision,
                                          Sparsity sparsity);

}  // namespace gpuprice::analysis
