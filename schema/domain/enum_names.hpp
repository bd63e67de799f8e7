// One table of names per enum: the text a value is stored as (in SQL, CSVs, messages) and read
// back from. A table lists every value in enum order, so a value is its own index; a
// static_assert in each .cpp checks that, so a value added without its name does not compile.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace gpuprice::schema {

template <typename Enum, std::size_t N>
using EnumNames = std::array<std::pair<Enum, std::string_view>, N>;

// True when the table lists every value of an enum whose last value is `last`, in order.
template <typename Enum, std::size_t N>
constexpr bool names_every_value(const EnumNames<Enum, N>& table, Enum last) {
    if (N != static_cast<std::size_t>(last) + 1) return false;
    for (std::size_t i = 0; i < N; ++i) {
        if (static_cast<std::size_t>(table[i].first) != i) return false;
    }
    return true;
}

template <typename Enum, std::size_t N>
constexpr std::string_view name_of(const EnumNames<Enum, N>& table, Enum value) {
    return table[static_cast<std::size_t>(value)].second;
}

template <typename Enum, std::size_t N>
constexpr std::optional<Enum> parse_name(const EnumNames<Enum, N>& table, std::string_view name) {
    for (const auto& [value, text] : table) {
        if (text == name) return value;
    }
    return std::nullopt;
}

}  // namespace gpuprice::schema
