#include "schema/domain/marketplace.hpp"

namespace gpuprice::schema {

const std::vector<Marketplace>& marketplaces() {
    // Category 27386 is "Graphics/Video Cards" on EBAY_US (the audit's captures). eBay says
    // category ids "are not the same across all eBay marketplaces" (Browse API search,
    // category_ids); the other rows use the id of each site's Graphics/Video Cards browse page
    // (ebay.co.uk, ebay.de, ebay.ca, ebay.com.au /b/.../27386) and should be confirmed with the
    // Taxonomy API (get_category_suggestions) before relying on them. 3761 on EBAY_US is where
    // the audit found a real Tesla T4 (T4 aspect-refinement capture, leafCategoryIds ["3761"]).
    // Postal codes are central places, so that calculated shipping comes back as a typical
    // estimate.
    // clang-format off
    static const std::vector<Marketplace> table = {
        // id        country currency category other  postal code
        {"EBAY_US", "US",   "USD",   27386,   3761,  "66044"},
        {"EBAY_GB", "GB",   "GBP",   27386,   0,     "B1 1AA"},
        {"EBAY_DE", "DE",   "EUR",   27386,   0,     "36037"},
        {"EBAY_CA", "CA",   "CAD",   27386,   0,     "K1A 0A6"},
        {"EBAY_AU", "AU",   "AUD",   27386,   0,     "2600"},
    };
    // clang-format on
    return table;
}

std::optional<Marketplace> find_marketplace(std::string_view id) {
    for (const auto& m : marketplaces()) {
        if (m.id == id) return m;
    }
    return std::nullopt;
}

std::string marketplace_ids() {
    std::string out;
    for (const auto& m : marketplaces()) {
        if (!out.empty()) out += ", ";
        out += m.id;
    }
    return out;
}

}  // namespace gpuprice::schema
