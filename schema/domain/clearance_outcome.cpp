#include "schema/domain/clearance_outcome.hpp"

#include "schema/domain/enum_names.hpp"

namespace gpuprice::schema {

namespace {

constexpr EnumNames<ClearanceOutcome, 5> kClearanceOutcomeNames = {{
    {ClearanceOutcome::pending, "pending"},
    {ClearanceOutcome::cleared, "cleared"},
    {ClearanceOutcome::auction_near_final, "auction-near-final"},
    {ClearanceOutcome::uncounted, "uncounted"},
    {ClearanceOutcome::never, "never"},
}};
static_assert(names_every_value(kClearanceOutcomeNames, ClearanceOutcome::never));

}  // namespace

std::string_view clearance_outcome_name(ClearanceOutcome outcome) {
    return name_of(kClearanceOutcomeNames, outcome);
}

std::optional<ClearanceOutcome> parse_clearance_outcome(std::string_view name) {
    return parse_name(kClearanceOutcomeNames, name);
}

}  // namespace gpuprice::schema
