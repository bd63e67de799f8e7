#include "analysis/title_tokens.hpp"

namespace gpuprice::analysis {

namespace {

enum class CharClass { Letter, Digit, Joiner, Separator };

CharClass classify(unsigned char c) {
    if (c >= 'a' && c <= 'z') return CharClass::Letter;
    if (c >= 'A' && c <= 'Z') return CharClass::Letter;
    if (c >= '0' && c <= '9') return CharClass::Digit;
    if (c == '+' || c == '&') return CharClass::Joiner;
    return CharClass::Separator;
}

}  // namespace

void tokenize(std::string_view text, std::vector<std::string>& words) {
    words.clear();
    std::string current;
    CharClass current_class = CharClass::Separator;
    auto flush = [&] {
        if (!current.empty()) words.push_back(std::move(current));
        current.clear();
    };
    for (unsigned char c : text) {
        const CharClass cls = classify(c);
        if (cls == CharClass::Separator) {
            flush();
        } else if (cls == CharClass::Joiner) {
            flush();
            words.emplace_back(1, static_cast<char>(c));
        } else {
            if (cls != current_class) flush();
            current.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
        }
        current_class = cls;
    }
    flush();
}

std::vector<std::string> tokenize(std::string_view text) {
    std::vector<std::string> words;
    tokenize(text, words);
    return words;
}

}  // namespace gpuprice::analysis
