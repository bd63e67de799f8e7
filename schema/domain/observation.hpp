// One price of one matched listing on one night: what analysis computes with.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "schema/domain/listing_attributes.hpp"
#include "schema/domain/match_evidence.hpp"

namespace gpuprice::schema {

struct PricedObservation {
    std::int64_t listing_id = 0;
    std::string model;  // the SKU key (skus.csv `key`) it was matched to
    int condition_id = 0;
    std::int64_t price_cents = 0;
    std::optional<std::int64_t> shipping_cents;
    std::string observed_on;
    std::string currency;  // the marketplace's; one report never mixes two
    // Filled only when details are asked for (the per-listing CSV).
    std::string item_id;
    std::string title;
    std::string item_url;
    MatchEvidence decided_by = MatchEvidence::title;  // what matched it to `model`
    // What the title says about the build; nullopt when never extracted (a database matched
    // before attributes existed).
    std::optional<ListingAttributes> attributes;
};

// A listing's latest asking price in a window and no more: what a report compares its listings'
// prices with. A window of a year-old market holds 150,000 of them, a fifth of the memory
// PricedObservations took.
struct LatestPrice {
    std::int64_t listing_id = 0;
    std::string model;  // the SKU key
    int condition_id = 0;
    std::int64_t price_cents = 0;
    std::optional<std::int64_t> shipping_cents;
};

// A listing's asking price on one night, and no more: what the nightly rollups read of their
// 30-night window (145,000 prices at a year) and of the listings cleared in it (65,000), whose
// model they group them by. A quarter of a PricedObservation: a rollup that held those spent a
// tenth of a year-old night's ingest on their memory.
struct NightPrice {
    std::int64_t listing_id = 0;
    int condition_id = 0;
    std::int64_t price_cents = 0;
    std::optional<std::int64_t> shipping_cents;
    std::string night;  // YYYY-MM-DD: the night of the price, or the night a listing was found gone
};

inline LatestPrice latest_price(const PricedObservation& o) {
    return {o.listing_id, o.model, o.condition_id, o.price_cents, o.shipping_cents};
}

}  // namespace gpuprice::schema
