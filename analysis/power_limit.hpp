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

// Boards of this TDP or less are a group of their own for the floor assumed below: their drivers
// keep a larger share of a small TDP (Tesla T4 60 of 70 W, RTX 5060 Ti 150 of 180 W, Quadro
// P2000 75 of 75 W) than big boards' do (100-150 W of 215-450 W for most GeForce and RTX cards).
inline constexpr int kSmallBoardWatts = 180;

// The minimum taken for a card without a power_limits.csv row, so that no plan rests on a limit
// the card may refuse (UX P6: 4 x RTX 5090 "limited to 259 W" was the first plan): the highest
// share of TDP among the measured minimums of its vendor's boards of its size (180 W or less, or
// more), else of its vendor's boards of any size, else (a vendor with none measured) its whole
// TDP. Derived from the table, so a new row moves it; over its 44 rows today: NVIDIA over 180 W
// 83% (RTX PRO 6000 Blackwell Max-Q, 250 of 300 W; the RTX 5090 next at 70%, the other 28 at
// 50% or less), NVIDIA 180 W or less 100% (Quadro P2000; Tesla T4 86%, RTX 5060 Ti 83%, RTX
// 2070 71%, the other seven at 67% or less), AMD 97% (Instinct MI100, 290 of 300 W; RX 7900
// XTX 83%), Intel none measured: its TDP. So no measured card's floor is under its own minimum.
struct AssumedMinimum {
    int watts = 0;
    double share = 1.0;  // of the card's TDP
    // Where the share comes from: "the highest share measured on an NVIDIA board over 180 W, the
    // RTX PRO 6000 Blackwell Max-Q's 250 of 300 W".
    std::string basis;
};
AssumedMinimum assumed_minimum(const schema::GpuModel& model, const schema::PowerRules& rules);

// One card of a model under a limit, as physics allows: at or over the card's driver minimum
// (power_limits.csv, or the assumed floor), and its throughput an estimate from the measured
// power curve (power_curve.csv) whenever it runs below its default limit.
struct CardPower {
    int watts = 0;                  // what it draws
    double throughput_share = 1.0;  // of its peak TFLOPS
    bool limited = false;           // under its default limit: throughput_share is an estimate
    std::optional<AssumedMinimum> minimum_assumed;  // no known minimum: the floor taken
    std::optional<schema::PowerRange> range;        // the driver's limits, where known
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
// point (e.g. --power-limit 20%).
std::optional<std::string> refused_power_limit(const PowerLimit& limit,
                                               const schema::PowerRules& rules);

// `why` a limit is refused, then the driver ranges of the cards it concerns (each model once, in
// order, at most five), one line each: "  RTX 3090 100-350 W", "  Titan RTX at least 234 W
// (assumed: no power_limits.csv row)".
std::string refusal_with_ranges(const std::string& why, const std::vector<schema::GpuModel>& models,
                                const schema::PowerRules& rules);

// "100-350 W" or "at least 294 W".
std::string power_range_text(const schema::PowerRange& range);

// The caveats of a card under a limit: its minimum assumed, throughput an estimate.
std::vector<std::string> power_caveats(const schema::GpuModel& model, const CardPower& power);

}  // namespace gpuprice::analysis
