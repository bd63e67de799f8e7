// SQL text composed at compile time from named parts: a statement that shares its joins or
// columns with others is still one constant string when SQLite prepares it, with no text
// assembled at run time (scripts/check-sql) and none by the preprocessor. Parts and statements
// are `constexpr SqlText`; `+` joins them with literals, and a statement converts to the
// std::string_view that Database::prepare takes. Internal to gpuprice_store.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace gpuprice::schema {

template <std::size_t N>  // N counts the terminating NUL, as a literal's size does
struct SqlText {
    char text[N]{};

    consteval SqlText() = default;
    consteval SqlText(const char (&literal)[N]) { std::copy_n(literal, N, text); }
    constexpr operator std::string_view() const { return {text, N - 1}; }
};

template <std::size_t N, std::size_t M>
consteval SqlText<N + M - 1> operator+(const SqlText<N>& a, const SqlText<M>& b) {
    SqlText<N + M - 1> joined;
    std::copy_n(a.text, N - 1, joined.text);
    std::copy_n(b.text, M, joined.text + N - 1);
    return joined;
}

template <std::size_t N, std::size_t M>
consteval SqlText<N + M - 1> operator+(const SqlText<N>& a, const char (&b)[M]) {
    return a + SqlText<M>(b);
}

template <std::size_t N, std::size_t M>
consteval SqlText<N + M - 1> operator+(const char (&a)[N], const SqlText<M>& b) {
    return SqlText<N>(a) + b;
}

}  // namespace gpuprice::schema
