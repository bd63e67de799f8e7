// What a listing's title says about the card's build, beyond which model it is: how it is cooled
// and how many slots wide it is. A multi-GPU builder needs both to know whether cards fit.
#pragma once

#include <optional>
#include <string_view>

namespace gpuprice::schema {

// open-air: axial fans blowing into the case (needs space beside it); blower: one radial fan
// exhausting out of the back; water: a waterblock or an AIO; passive: a heatsink only, for server
// chassis airflow.
enum class Cooler { open_air, blower, water, passive };

// "open-air", "blower", "water", "passive".
std::string_view cooler_name(Cooler cooler);
std::optional<Cooler> parse_cooler(std::string_view name);

struct ListingAttributes {
    std::optional<Cooler> cooler;      // stated in the title; nullopt: not said
    std::optional<double> slot_width;  // stated in the title ("2-slot", "single slot")

    bool operator==(const ListingAttributes&) const = default;
};

}  // namespace gpuprice::schema
