// A power limit set on every card (nvidia-smi -pl), the usual way to fit several big cards on one
// circuit: a percentage of each card's TDP, or a number of watts (never above the TDP).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpuprice::analysis {

struct PowerLimit {
    std::optional<double> percent;  // of TDP, (0, 100]
    std::optional<int> watts;       // per card

    // The watts one card of `tdp_w` draws under this limit.
    int apply(int tdp_w) const;
    // "none", "80% of TDP", "250 W per card".
    std::string label() const;
};

// "80%", "80 %" or "250" / "250W"; nullopt for anything else or out of range.
std::optional<PowerLimit> parse_power_limit(std::string_view text);

}  // namespace gpuprice::analysis
