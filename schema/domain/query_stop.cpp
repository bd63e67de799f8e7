#include "schema/domain/query_stop.hpp"

#include <array>
#include <utility>

namespace gpuprice::schema {

namespace {

constexpr std::array<std::pair<QueryKind, std::string_view>, 5> kKinds = {{
    {QueryKind::search, "search"},
    {QueryKind::price_band, "price-band"},
    {QueryKind::item_group, "item-group"},
    {QueryKind::other_category, "other-category"},
    {QueryKind::aspect_filter, "aspect-filter"},
}};

constexpr std::array<std::pair<QueryStop, std::string_view>, 12> kStops = {{
    {QueryStop::open, "open"},
    {QueryStop::last_page, "last-page"},
    {QueryStop::split, "split"},
    {QueryStop::cap, "cap"},
    {QueryStop::budget, "budget"},
    {QueryStop::quota, "quota"},
    {QueryStop::access_denied, "access-denied"},
    {QueryStop::credentials, "credentials"},
    {QueryStop::deadline, "deadline"},
    {QueryStop::error, "error"},
    {QueryStop::missing_pages, "missing-pages"},
    {QueryStop::stopped, "stopped"},
}};

// Each table is in enum order, so a value is its own index.
template <typename Table>
constexpr bool in_enum_order(const Table& table) {
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (static_cast<std::size_t>(table[i].first) != i) return false;
    }
    return true;
}
static_assert(in_enum_order(kKinds));
static_assert(kKinds.size() == static_cast<std::size_t>(QueryKind::aspect_filter) + 1);
static_assert(in_enum_order(kStops));
static_assert(kStops.size() == static_cast<std::size_t>(QueryStop::stopped) + 1);

template <typename Table>
auto parse(const Table& table, std::string_view name)
    -> std::optional<typename Table::value_type::first_type> {
    for (const auto& [value, text] : table) {
        if (text == name) return value;
    }
    return std::nullopt;
}

}  // namespace

std::string_view query_kind_name(QueryKind kind) {
    return kKinds[static_cast<std::size_t>(kind)].second;
}

std::optional<QueryKind> parse_query_kind(std::string_view name) {
    return parse(kKinds, name);
}

std::string_view query_stop_name(QueryStop stop) {
    return kStops[static_cast<std::size_t>(stop)].second;
}

std::optional<QueryStop> parse_query_stop(std::string_view name) {
    return parse(kStops, name);
}

}  // namespace gpuprice::schema
