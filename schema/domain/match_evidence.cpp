#include "schema/domain/match_evidence.hpp"

namespace gpuprice::schema {

std::string_view match_evidence_name(MatchEvidence evidence) {
    switch (evidence) {
        case MatchEvidence::title:
            return "title";
        case MatchEvidence::part_number:
            return "part-number";
        case MatchEvidence::aspect:
            return "aspect";
    }
    return "";
}

std::optional<MatchEvidence> parse_match_evidence(std::string_view name) {
    for (auto evidence : kAllMatchEvidence) {
        if (match_evidence_name(evidence) == name) return evidence;
    }
    return std::nullopt;
}

}  // namespace gpuprice::schema
