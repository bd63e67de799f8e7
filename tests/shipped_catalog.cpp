#include "tests/shipped_catalog.hpp"

#include "tests/test_context.hpp"

namespace gpuprice::test {

const schema::Catalog& shipped_catalog() {
    static const auto loaded = schema::load_catalog(catalog_dir());
    return loaded;
}

}  // namespace gpuprice::test
