#include "analysis/support_caveat.hpp"

namespace gpuprice::analysis {

SupportCaveat support_caveat(const schema::Catalog& catalog, const schema::GpuModel& model) {
    const auto& s = catalog.support_of(model);
    SupportCaveat caveat{s.status, s.supported, s.bf16, s.target, {}};
    if (!s.supported) {
        caveat.warning =
            s.status + " (" + s.target + ": " + s.toolkit + "; PyTorch " + s.pytorch + ")";
    } else if (!s.bf16) {
        caveat.warning = s.status + " (" + s.target + ": no BF16, train in FP16 with loss scaling)";
    }
    return caveat;
}

}  // namespace gpuprice::analysis
