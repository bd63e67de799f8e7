#include "schema/domain/clearance_outcome.hpp"

#include <array>
#include <utility>

namespace gpuprice::schema {

namespace {

constexpr std::array<std::pair<ClearanceOutcome, std::string_view>, 5> kNames = {{
    {ClearanceOutcome::pending, "pending"},
    {ClearanceOutcome::cleared, "cleared"},
    {ClearanceOutcome::auction_near_final, "auction-near-final"},
    {ClearanceOutcome::uncounted, "uncounted"},
    {ClearanceOutcome::never, "never"},
}};

}  // namespace

std::string_view clearance_outcome_name(ClearanceOutcome outcome) {
    for (const auto& [value, name] : kNames) {
        if (value == outcome) return name;
    }
    return "";
}

std::optional<ClearanceOutcome> parse_clearance_outcome(std::string_view name) {
    for (const auto& [value, text] : kNames) {
        if (text == name) return value;
    }
    return std::nullopt;
}

}  // namespace gpuprice::schema
