// The eBay marketplaces gpuprice can fetch, as one table: each marketplace's country (the
// default item location), currency (prices are stored and reported in it, never converted) and
// the category id of graphics cards there. Adding a marketplace is adding a row.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuprice::schema {

struct Marketplace {
    std::string_view id;       // X-EBAY-C-MARKETPLACE-ID, e.g. EBAY_US
    std::string_view country;  // ISO 3166 alpha-2, for itemLocationCountry and the end-user context
    std::string_view currency;  // ISO 4217, the currency eBay prices this marketplace in
    int graphics_cards_category = 0;
    // Another category where data-centre GPUs are listed too, searched for those families; 0:
    // none known. On EBAY_US real Tesla T4s sit in 3761 "Video Capture & TV Tuner Cards".
    int other_gpu_category = 0;
    std::string_view default_postal_code;  // where delivery is estimated to (X-EBAY-C-ENDUSERCTX)
};

// Every marketplace gpuprice knows, EBAY_US first.
const std::vector<Marketplace>& marketplaces();
// The marketplace named `id`, or nullopt.
std::optional<Marketplace> find_marketplace(std::string_view id);
// "EBAY_US, EBAY_GB, ..." for messages.
std::string marketplace_ids();

}  // namespace gpuprice::schema
