#include "analysis/support_caveat.hpp"

namespace gpuprice::analysis {

SupportCaveat support_caveat(const schema::Catalog& catalog, const schema::GpuModel& model) {
    const auto& s = catalog.support_of(model);
    SupportCaveat caveat{s.status, s.supported, s.bf16, s.target, {}, s.flash_attention_2};
    if (!s.supported) {
        caveat.warning =
            s.status + " (" + s.target + ": " + s.toolkit + "; PyTorch " + s.pytorch + ")";
    } else if (!s.bf16) {
        caveat.warning = s.status + " (" + s.target + ": no BF16, train in FP16 with loss scaling)";
    }
    return caveat;
}

std::string support_marks(const SupportCaveat& support) {
    std::string marks;
    if (!support.supported) marks += 'L';
    if (!support.bf16) marks += 'b';
    if (!support.flash_attention_2) marks += 'f';
    return marks;
}

std::string support_marks_legend(std::string_view marks) {
    std::string legend;
    const auto add = [&](char mark, const char* meaning) {
        if (marks.find(mark) == std::string_view::npos) return;
        legend += (legend.empty() ? "" : "; ") + std::string(1, mark) + " " + meaning;
    };
    add('L', "legacy: current CUDA/ROCm and PyTorch wheels no longer run it");
    add('b', "no BF16 (train in FP16 with loss scaling)");
    add('f', "no FlashAttention-2");
    return legend;
}

}  // namespace gpuprice::analysis
