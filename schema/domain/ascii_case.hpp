// ASCII-only case folding: what model names, eBay words and command-line names need. Unlike
// std::tolower it neither depends on the locale nor is undefined for a negative `char` (any
// byte of a UTF-8 title); bytes >= 0x80 pass unchanged.
#pragma once

#include <string>
#include <string_view>

namespace gpuprice::schema {

constexpr char ascii_lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

inline std::string ascii_lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = ascii_lower(c);
    return out;
}

inline bool equals_ignoring_ascii_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
    }
    return true;
}

}  // namespace gpuprice::schema
