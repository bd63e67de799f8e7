// The software caveat that goes with a card: whether current toolkits and PyTorch wheels still
// run its architecture, and whether it has BF16, from software_support.csv. `report` prints it
// as the `support` column; `recommend` (and anything else that advises a buyer) adds `warning`
// to its reasoning.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "schema/rules/catalog.hpp"

namespace gpuprice::analysis {

struct SupportCaveat {
    std::string status;     // the `support` cell: "current", "legacy: no CUDA 13", "no bf16"
    bool supported = true;  // current toolkits and PyTorch wheels run it
    bool bf16 = true;       // hardware BF16
    std::string target;     // sm_86, gfx1100, ...
    std::string warning;    // one clause for advice; empty when there is nothing to warn about
    bool flash_attention_2 = true;  // FlashAttention-2 builds and runs on it
    bool ending = false;            // only legacy wheels run it, and their end is announced
};

SupportCaveat support_caveat(const schema::Catalog& catalog, const schema::GpuModel& model);

// The marks a table or chart puts beside a card, so a #1 that current software no longer runs
// is never unmarked (UX N6): "L" legacy (current CUDA/ROCm and PyTorch wheels no longer run it),
// "l" support ending (only legacy wheels run it, their end announced: Volta on cu126), "b" no
// BF16, "f" no FlashAttention-2; in that order, "" for none. The terminal prints the letters,
// the page and the chart the words (support_mark_words): one vocabulary.
std::string support_marks(const SupportCaveat& support);
// The words of one mark: "legacy", "support ending", "no bf16", "no FlashAttention-2".
std::string_view support_mark_words(char mark);
// The footnote for the marks in `marks` (any letters of support_marks), "" for none:
// "L legacy: ...; l support ending: ...; b no BF16; f no FlashAttention-2".
std::string support_marks_legend(std::string_view marks);

}  // namespace gpuprice::analysis
