// A listing as gpuprice keeps it: what the fetcher parses and the store writes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace gpuprice::schema {

// One eBay item summary, as gpuprice keeps it. Prices are integer cents.
struct Listing {
    std::string item_id;
    std::string legacy_item_id;
    std::string title;
    std::optional<int> condition_id;
    std::string seller_username;
    std::optional<std::int64_t> seller_feedback_score;
    std::optional<double> seller_feedback_pct;
    std::string item_url;
    std::string buying_options;  // comma-separated
    std::string location_country;
    std::string created_at;
    std::int64_t price_cents = 0;
    std::optional<std::int64_t> shipping_cents;  // nullopt: unknown (missing or CALCULATED)
    std::string shipping_type;
    std::string currency;
};

}  // namespace gpuprice::schema
