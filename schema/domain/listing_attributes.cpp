#include "schema/domain/listing_attributes.hpp"

#include "schema/domain/enum_names.hpp"

namespace gpuprice::schema {

namespace {

constexpr EnumNames<Cooler, 4> kCoolerNames = {{
    {Cooler::open_air, "open-air"},
    {Cooler::blower, "blower"},
    {Cooler::water, "water"},
    {Cooler::passive, "passive"},
}};
static_assert(names_every_value(kCoolerNames, Cooler::passive));

}  // namespace

std::string_view cooler_name(Cooler cooler) {
    return name_of(kCoolerNames, cooler);
}

std::optional<Cooler> parse_cooler(std::string_view name) {
    return parse_name(kCoolerNames, name);
}

}  // namespace gpuprice::schema
