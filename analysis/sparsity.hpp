// Dense figures, or 2:4-sparse ones (structured sparsity: inference only), and how every output
// names the choice: one suffix for precision labels and file names, one note for headers.
#pragma once

#include <string_view>

namespace gpuprice::analysis {

enum class Sparsity { Dense, Sparse };

// "-sparse" after the precision ("fp16-sparse") and in report file names; nothing when dense.
constexpr std::string_view sparsity_suffix(Sparsity s) {
    return s == Sparsity::Sparse ? "-sparse" : "";
}

// For table and chart headings: "sparse: inference only", or "dense".
constexpr std::string_view sparsity_note(Sparsity s) {
    return s == Sparsity::Sparse ? "sparse: inference only" : "dense";
}

}  // namespace gpuprice::analysis
