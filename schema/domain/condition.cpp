#include "schema/domain/condition.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace gpuprice::schema {

namespace {

// Searched: new 1000; open box 1500 and 1750 (new other, new with defects); refurbished by
// the manufacturer, seller, excellent/very good/good (2000-2030) and 2500; used 3000 (eBay's
// graphics cards category offers no finer used grades). Classed by range so that any used
// grade a listing does carry (4000-6000) still counts as used.
const std::vector<ConditionInfo> kConditions = {
    {ConditionClass::new_item, "new", 1000, 1000, "1000"},
    {ConditionClass::open_box, "open-box", 1500, 1750, "1500|1750"},
    {ConditionClass::refurbished, "refurbished", 2000, 2999, "2000|2010|2020|2030|2500"},
    {ConditionClass::used, "used", 3000, 6999, "3000"},
    {ConditionClass::for_parts, "for-parts", 7000, 7000, ""},
    {ConditionClass::other, "other", 0, -1, ""},
};

}  // namespace

const std::vector<ConditionInfo>& condition_classes() {
    return kConditions;
}

const ConditionInfo& condition_info(ConditionClass condition) {
    return kConditions[static_cast<std::size_t>(condition)];
}

ConditionClass condition_class(int condition_id) {
    for (const auto& c : kConditions) {
        if (condition_id >= c.first_id && condition_id <= c.last_id) return c.condition;
    }
    return ConditionClass::other;
}

std::pair<int, int> condition_id_span(const std::vector<ConditionClass>& conditions) {
    constexpr std::pair kEvery{std::numeric_limits<int>::min(), std::numeric_limits<int>::max()};
    auto span = std::pair{kEvery.second, kEvery.first};
    for (const auto c : conditions) {
        const auto& info = condition_info(c);
        if (info.first_id > info.last_id) return kEvery;
        span = {std::min(span.first, info.first_id), std::max(span.second, info.last_id)};
    }
    return conditions.empty() ? kEvery : span;
}

std::string_view condition_name(ConditionClass condition) {
    return condition_info(condition).name;
}

std::vector<ConditionClass> parse_conditions(std::string_view value) {
    std::vector<ConditionClass> all;
    std::string names;
    for (const auto& c : kConditions) {
        if (c.search_ids.empty()) continue;
        if (value == c.name) return {c.condition};
        all.push_back(c.condition);
        names += (names.empty() ? "" : ", ") + std::string(c.name);
    }
    if (value == "all") return all;
    throw std::invalid_argument("unknown condition '" + std::string(value) + "' (use " + names +
                                " or all)");
}

std::string search_ids(const std::vector<ConditionClass>& conditions) {
    std::string ids;
    for (const auto condition : conditions) {
        if (!ids.empty()) ids += '|';
        ids += condition_info(condition).search_ids;
    }
    return ids;
}

}  // namespace gpuprice::schema
