// What current deep-learning software does not do on an architecture, as one short caveat for a
// buyer. Derived from the architecture table: no tensor cores, no BF16, or tensor cores of the
// first generation (Volta), which CUDA 13 no longer targets.
// Kept as the one place to switch to the catalog's own per-architecture support data (issue 12)
// when that lands.
#pragma once

#include <string>

#include "schema/rules/catalog.hpp"

namespace gpuprice::analysis {

// Empty when nothing is missing.
std::string support_caveat(const schema::Architecture& arch);

}  // namespace gpuprice::analysis
