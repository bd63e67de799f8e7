// The markets the tests name, from the one market table.
#pragma once

#include "schema/domain/market.hpp"

namespace gpuprice::test {

inline const schema::Market& us_market() {
    static const auto market = *schema::find_market("EBAY_US");
    return market;
}

inline const schema::Market& gb_market() {
    static const auto market = *schema::find_market("EBAY_GB");
    return market;
}

}  // namespace gpuprice::test
