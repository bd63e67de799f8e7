// A power limit set on every card (nvidia-smi -pl), the usual way to fit several big cards on one
// circuit: a percentage of each card's TDP, or a number of watts (never above the TDP); and what
// it costs: a card cannot go under its driver's minimum, and its throughput falls along a
// measured curve (schema/rules/power_rules.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "schema/rules/catalog.hpp"
#include "schema/rules/power_rules.hpp"

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

// A card without a power_limits.csv row: its driver's minimum is taken to be this share of its
// TDP, so that no plan rests on a limit the card may refuse (UX P6: 4 x RTX 5090 "limited to
// 259 W" was the first plan). The 40 measured minimums run from 23 % of TDP (RTX 4000 Ada) to
// 100 % (Quadro P2000); 34 are at or under 70 % (NVIDIA cards of 150 W and more mostly at
// 100-150 W, the RTX 5090 at 70 %), the rest are boards of 180 W or less (T4, RTX 5060 Ti)
// and AMD's. 70 % keeps the usual 70-80 % limits of multi-GPU boxes and refuses what is likely
// below a big card's floor.
inline constexpr double kAssumedMinimumShare = 0.70;

// One card of a model under a limit, as physics allows: at or over the card's driver minimum
// (power_limits.csv, or the assumed floor), and its throughput an estimate from the measured
// power curve (power_curve.csv) whenever it runs below its default limit.
struct CardPower {
    int watts = 0;                  // what it draws
    double throughput_share = 1.0;  // of its peak TFLOPS
    bool limited = false;           // under its default limit: throughput_share is an estimate
    bool minimum_assumed = false;   // no known minimum: kAssumedMinimumShare of TDP applies
    std::optional<schema::PowerRange> range;  // the driver's limits, where known
};

// The lowest limit the card's driver accepts, W: power_limits.csv's, else the assumed floor.
int minimum_power(const schema::GpuModel& model, const schema::PowerRules& rules);

// Why a card is not planned at `limit`, or nullopt: the limit is under its driver's minimum
// ("Titan V: 75 W is under its driver's minimum, 100 W (power_limits.csv)"), or under the assumed
// floor of a card whose minimum is unknown.
std::optional<std::string> power_refusal(const schema::GpuModel& model, const PowerLimit& limit,
                                         const schema::PowerRules& rules);

// nullopt when the limit is refused (power_refusal) or under the curve's lowest measured point
// (no figure for what the card would do).
std::optional<CardPower> card_power(const schema::GpuModel& model, const PowerLimit& limit,
                                    const schema::PowerRules& rules);

// Why a limit is refused outright, or nullopt: a percentage under the curve's lowest measured
// point (e.g. --power-limit 20%), with the cards' known ranges for reference.
std::optional<std::string> refused_power_limit(const PowerLimit& limit,
                                               const schema::PowerRules& rules,
                                               const schema::Catalog& catalog);

// "100-350 W" or "at least 294 W".
std::string power_range_text(const schema::PowerRange& range);

// The caveats of a card under a limit: its minimum assumed, throughput an estimate.
std::vector<std::string> power_caveats(const schema::GpuModel& model, const CardPower& power);

}  // namespace gpuprice::analysis
