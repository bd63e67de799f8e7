#include "fetcher/keyword_join.hpp"

#include <cstdint>
#include <sstream>
#include <stdexcept>

#include "schema/domain/enum_names.hpp"
#include "schema/rules/search_terms.hpp"

namespace gpuprice::fetcher {

namespace {

constexpr schema::EnumNames<KeywordJoin, 2> kJoinNames = {{
    {KeywordJoin::space_and, "space"},
    {KeywordJoin::comma_and, "comma"},
}};
static_assert(schema::names_every_value(kJoinNames, KeywordJoin::comma_and));

}  // namespace

std::string_view keyword_join_name(KeywordJoin join) {
    return schema::name_of(kJoinNames, join);
}

std::optional<KeywordJoin> parse_keyword_join(std::string_view name) {
    return schema::parse_name(kJoinNames, name);
}

KeywordJoin documented_join(EbayApi api) {
    return api == EbayApi::insights ? KeywordJoin::comma_and : KeywordJoin::space_and;
}

std::string join_keywords(std::string_view term, KeywordJoin join) {
    std::istringstream words{std::string(term)};
    std::string word, joined;
    const char separator = join == KeywordJoin::comma_and ? ',' : ' ';
    while (words >> word) {
        if (!joined.empty()) joined += separator;
        joined += word;
    }
    return joined;
}

std::optional<KeywordJoin> join_from_totals(std::int64_t space_total, std::int64_t comma_total) {
    if (comma_total > 0 && comma_total < space_total) return KeywordJoin::comma_and;
    if (space_total > 0) return KeywordJoin::space_and;
    if (comma_total > 0) return KeywordJoin::comma_and;
    return std::nullopt;
}

std::vector<std::string> and_terms(std::string_view browse_q) {
    try {
        schema::parse_keywords(browse_q);  // what search_terms.csv accepts
    } catch (const std::invalid_argument&) {
        return {std::string(browse_q)};
    }
    // As written (parse_keywords lowercases): a word, or a group "(a,b)" of alternatives.
    std::vector<std::string> terms = {""};
    std::istringstream words{std::string(browse_q)};
    for (std::string word; words >> word;) {
        std::vector<std::string> alternatives;
        if (word.front() == '(') {
            std::istringstream inner(word.substr(1, word.size() - 2));
            for (std::string alternative; std::getline(inner, alternative, ',');)
                alternatives.push_back(alternative);
        } else {
            alternatives.push_back(word);
        }
        std::vector<std::string> longer;
        for (const auto& term : terms) {
            for (const auto& alternative : alternatives)
                longer.push_back(term.empty() ? alternative : term + " " + alternative);
        }
        terms = std::move(longer);
    }
    return terms;
}

}  // namespace gpuprice::fetcher
