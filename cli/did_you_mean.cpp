#include "cli/did_you_mean.hpp"

#include <algorithm>

#include "schema/domain/ascii_case.hpp"

namespace gpuprice::cli {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Optimal string alignment distance: three rows of the dynamic programme.
    std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const bool same = schema::ascii_lower(a[i - 1]) == schema::ascii_lower(b[j - 1]);
            current[j] =
                std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (same ? 0 : 1)});
            if (i > 1 && j > 1 && schema::ascii_lower(a[i - 1]) == schema::ascii_lower(b[j - 2]) &&
                schema::ascii_lower(a[i - 2]) == schema::ascii_lower(b[j - 1])) {
                current[j] = std::min(current[j], before[j - 2] + 1);
            }
        }
        before.swap(previous);
        previous.swap(current);
    }
    return previous[b.size()];
}

std::optional<std::string> closest_name(std::string_view typed,
                                        const std::vector<std::string>& candidates) {
    // Leading dashes are not part of what was mistyped: "--formt" is 1 edit from "--format",
    // and a third of "formt" (not of "--formt") bounds how far a guess may be.
    const auto bare = [](std::string_view s) {
        return s.substr(std::min(s.find_first_not_of('-'), s.size()));
    };
    const auto word = bare(typed);
    if (word.empty()) return std::nullopt;
    const std::size_t limit = std::clamp<std::size_t>(word.size() / 3, 1, 3);
    std::optional<std::string> best;
    std::size_t best_distance = limit + 1;
    bool tie = false;
    for (const auto& candidate : candidates) {
        const auto name = bare(candidate);
        std::size_t d = edit_distance(word, name);
        // A prefix of at least 3 letters is what the user began to type: as near as one edit.
        if (word.size() >= 3 && name.size() > word.size() &&
            schema::equals_ignoring_ascii_case(word, name.substr(0, word.size()))) {
            d = std::min<std::size_t>(d, 1);
        }
        if (d < best_distance) {
            best = candidate;
            best_distance = d;
            tie = false;
        } else if (d == best_distance && best && *best != candidate) {
            tie = true;
        }
    }
    if (tie) return std::nullopt;
    return best;
}

std::string did_you_mean(std::string_view typed, const std::vector<std::string>& candidates) {
    const auto name = closest_name(typed, candidates);
    return name ? " (did you mean '" + *name + "'?)" : std::string();
}

}  // namespace gpuprice::cli
