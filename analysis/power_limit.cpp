#include "analysis/power_limit.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "analysis/csv_format.hpp"

namespace gpuprice::analysis {

int PowerLimit::apply(int tdp_w) const {
    if (percent) return static_cast<int>(std::lround(tdp_w * *percent / 100.0));
    if (watts) return std::min(tdp_w, *watts);
    return tdp_w;
}

std::string PowerLimit::label() const {
    if (percent)
        return format_number(*percent, *percent == std::floor(*percent) ? 0 : 1) + "% of TDP";
    if (watts) return std::to_string(*watts) + " W per card";
    return "none";
}

std::optional<PowerLimit> parse_power_limit(std::string_view text) {
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    PowerLimit limit;
    if (!text.empty() && text.back() == '%') {
        text.remove_suffix(1);
        while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
        double value = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
        if (!(value > 0 && value <= 100)) return std::nullopt;
        limit.percent = value;
        return limit;
    }
    if (!text.empty() && (text.back() == 'W' || text.back() == 'w')) text.remove_suffix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value <= 0) return std::nullopt;
    limit.watts = value;
    return limit;
}

}  // namespace gpuprice::analysis
