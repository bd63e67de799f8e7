// eBay's condition names (ItemSummary.condition, ItemSales.condition) and the condition id each
// stands for, for an item that carries a name but no conditionId (audit D15). The name is the
// label of the site the item is listed on, not the one searched ("Nuovo" on an EBAY_US search:
// eBay Finding API, Condition.conditionDisplayName, "localized for the site on which they're
// listed"), and a category may rename an id ("Brand New"; Trading API ConditionType.DisplayName),
// so the table is keyed by the text alone. A name the table lacks classes nothing: the item stays
// stored without a condition and reports count it as "condition not stated".
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace gpuprice::schema {

struct ConditionName {
    std::string_view name;  // as eBay writes it; compared ignoring ASCII case and outer spaces
    int condition_id = 0;
    std::string_view source;  // where the name was seen or documented
};

// Every name, one row each.
const std::vector<ConditionName>& condition_names();

// The condition id eBay's `name` stands for, or nullopt for a name the table lacks.
std::optional<int> condition_id_of_name(std::string_view name);

}  // namespace gpuprice::schema
