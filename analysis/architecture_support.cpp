#include "analysis/architecture_support.hpp"

namespace gpuprice::analysis {

std::string support_caveat(const schema::Architecture& arch) {
    // CUDA 13.0 release notes: Maxwell, Pascal and Volta (compute capability < 7.5) are no
    // longer supported; PyTorch's CUDA 12.8+ wheels dropped them too (pytorch/pytorch#157517).
    if (arch.tensor_core_gen == 0) {
        return arch.name + ": no tensor cores, no BF16; dropped by CUDA 13 and current PyTorch";
    }
    if (arch.tensor_core_gen == 1) {
        return arch.name + ": no BF16; dropped by CUDA 13 and current PyTorch wheels";
    }
    if (!arch.fma(schema::Precision::bf16)) {
        return arch.name +
               ": no BF16 or TF32 (train in FP16 with loss scaling); no "
               "FlashAttention-2";
    }
    return {};
}

}  // namespace gpuprice::analysis
