// One sold item from eBay Marketplace Insights (item_sales/search): its last sale price and
// date within eBay's 90 days, matched to a catalog model like any listing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "schema/domain/seller_offer.hpp"

namespace gpuprice::schema {

// The offer's price is lastSoldPrice (eBay gives no shipping for sales).
struct SoldItem : SellerOffer {
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
