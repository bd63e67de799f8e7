#include "schema/domain/item_lookup_status.hpp"

#include "schema/domain/enum_names.hpp"

namespace gpuprice::schema {

namespace {

constexpr EnumNames<ItemLookupStatus, 2> kItemLookupStatusNames = {{
    {ItemLookupStatus::ok, "ok"},
    {ItemLookupStatus::gone, "gone"},
}};
static_assert(names_every_value(kItemLookupStatusNames, ItemLookupStatus::gone));

}  // namespace

std::string_view item_lookup_status_name(ItemLookupStatus status) {
    return name_of(kItemLookupStatusNames, status);
}

}  // namespace gpuprice::schema
