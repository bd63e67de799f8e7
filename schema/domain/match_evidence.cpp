#include "schema/domain/match_evidence.hpp"

#include "schema/domain/enum_names.hpp"

namespace gpuprice::schema {

namespace {

constexpr EnumNames<MatchEvidence, 3> kMatchEvidenceNames = {{
    {MatchEvidence::title, "title"},
    {MatchEvidence::part_number, "part-number"},
    {MatchEvidence::aspect, "aspect"},
}};
static_assert(names_every_value(kMatchEvidenceNames, MatchEvidence::aspect));

}  // namespace

std::string_view match_evidence_name(MatchEvidence evidence) {
    return name_of(kMatchEvidenceNames, evidence);
}

std::optional<MatchEvidence> parse_match_evidence(std::string_view name) {
    return parse_name(kMatchEvidenceNames, name);
}

}  // namespace gpuprice::schema
