#include "fetcher/query_plan.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "fetcher/url.hpp"

namespace gpuprice::fetcher {

namespace {

bool is_vram_word(const std::string& word) {
    return word.size() > 2 && word.ends_with("GB") &&
           std::all_of(word.begin(), word.end() - 2, [](char c) { return c >= '0' && c <= '9'; });
}

bool is_form_factor_word(const std::string& word) {
    return word == "PCIe" || word.starts_with("SXM");
}

}  // namespace

std::vector<ConditionGroup> condition_groups(std::string_view condition) {
    const ConditionGroup new_group{"new", "1000"};
    const ConditionGroup open_box{"open-box", "1500"};
    const ConditionGroup refurbished{"refurbished", "2000|2010|2020|2030|2500"};
    const ConditionGroup used{"used", "3000"};
    if (condition == "new") return {new_group};
    if (condition == "open-box") return {open_box};
    if (condition == "refurbished") return {refurbished};
    if (condition == "used") return {used};
    if (condition == "all") return {new_group, open_box, refurbished, used};
    throw std::invalid_argument("unknown condition '" + std::string(condition) +
                                "' (use new, used, refurbished, open-box or all)");
}

std::vector<std::string> search_terms(const schema::Catalog& catalog) {
    std::vector<std::string> terms;
    for (const auto& model : catalog.models) {
        std::istringstream words(model.model);
        std::string word, term;
        while (words >> word) {
            if (is_vram_word(word) || is_form_factor_word(word)) continue;
            if (!term.empty()) term += ' ';
            term += word;
        }
        if (std::find(terms.begin(), terms.end(), term) == terms.end()) terms.push_back(term);
    }
    return terms;
}

std::string search_url(const std::string& api_base, const SearchQuery& query, int limit,
                       std::int64_t offset) {
    // Auctions' current bids are not prices: fixed price and best offer only.
    const std::string filter = "conditionIds:{" + query.condition.condition_ids +
                               "},priceCurrency:USD,buyingOptions:{FIXED_PRICE|BEST_OFFER}";
    return api_base + "/buy/browse/v1/item_summary/search?q=" + percent_encode(query.term) +
           "&category_ids=" + std::to_string(kGraphicsCardsCategory) +
           "&filter=" + percent_encode(filter) + "&limit=" + std::to_string(limit) +
           "&offset=" + std::to_string(offset);
}

std::vector<std::int64_t> later_page_offsets(std::int64_t total, int limit) {
    std::vector<std::int64_t> offsets;
    const std::int64_t reachable = std::min(total, kMaxReachableItems);
    for (std::int64_t offset = limit; offset < reachable && offset + limit <= kMaxReachableItems;
         offset += limit) {
        offsets.push_back(offset);
    }
    return offsets;
}

}  // namespace gpuprice::fetcher
