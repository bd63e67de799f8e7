// The catalog the project ships (schema/catalog/), loaded once per test process: most suites read
// it, and each used to keep its own loaded copy.
#pragma once

#include "schema/rules/catalog.hpp"

namespace gpuprice::test {

const schema::Catalog& shipped_catalog();

}  // namespace gpuprice::test
