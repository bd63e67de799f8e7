// eBay condition ids grouped the way buyers compare prices: new, open box, refurbished and used
// are separate markets; for parts is not a price at all. One table says, for each class, its
// name (as --condition takes it and the CSVs write it), the ids it covers and the ids searched
// for it, so the fetcher's filter and the reports' classes cannot disagree.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuprice::schema {

// In report order (rows sort by it): new, open-box, refurbished, used.
enum class ConditionClass { new_item, open_box, refurbished, used, for_parts, other };

struct ConditionInfo {
    ConditionClass condition;
    std::string_view name;
    int first_id = 0;  // the eBay condition ids of the class: first_id..last_id
    int last_id = 0;
    // The ids a search asks for ('|'-separated, as in conditionIds); the first stands for the
    // class when a listing carries none. Empty: never fetched as a price.
    std::string_view search_ids;
};

// Every class, in ConditionClass order.
const std::vector<ConditionInfo>& condition_classes();
const ConditionInfo& condition_info(ConditionClass condition);

// new (1000), open-box (1500-1750), refurbished (2000-2999), used (3000-6999), for-parts
// (7000), other.
ConditionClass condition_class(int condition_id);

// The smallest range of condition ids holding every class of `conditions`, for a statement to
// leave other listings early (its caller still keeps only the classes asked for); every id when
// they are none, or name a class without ids of its own (`other`).
std::pair<int, int> condition_id_span(const std::vector<ConditionClass>& conditions);

// The ids a search for these classes asks for, '|'-separated as conditionIds takes them (Browse
// search filter, Marketplace Insights filter).
std::string search_ids(const std::vector<ConditionClass>& conditions);
std::string_view condition_name(ConditionClass condition);

// --condition of fetch, report, recommend and history: one priced class by name, or "all" (the
// four priced classes); throws std::invalid_argument naming the value and the choices.
std::vector<ConditionClass> parse_conditions(std::string_view value);

}  // namespace gpuprice::schema
