// Whether the Market table's Graphics/Video Cards category id is the GPU leaf category on a
// marketplace, as eBay's Taxonomy API says (category ids "are not the same across all eBay
// marketplaces": developer.ebay.com/api-docs/buy/buy-categories.html). The probe asks three
// calls: getDefaultCategoryTreeId (the marketplace's tree,
// .../commerce/taxonomy/resources/category_tree/methods/getDefaultCategoryTreeId),
// getCategorySubtree of the configured id (its name and whether it is a leaf:
// CategorySubtree.categorySubtreeNode.leafCategoryTreeNode) and getCategorySuggestions for
// "graphics card" (the leaves eBay itself proposes). The answer is stored; a night searches the
// leaf eBay proposed when the probe found the configured id is no leaf at all, and warns when
// the configured leaf is not among eBay's suggestions.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "schema/domain/market.hpp"

namespace gpuprice::fetcher {

inline constexpr std::string_view kCategorySuggestionQuery = "graphics card";

// GET {api_base}/commerce/taxonomy/v1/get_default_category_tree_id?marketplace_id=EBAY_US
std::string default_tree_url(const std::string& api_base, std::string_view marketplace_id);
// GET .../category_tree/{tree}/get_category_subtree?category_id={id}
std::string category_subtree_url(const std::string& api_base, const std::string& tree_id,
                                 int category_id);
// GET .../category_tree/{tree}/get_category_suggestions?q=graphics%20card
std::string category_suggestions_url(const std::string& api_base, const std::string& tree_id);

struct CategoryNode {
    int id = 0;
    std::string name;
    bool leaf = false;
};

// The tree id of a getDefaultCategoryTreeId body ("0" on EBAY_US), or nullopt.
std::optional<std::string> parse_default_tree_id(std::string_view body);
// The subtree's top node (categorySubtreeNode), or nullopt.
std::optional<CategoryNode> parse_category_subtree(std::string_view body);
// The suggested categories, in eBay's order (every suggestion is a leaf).
std::vector<CategoryNode> parse_category_suggestions(std::string_view body);

// What the probe concluded about the configured id.
struct CategoryVerdict {
    // "confirmed": a leaf eBay suggests for graphics cards; "unconfirmed": a leaf eBay does not
    // suggest (kept, and said); "other:<id>": no such category or not a leaf, and eBay suggests
    // leaf <id> (searched instead); "absent": not a leaf or not there, and no suggestion.
    std::string answer;
    std::string detail;  // names and ids, for the table and the stored row
};
CategoryVerdict judge_category(int configured, const std::optional<CategoryNode>& node,
                               const std::vector<CategoryNode>& suggestions);

// The category a night searches for graphics cards: the leaf of a stored "other:<id>" answer,
// else the Market table's id.
int graphics_category(const schema::Market& market, std::string_view stored_answer);

}  // namespace gpuprice::fetcher
