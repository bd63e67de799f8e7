// libFuzzer target: any bytes as a listing title. The matcher must never crash and must give
// a model exactly when it says ok. Built and run by scripts/fuzz.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string_view>

#include "analysis/title_matcher.hpp"

namespace {
struct Loaded {
    gpuprice::schema::Catalog catalog = gpuprice::schema::load_catalog(GPUPRICE_CATALOG_DIR);
    gpuprice::schema::MatchRules rules =
        gpuprice::schema::load_match_rules(GPUPRICE_CATALOG_DIR, catalog);
    gpuprice::analysis::TitleMatcher matcher{catalog, rules};
};
const Loaded& loaded() {
    static const Loaded l;
    return l;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto result =
        loaded().matcher.match(std::string_view(reinterpret_cast<const char*>(data), size));
    if ((result.reason == gpuprice::schema::MatchReason::ok) != (result.model != nullptr)) {
        std::abort();
    }
    return 0;
}
