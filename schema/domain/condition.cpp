#include "schema/domain/condition.hpp"

namespace gpuprice::schema {

std::string_view condition_class(int condition_id) {
    if (condition_id == 1000) return "new";
    if (condition_id == 1500 || condition_id == 1750) return "open-box";
    if (condition_id >= 2000 && condition_id < 3000) return "refurbished";
    if (condition_id >= 3000 && condition_id < 7000) return "used";
    if (condition_id == 7000) return "for-parts";
    return "other";
}

}  // namespace gpuprice::schema
