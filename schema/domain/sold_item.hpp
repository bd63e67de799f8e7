// One sold item from eBay Marketplace Insights (item_sales/search): its last sale price and
// date within eBay's 90 days, matched to a catalog model like any listing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace gpuprice::schema {

struct SoldItem {
    std::string item_id;
    std::string title;
    std::optional<int> condition_id;
    std::string buying_options;  // comma-separated; an auction that ended in a sale is a sale
    std::string location_country;
    std::string item_group_type;  // SELLER_DEFINED_VARIATIONS for multi-variation listings
    std::string seller_username;
    std::optional<std::int64_t> seller_feedback_score;
    std::optional<double> seller_feedback_pct;
    std::string item_url;
    std::int64_t price_cents = 0;  // lastSoldPrice; eBay gives no shipping for sales
    std::string currency;
    std::string sold_at;    // lastSoldDate, ISO 8601 UTC
    int quantity_sold = 0;  // totalSoldQuantity
};

// A sold item matched to a model, as analysis reads it back.
struct SoldPrice {
    std::string item_id;
    std::string model;  // the SKU key (skus.csv `key`) it was matched to
    int condition_id = 0;
    std::int64_t price_cents = 0;
    std::string sold_on;  // YYYY-MM-DD
};

}  // namespace gpuprice::schema
