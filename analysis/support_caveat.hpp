// The software caveat that goes with a card: whether current toolkits and PyTorch wheels still
// run its architecture, and whether it has BF16, from software_support.csv. `report` prints it
// as the `support` column; `recommend` (and anything else that advises a buyer) adds `warning`
// to its reasoning.
#pragma once

#include <string>

#include "schema/rules/catalog.hpp"

namespace gpuprice::analysis {

struct SupportCaveat {
    std::string status;     // the `support` cell: "current", "legacy: no CUDA 13", "no bf16"
    bool supported = true;  // current toolkits and PyTorch wheels run it
    bool bf16 = true;       // hardware BF16
    std::string target;     // sm_86, gfx1100, ...
    std::string warning;    // one clause for advice; empty when there is nothing to warn about
};

SupportCaveat support_caveat(const schema::Catalog& catalog, const schema::GpuModel& model);

}  // namespace gpuprice::analysis
