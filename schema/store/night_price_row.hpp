// A NightPrice as the statements that read one select it: the listing id, the model (apart: the
// callers group by it), the condition, the price, the shipping and the night, columns 0 to 5.
// Internal to gpuprice_store.
#pragma once

#include "schema/domain/observation.hpp"
#include "schema/store/sqlite.hpp"

namespace gpuprice::schema {

inline NightPrice read_night_price(const Statement& row) {
    return {row.int64(0), row.int32(2), row.int64(3), row.optional_int64(4), row.text(5)};
}

}  // namespace gpuprice::schema
