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

std::optional<CardPower> card_power(const schema::GpuModel& model, const PowerLimit& limit,
                                    const schema::PowerRules& rules) {
    CardPower power;
    power.watts = limit.apply(model.tdp_w);
    if (const auto* range = rules.range_of(model)) {
        power.range = *range;
        if (power.watts < range->min_w) {
            power.watts = range->min_w;
            power.raised_to_minimum = true;
        }
    }
    if (model.tdp_w <= 0 || power.watts >= model.tdp_w) return power;
    const auto share = rules.throughput_at(static_cast<double>(power.watts) / model.tdp_w);
    if (!share) return std::nullopt;
    power.limited = true;
    power.throughput_share = *share;
    return power;
}

std::string power_range_text(const schema::PowerRange& range) {
    if (range.max_w) return std::to_string(range.min_w) + "-" + std::to_string(*range.max_w) + " W";
    return "at least " + std::to_string(range.min_w) + " W";
}

std::optional<std::string> refused_power_limit(const PowerLimit& limit,
                                               const schema::PowerRules& rules,
                                               const schema::Catalog& catalog) {
    const double lowest = rules.lowest_share() * 100.0;
    if (!limit.percent || *limit.percent >= lowest - 1e-9) return std::nullopt;
    std::string ranges;
    for (const auto& model : catalog.models) {
        if (const auto* range = rules.range_of(model)) {
            ranges += (ranges.empty() ? "" : ", ") + model.name + " " + power_range_text(*range);
        }
    }
    return format_number(*limit.percent, 0) + "% of TDP is under " + format_number(lowest, 0) +
           "%, the lowest power at which deep-learning throughput was measured "
           "(schema/catalog/power_curve.csv); cards also refuse limits under their minimum (" +
           ranges + ")";
}

std::vector<std::string> power_caveats(const schema::GpuModel& model, const CardPower& power) {
    std::vector<std::string> caveats;
    if (power.raised_to_minimum) {
        caveats.push_back("power limit raised to the " + model.name +
                          "'s minimum: its driver accepts " + power_range_text(*power.range));
    }
    if (power.limited) {
        caveats.push_back("TFLOPS an estimate: at " + std::to_string(power.watts) + " W (" +
                          format_number(100.0 * power.watts / model.tdp_w, 0) + "% of TDP) about " +
                          format_number(100.0 * power.throughput_share, 0) +
                          "% of peak, from power-limited training measured on RTX 3090s "
                          "(power_curve.csv)");
    }
    return caveats;
}

}  // namespace gpuprice::analysis
