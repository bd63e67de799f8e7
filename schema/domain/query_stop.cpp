#include "schema/domain/query_stop.hpp"

#include "schema/domain/enum_names.hpp"

namespace gpuprice::schema {

namespace {

constexpr EnumNames<QueryKind, 6> kKinds = {{
    {QueryKind::search, "search"},
    {QueryKind::price_band, "price-band"},
    {QueryKind::item_group, "item-group"},
    {QueryKind::other_category, "other-category"},
    {QueryKind::aspect_filter, "aspect-filter"},
    {QueryKind::withheld_check, "withheld-check"},
}};

constexpr EnumNames<QueryStop, 15> kStops = {{
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
    {QueryStop::gone, "gone"},
    {QueryStop::throttled, "throttled"},
    {QueryStop::token_unavailable, "token-unavailable"},
}};

static_assert(names_every_value(kKinds, QueryKind::withheld_check));
static_assert(names_every_value(kStops, QueryStop::token_unavailable));

}  // namespace

std::string_view query_kind_name(QueryKind kind) {
    return name_of(kKinds, kind);
}

std::optional<QueryKind> parse_query_kind(std::string_view name) {
    return parse_name(kKinds, name);
}

std::string_view query_stop_name(QueryStop stop) {
    return name_of(kStops, stop);
}

std::optional<QueryStop> parse_query_stop(std::string_view name) {
    return parse_name(kStops, name);
}

}  // namespace gpuprice::schema
