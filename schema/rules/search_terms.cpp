#include "schema/rules/search_terms.hpp"

#include <algorithm>
#include <set>
#include <sstream>
#include <stdexcept>

#include "schema/domain/ascii_case.hpp"
#include "schema/rules/csv_reader.hpp"

namespace gpuprice::schema {

namespace {

bool is_joiner(char c) {
    return c == '-' || c == '.' || c == '+' || c == '&';
}

bool is_word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           is_joiner(c);
}

}  // namespace

std::vector<KeywordAlternatives> parse_keywords(std::string_view q) {
    std::vector<KeywordAlternatives> keywords;
    std::size_t at = 0;
    while (at < q.size()) {
        if (q[at] == ' ') {
            ++at;
            continue;
        }
        const auto end = std::min(q.find(' ', at), q.size());
        const auto keyword = q.substr(at, end - at);
        at = end;
        KeywordAlternatives alternatives;
        if (keyword.front() == '(') {
            if (keyword.size() < 2 || keyword.back() != ')') {
                throw std::invalid_argument("the group '" + std::string(keyword) +
                                            "' is not closed before a space");
            }
            auto inner = keyword.substr(1, keyword.size() - 2);
            if (inner.find_first_of("()") != std::string_view::npos) {
                throw std::invalid_argument("groups do not nest: '" + std::string(keyword) + "'");
            }
            std::size_t from = 0;
            while (from <= inner.size()) {
                const auto comma = std::min(inner.find(',', from), inner.size());
                const auto word = inner.substr(from, comma - from);
                if (word.empty()) {
                    throw std::invalid_argument("an empty alternative in '" + std::string(keyword) +
                                                "'");
                }
                alternatives.push_back(ascii_lower(std::string(word)));
                from = comma + 1;
            }
        } else {
            if (keyword.find_first_of("(),") != std::string_view::npos) {
                throw std::invalid_argument("'" + std::string(keyword) +
                                            "': a parenthesis or comma outside a group");
            }
            alternatives.push_back(ascii_lower(std::string(keyword)));
        }
        keywords.push_back(std::move(alternatives));
    }
    if (keywords.empty()) throw std::invalid_argument("no keyword");
    return keywords;
}

std::vector<std::string> title_words(std::string_view title) {
    std::vector<std::string> words;
    std::string word;
    auto flush = [&] {
        const auto first = word.find_first_not_of("-.+&");
        if (first != std::string::npos) {
            const auto last = word.find_last_not_of("-.+&");
            words.push_back(ascii_lower(word.substr(first, last - first + 1)));
        }
        word.clear();
    };
    for (const char c : title) {
        if (is_word_char(c)) {
            word += c;
        } else {
            flush();
        }
    }
    flush();
    return words;
}

bool keywords_match(const std::vector<KeywordAlternatives>& keywords, std::string_view title) {
    const auto words = title_words(title);
    const std::set<std::string> in_title(words.begin(), words.end());
    return std::all_of(keywords.begin(), keywords.end(), [&](const KeywordAlternatives& k) {
        return std::any_of(k.begin(), k.end(), [&](const auto& w) { return in_title.contains(w); });
    });
}

std::set<std::string> family_words(std::string_view family) {
    std::set<std::string> words;
    std::istringstream in{std::string(family)};
    std::string word;
    while (in >> word) words.insert(ascii_lower(word));
    return words;
}

std::vector<SearchTerm> load_search_terms(const std::string& dir) {
    const std::string file = dir + "/search_terms.csv";
    const CsvTable table(read_text_file(file), file);
    std::vector<SearchTerm> terms;
    std::set<std::string> families;
    for (const auto& row : table.rows()) {
        SearchTerm term;
        term.family = table.required_text(row, "family");
        if (!families.insert(term.family).second) {
            table.fail(row, "family", "'" + term.family + "' has a row already");
        }
        term.q = table.required_text(row, "q");
        try {
            parse_keywords(term.q);
        } catch (const std::invalid_argument& e) {
            table.fail(row, "q", e.what());
        }
        term.source = table.required_text(row, "source");
        terms.push_back(std::move(term));
    }
    return terms;
}

const SearchTerm* find_search_term(const std::vector<SearchTerm>& terms, std::string_view family) {
    const auto it = std::find_if(terms.begin(), terms.end(),
                                 [&](const SearchTerm& t) { return t.family == family; });
    return it == terms.end() ? nullptr : &*it;
}

}  // namespace gpuprice::schema
