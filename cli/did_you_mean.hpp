// "Did you mean": the known name closest to a mistyped command or option, if one is close
// enough to be what the user meant.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuprice::cli {

// Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`, ASCII case ignored.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate with the fewest edits from `typed`, when those are at most a third of its
// length (at least 1, at most 3); a candidate that `typed` begins counts as one edit away
// ("unmatch" for "unmatched"); nullopt when none is close, or two are equally close.
std::optional<std::string> closest_name(std::string_view typed,
                                        const std::vector<std::string>& candidates);

// " (did you mean 'X'?)" for closest_name, or nothing.
std::string did_you_mean(std::string_view typed, const std::vector<std::string>& candidates);

}  // namespace gpuprice::cli
