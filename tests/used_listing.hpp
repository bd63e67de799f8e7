// A used listing as the report reads it back (one observation, shipping free, details filled):
// the fixture of the page's and the watches' tests.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>

#include "schema/domain/observation.hpp"

namespace gpuprice::test {

inline schema::PricedObservation used_listing(std::int64_t id, const std::string& model, double usd,
                                              const std::string& night,
                                              const std::string& title = "") {
    schema::PricedObservation o;
    o.listing_id = id;
    o.model = model;
    o.condition_id = 3000;
    o.price_cents = std::llround(usd * 100);
    o.shipping_cents = 0;
    o.observed_on = night;
    o.item_id = "v1|" + std::to_string(id) + "|0";
    o.title = title.empty() ? model : title;
    o.item_url = "https://www.ebay.com/itm/" + std::to_string(id);
    o.decided_by = schema::MatchEvidence::title;
    return o;
}

}  // namespace gpuprice::test
