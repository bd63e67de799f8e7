// What became of a listing once it was no longer seen, as decided when the nights after its last
// one were fetched (table listing_clearances). Decided once: a later night changes it only when
// the listing is seen again, or when a run adds coverage to a night on or before the decision.
#pragma once

#include <optional>
#include <string_view>

namespace gpuprice::schema {

enum class ClearanceOutcome {
    pending,             // no night after its last one has asked for its family yet
    cleared,             // gone on a night its family was completely covered
    auction_near_final,  // an auction last seen within hours of its end, with a bid
    uncounted,           // gone on a night its family was only partly covered: maybe missed
    never,               // an auction seen too early (or without a bid): never a clearance
};
std::string_view clearance_outcome_name(ClearanceOutcome outcome);
std::optional<ClearanceOutcome> parse_clearance_outcome(std::string_view name);

}  // namespace gpuprice::schema
