#include "schema/domain/listing_attributes.hpp"

#include <array>
#include <utility>

namespace gpuprice::schema {

namespace {

constexpr std::array<std::pair<Cooler, std::string_view>, 4> kCoolerNames = {{
    {Cooler::open_air, "open-air"},
    {Cooler::blower, "blower"},
    {Cooler::water, "water"},
    {Cooler::passive, "passive"},
}};

}  // namespace

std::string_view cooler_name(Cooler cooler) {
    for (const auto& [c, name] : kCoolerNames)
        if (c == cooler) return name;
    return "?";
}

std::optional<Cooler> parse_cooler(std::string_view name) {
    for (const auto& [c, n] : kCoolerNames)
        if (n == name) return c;
    return std::nullopt;
}

}  // namespace gpuprice::schema
