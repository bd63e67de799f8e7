#include "fetcher/search_term.hpp"

#include <algorithm>
#include <sstream>

#include "schema/rules/search_terms.hpp"

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

std::string model_search_term(const schema::GpuModel& model) {
    std::istringstream words(model.name);
    std::string word, term;
    while (words >> word) {
        if (is_vram_word(word) || is_form_factor_word(word)) continue;
        if (!term.empty()) term += ' ';
        term += word;
    }
    return term;
}

std::set<std::string> term_words(const std::string& term) {
    return schema::family_words(term);
}

}  // namespace gpuprice::fetcher
