// Whether prices include known shipping: the price a buyer pays, or the item alone.
#pragma once

#include <cstdint>
#include <optional>

namespace gpuprice::analysis {

enum class Shipping { Include, Exclude };

// Price plus shipping when known and included, in the listing's currency (whole units).
inline double buyer_total(std::int64_t price_cents,
                          const std::optional<std::int64_t>& shipping_cents, Shipping shipping) {
    std::int64_t cents = price_cents;
    if (shipping == Shipping::Include && shipping_cents) cents += *shipping_cents;
    return static_cast<double>(cents) / 100.0;
}

}  // namespace gpuprice::analysis
