#include "fetcher/category_check.hpp"

#include <simdjson.h>

#include <algorithm>
#include <charconv>

#include "fetcher/url.hpp"
#include "schema/domain/printable_text.hpp"

namespace gpuprice::fetcher {

namespace dom = simdjson::dom;

namespace {

constexpr std::string_view kOther = "other:";

std::optional<int> parse_int(std::string_view text) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// A Taxonomy Category object: categoryId is a string ("27386").
std::optional<CategoryNode> read_category(dom::object category) {
    std::string_view id, name;
    if (category["categoryId"].get(id) || category["categoryName"].get(name)) {
        return std::nullopt;
    }
    const auto number = parse_int(id);
    if (!number) return std::nullopt;
    return CategoryNode{*number, schema::printable_text(name), false};
}

std::string named(const CategoryNode& node) {
    return std::to_string(node.id) + " '" + node.name + "'";
}

}  // namespace

std::string default_tree_url(const std::string& api_base, std::string_view marketplace_id) {
    return api_base + "/commerce/taxonomy/v1/get_default_category_tree_id?marketplace_id=" +
           percent_encode(marketplace_id);
}

std::string category_subtree_url(const std::string& api_base, const std::string& tree_id,
                                 int category_id) {
    return api_base + "/commerce/taxonomy/v1/category_tree/" + percent_encode(tree_id) +
           "/get_category_subtree?category_id=" + std::to_string(category_id);
}

std::string category_suggestions_url(const std::string& api_base, const std::string& tree_id) {
    return api_base + "/commerce/taxonomy/v1/category_tree/" + percent_encode(tree_id) +
           "/get_category_suggestions?q=" + percent_encode(kCategorySuggestionQuery);
}

std::optional<std::string> parse_default_tree_id(std::string_view body) {
    dom::parser parser;
    dom::object root;
    std::string_view id;
    if (parser.parse(body.data(), body.size()).get(root) || root["categoryTreeId"].get(id) ||
        id.empty()) {
        return std::nullopt;
    }
    return schema::printable_text(id);
}

std::optional<CategoryNode> parse_category_subtree(std::string_view body) {
    dom::parser parser;
    dom::object root, node, category;
    if (parser.parse(body.data(), body.size()).get(root) || root["categorySubtreeNode"].get(node) ||
        node["category"].get(category)) {
        return std::nullopt;
    }
    auto read = read_category(category);
    if (!read) return std::nullopt;
    bool leaf = false;
    if (!node["leafCategoryTreeNode"].get(leaf)) read->leaf = leaf;
    return read;
}

std::vector<CategoryNode> parse_category_suggestions(std::string_view body) {
    std::vector<CategoryNode> out;
    dom::parser parser;
    dom::object root;
    dom::array suggestions;
    if (parser.parse(body.data(), body.size()).get(root) ||
        root["categorySuggestions"].get(suggestions)) {
        return out;
    }
    for (auto value : suggestions) {
        dom::object suggestion, category;
        if (value.get(suggestion) || suggestion["category"].get(category)) continue;
        if (auto node = read_category(category)) {
            // "an array of category tree leaf nodes" (getCategorySuggestions)
            node->leaf = true;
            out.push_back(std::move(*node));
        }
    }
    return out;
}

CategoryVerdict judge_category(int configured, const std::optional<CategoryNode>& node,
                               const std::vector<CategoryNode>& suggestions) {
    std::string seen = node ? named(*node) + (node->leaf ? ", a leaf" : ", not a leaf")
                            : std::to_string(configured) + " not in the tree";
    std::string suggested = "eBay suggests ";
    for (std::size_t i = 0; i < suggestions.size() && i < 3; ++i) {
        suggested += (i ? ", " : "") + named(suggestions[i]);
    }
    if (suggestions.empty()) suggested += "nothing";
    const std::string detail =
        seen + "; for '" + std::string(kCategorySuggestionQuery) + "' " + suggested;
    const bool suggested_configured =
        std::any_of(suggestions.begin(), suggestions.end(),
                    [&](const CategoryNode& s) { return s.id == configured; });
    const bool usable = node && node->leaf;  // items are listed in leaf categories only
    if (usable && suggested_configured) return {"confirmed", detail};
    // A leaf eBay does not suggest may still be right (the names are localized, the query is
    // English): said, not replaced.
    if (usable) return {"unconfirmed", detail};
    if (!suggestions.empty()) {
        return {std::string(kOther) + std::to_string(suggestions.front().id), detail};
    }
    return {"absent", detail};
}

int graphics_category(const schema::Market& market, std::string_view stored_answer) {
    if (stored_answer.starts_with(kOther)) {
        if (const auto id = parse_int(stored_answer.substr(kOther.size())); id && *id > 0) {
            return *id;
        }
    }
    return market.graphics_cards_category;
}

}  // namespace gpuprice::fetcher
