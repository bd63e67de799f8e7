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

AssumedMinimum assumed_minimum(const schema::GpuModel& model, const schema::PowerRules& rules) {
    const bool small = model.tdp_w <= kSmallBoardWatts;
    // The highest share among the vendor's measured boards, of the model's size when `sized`.
    const auto highest = [&](bool sized) {
        const schema::MeasuredMinimum* best = nullptr;
        for (const auto& m : rules.measured) {
            if (m.vendor != model.vendor || (sized && (m.tdp_w <= kSmallBoardWatts) != small)) {
                continue;
            }
            // m.min_w / m.tdp_w > best's, without rounding
            if (!best || m.min_w * best->tdp_w > best->min_w * m.tdp_w) best = &m;
        }
        return best;
    };
    const auto* best = highest(true);
    const bool any_size = !best;
    if (any_size) best = highest(false);
    AssumedMinimum assumed;
    if (!best) {
        assumed.watts = model.tdp_w;
        assumed.basis = "no " + model.vendor + " board's minimum is measured";
        return assumed;
    }
    assumed.share = static_cast<double>(best->min_w) / best->tdp_w;
    // The share of this TDP, rounded up: the floor is never under the measured share.
    assumed.watts = (model.tdp_w * best->min_w + best->tdp_w - 1) / best->tdp_w;
    const std::string size = std::to_string(kSmallBoardWatts) + " W";
    assumed.basis = "the highest share measured on " +
                    (any_size ? "any " + model.vendor + " board (none of its size measured)"
                              : "an " + model.vendor + " board " +
                                    (small ? "of " + size + " or less" : "over " + size)) +
                    ", the " + best->name + "'s " + std::to_string(best->min_w) + " of " +
                    std::to_string(best->tdp_w) + " W";
    return assumed;
}

int minimum_power(const schema::GpuModel& model, const schema::PowerRules& rules) {
    if (const auto* range = rules.range_of(model)) return range->min_w;
    return assumed_minimum(model, rules).watts;
}

std::optional<std::string> power_refusal(const schema::GpuModel& model, const PowerLimit& limit,
                                         const schema::PowerRules& rules) {
    const int watts = limit.apply(model.tdp_w);
    const int minimum = minimum_power(model, rules);
    if (watts >= minimum) return std::nullopt;
    const std::string head = model.name + ": " + std::to_string(watts) + " W is under ";
    if (const auto* range = rules.range_of(model)) {
        return head + "its driver's minimum, " + std::to_string(minimum) +
               " W (power_limits.csv: " + power_range_text(*range) + ")";
    }
    const auto assumed = assumed_minimum(model, rules);
    return head + "the " + std::to_string(minimum) +
           " W assumed for its minimum (no power_limits.csv row: " +
           format_number(assumed.share * 100, 0) + "% of TDP, " + assumed.basis + ")";
}

std::optional<CardPower> card_power(const schema::GpuModel& model, const PowerLimit& limit,
                                    const schema::PowerRules& rules) {
    if (power_refusal(model, limit, rules)) return std::nullopt;
    CardPower power;
    power.watts = limit.apply(model.tdp_w);
    if (const auto* range = rules.range_of(model)) {
        power.range = *range;
    } else {
        power.minimum_assumed = assumed_minimum(model, rules);
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
                                               const schema::PowerRules& rules) {
    const double lowest = rules.lowest_share() * 100.0;
    if (!limit.percent || *limit.percent >= lowest - 1e-9) return std::nullopt;
    return format_number(*limit.percent, 0) + "% of TDP is under " + format_number(lowest, 0) +
           "%, the lowest power at which deep-learning throughput was measured "
           "(schema/catalog/power_curve.csv)";
}

std::string refusal_with_ranges(const std::string& why, const std::vector<schema::GpuModel>& models,
                                const schema::PowerRules& rules) {
    constexpr std::size_t kMost = 5;
    std::vector<std::string> lines;
    std::vector<std::string_view> named;
    for (const auto& model : models) {
        if (named.size() == kMost) break;
        if (std::find(named.begin(), named.end(), model.key) != named.end()) continue;
        named.push_back(model.key);
        const auto* range = rules.range_of(model);
        lines.push_back("  " + model.name + " " +
                        (range ? power_range_text(*range)
                               : "at least " + std::to_string(minimum_power(model, rules)) +
                                     " W (assumed: no power_limits.csv row)"));
    }
    if (lines.empty()) return why;
    std::string text = why + "; the cards it concerns accept, per their drivers:";
    for (const auto& line : lines) text += "\n" + line;
    return text;
}

std::vector<std::string> power_caveats(const schema::GpuModel& model, const CardPower& power) {
    std::vector<std::string> caveats;
    if (power.limited && power.minimum_assumed) {
        const auto& assumed = *power.minimum_assumed;
        caveats.push_back("minimum power limit unknown (power_limits.csv has no row for the " +
                          model.name + "): taken as " + format_number(assumed.share * 100, 0) +
                          "% of TDP, " + std::to_string(assumed.watts) + " W, " + assumed.basis +
                          "; check nvidia-smi -q -d POWER before you buy");
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
