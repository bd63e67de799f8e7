// eBay condition ids grouped the way buyers compare prices: new, open box, refurbished and used
// are separate markets; for parts is not a price at all.
#pragma once

#include <string_view>

namespace gpuprice::schema {

// new (1000), open-box (1500, 1750), refurbished (2000-2999), used (3000-6999),
// for-parts (7000), other.
std::string_view condition_class(int condition_id);

}  // namespace gpuprice::schema
