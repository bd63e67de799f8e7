// What decided a listing's verdict: its title's words, a part number in the title, or the item
// aspects eBay holds for it (Memory Size, Chipset/GPU Model, form factor words).
#pragma once

#include <optional>
#include <string_view>

namespace gpuprice::schema {

enum class MatchEvidence { title, part_number, aspect };

inline constexpr MatchEvidence kAllMatchEvidence[] = {
    MatchEvidence::title, MatchEvidence::part_number, MatchEvidence::aspect};

// "title", "part-number", "aspect".
std::string_view match_evidence_name(MatchEvidence evidence);
std::optional<MatchEvidence> parse_match_evidence(std::string_view name);

}  // namespace gpuprice::schema
