#include "analysis/support_caveat.hpp"

namespace gpuprice::analysis {

SupportCaveat support_caveat(const schema::Catalog& catalog, const schema::GpuModel& model) {
    const auto& s = catalog.support_of(model);
    SupportCaveat caveat{s.status, s.supported,         s.bf16,  s.target,
                         {},       s.flash_attention_2, s.ending};
    if (!s.supported) {
        caveat.warning =
            s.status + " (" + s.target + ": " + s.toolkit + "; PyTorch " + s.pytorch + ")";
    } else if (!s.bf16) {
        // The architecture's own advice (software_support.csv `training`): FP16 with loss
        // scaling is right for Volta and Turing, wrong for a P40 or an M40 (UX P11).
        caveat.warning = s.status + " (" + s.target + ": no BF16; " + s.training + ")";
    }
    return caveat;
}

std::string support_marks(const SupportCaveat& support) {
    std::string marks;
    if (!support.supported) marks += 'L';
    if (support.supported && support.ending) marks += 'l';
    if (!support.bf16) marks += 'b';
    if (!support.flash_attention_2) marks += 'f';
    return marks;
}

std::string_view support_mark_words(char mark) {
    switch (mark) {
        case 'L':
            return "legacy";
        case 'l':
            return "support ending";
        case 'b':
            return "no bf16";
        case 'f':
            return "no FlashAttention-2";
        default:
            return "";
    }
}

std::string support_marks_legend(std::string_view marks) {
    std::string legend;
    const auto add = [&](char mark, const char* meaning) {
        if (marks.find(mark) == std::string_view::npos) return;
        legend += (legend.empty() ? "" : "; ") + std::string(1, mark) + " " + meaning;
    };
    add('L', "legacy: current CUDA/ROCm and PyTorch wheels no longer run it");
    add('l', "support ending: only legacy wheels run it, and their end is announced");
    add('b', "no BF16 (each plan's caveat says how to train on it)");
    add('f', "no FlashAttention-2");
    return legend;
}

}  // namespace gpuprice::analysis
