// The verdict codes stored for each listing: `ok` (matched to one catalog model) or why the
// listing is not a price for one card.
#pragma once

#include <optional>
#include <string_view>

namespace gpuprice::schema {

enum class MatchReason {
    ok,
    for_parts,      // for parts, not working, broken, artifacting ...
    box_only,       // box only, empty box ...
    accessory,      // waterblock, backplate, bracket, riser ...
    system,         // a whole PC, laptop or server
    lot,            // several cards at one price
    unknown_model,  // a GPU, but not one in the catalog
    ambiguous,      // several catalog models fit and nothing decides between them
    not_a_gpu,      // not a graphics card at all
};

inline constexpr MatchReason kAllMatchReasons[] = {MatchReason::ok,
                                                   MatchReason::for_parts,
                                                   MatchReason::box_only,
                                                   MatchReason::accessory,
                                                   MatchReason::system,
                                                   MatchReason::lot,
                                                   MatchReason::unknown_model,
                                                   MatchReason::ambiguous,
                                                   MatchReason::not_a_gpu};

// "ok", "for-parts", "box-only", "accessory", "system", "lot", "unknown-model", "ambiguous",
// "not-a-gpu".
std::string_view match_reason_name(MatchReason reason);
std::optional<MatchReason> parse_match_reason(std::string_view name);

}  // namespace gpuprice::schema
