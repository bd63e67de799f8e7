// A listing as gpuprice keeps it: what the fetcher parses and the store writes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "schema/domain/seller_offer.hpp"

namespace gpuprice::schema {

// One eBay item summary, as gpuprice keeps it: the offer (its price is the asking price) and
// what a live listing adds. Prices are integer cents of `currency`.
struct Listing : SellerOffer {
    std::string legacy_item_id;
    std::string created_at;
    std::optional<std::int64_t> shipping_cents;  // nullopt: unknown (missing, or CALCULATED
                                                 // without a cost)
    std::string shipping_type;
    bool shipping_estimated = false;  // a CALCULATED cost: eBay's estimate for the buyer context
    // What eBay says about the listing beyond its price.
    std::string item_group_id;  // from itemGroupHref, for get_items_by_item_group
    std::string item_end_date;
    std::string item_origin_date;
    std::string epid;  // eBay's catalog product id: an exact-SKU key where sellers give one
    std::optional<std::int64_t> original_price_cents;  // marketingPrice.originalPrice
    std::optional<double> discount_percentage;         // marketingPrice.discountPercentage
    std::optional<std::int64_t> current_bid_cents;     // an auction's current bid (not a price)
    int price_flags = 0;  // schema::PriceFlag bits: why it is kept out of medians
};

}  // namespace gpuprice::schema
