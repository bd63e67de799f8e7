#include "schema/domain/item_lookup_status.hpp"

#include "schema/domain/enum_names.hpp"

namespace gpuprice::schema {

namespace {

constexpr EnumNames<ItemLookupStatus, 2> kNames = {{
    {ItemLookupStatus::ok, "ok"},
    {ItemLookupStatus::gone, "gone"},
}};
static_assert(names_every_value(kNames, ItemLookupStatus::gone));

}  // namespace

std::string_view item_lookup_status_name(ItemLookupStatus status) {
    return name_of(kNames, status);
}

std::optional<ItemLookupStatus> parse_item_lookup_status(std::string_view name) {
    return parse_name(kNames, name);
}

}  // namespace gpuprice::schema
