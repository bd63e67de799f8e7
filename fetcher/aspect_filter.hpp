// aspect_filter searches (issue 9 section 3): a family whose catalog variants differ in VRAM or
// form factor is searched once more per value, e.g.
//   aspect_filter=categoryId:27386,Memory Size:{12 GB}
// and every listing seen under it takes that value as an item aspect, evidence the title matcher
// reads beside the title. Which families and values come from the catalog (skus.csv) and
// aspect_filters.csv; which of eBay's spellings exist tonight comes from the family's first page,
// asked with fieldgroups=MATCHING_ITEMS,ASPECT_REFINEMENTS (refinement.aspectDistributions).
// eBay: https://developer.ebay.com/api-docs/buy/browse/types/gct:AspectFilter (categoryId plus
// name:{value1|value2}; the category must be the search's category_ids),
// https://developer.ebay.com/api-docs/buy/browse/types/gct:AspectValueDistribution (returned
// with fieldgroups ASPECT_REFINEMENTS or FULL), and the real response in
// shared/ebay-samples/search_gpu_tesla_t4_aspect_refinements_activescott.json.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "schema/rules/aspect_filter_rules.hpp"
#include "schema/rules/catalog.hpp"

namespace gpuprice::fetcher {

// One value a family is searched under.
struct AspectSplit {
    std::string aspect;   // "Memory Size"
    std::string value;    // recorded on each listing seen: "12 GB"
    bool prefix = false;  // eBay's spellings start with `value` (else: equal to it)
};

// The values to search `term` under: for every rule, the values of its attribute in which the
// models sharing a search term covered by `term` differ. Empty for a family without variants.
std::vector<AspectSplit> aspect_splits(const schema::Catalog& catalog,
                                       const std::vector<schema::AspectFilterRule>& rules,
                                       const std::string& term);

// refinement.aspectDistributions of a search page: per aspect, its values and their counts.
struct AspectValueCount {
    std::string value;
    std::int64_t count = 0;
};
struct AspectDistribution {
    std::string aspect;
    std::vector<AspectValueCount> values;
};
// Empty when the page has no refinement (or is not JSON).
std::vector<AspectDistribution> parse_aspect_refinements(std::string_view body);

// eBay's spellings of a split's value that some listing tonight has (matchCount > 0), as the
// refinement names them; nullopt when the refinement does not list the split's aspect at all.
std::optional<std::vector<std::string>> refinement_spellings(
    const AspectSplit& split, const std::vector<AspectDistribution>& refinement);

// The aspect_filter parameter, before URL encoding: "categoryId:27386,Memory Size:{12 GB|12GB}".
// A '|' inside a value is escaped as eBay asks ("\|").
std::string aspect_filter_param(int category, const std::string& aspect,
                                const std::vector<std::string>& spellings);

}  // namespace gpuprice::fetcher
