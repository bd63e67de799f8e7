// A price line a buyer asked to be told about (`gpuprice watch add`): a model, the conditions it
// covers, a price in the marketplace's currency, and which of the report's prices counts when it
// crosses the line. Checked after every night (`gpuprice watch check`, run by gpuprice-nightly).
#pragma once

#include <cstdint>
#include <string>

namespace gpuprice::schema {

struct Watch {
    std::int64_t id = 0;
    std::string model;      // a catalog model
    std::string condition;  // as --condition takes it: new, used, refurbished, open-box or all
    std::int64_t below_cents = 0;  // the line, in the marketplace's currency
    // The report price whose crossing fires the watch: a price basis name (median, p25,
    // lowest3, cleared, sold), as `report --price` takes it.
    std::string price;
    std::string marketplace;  // whose listings and currency: EBAY_US, EBAY_DE, ...
    std::string created_at;   // ISO 8601 UTC
};

}  // namespace gpuprice::schema
