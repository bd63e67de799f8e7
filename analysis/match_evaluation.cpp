#include "analysis/match_evaluation.hpp"

#include <stdexcept>

#include "schema/domain/match_reason.hpp"

namespace gpuprice::analysis {

namespace {

std::vector<std::string_view> split_tabs(std::string_view line) {
    std::vector<std::string_view> fields;
    for (;;) {
        const auto tab = line.find('\t');
        fields.push_back(line.substr(0, tab));
        if (tab == std::string_view::npos) return fields;
        line.remove_prefix(tab + 1);
    }
}

}  // namespace

std::vector<LabelledTitle> parse_labelled_titles(std::string_view text, std::string_view name) {
    std::vector<LabelledTitle> rows;
    int line_number = 0;
    while (!text.empty()) {
        const auto end = text.find('\n');
        auto line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line_number == 1 || line.empty()) continue;  // header
        const auto fields = split_tabs(line);
        const auto where = std::string(name) + ":" + std::to_string(line_number);
        if (fields.size() != 6) {
            throw std::runtime_error(where + ": expected 6 tab-separated fields, found " +
                                     std::to_string(fields.size()));
        }
        if (fields[1] != "tuning" && fields[1] != "held-out") {
            throw std::runtime_error(where + ": split '" + std::string(fields[1]) +
                                     "' is not tuning or held-out");
        }
        if (fields[4].empty()) throw std::runtime_error(where + ": empty label");
        rows.push_back({std::string(fields[0]), std::string(fields[1]), std::string(fields[2]),
                        std::string(fields[3]), std::string(fields[4]), std::string(fields[5])});
    }
    return rows;
}

MatchEvaluation evaluate_matcher(const TitleMatcher& matcher, const schema::Catalog& catalog,
                                 const std::vector<LabelledTitle>& rows,
                                 std::string_view confusions_of) {
    MatchEvaluation result;
    for (const auto& row : rows) {
        // Only a catalog model can be accepted rightly; "other:", "variant-open:" and the reject
        // kinds are never model names, so find_model answers for them too.
        const bool label_model = catalog.find_model(row.label) != nullptr;
        const bool alt_model = !row.alt.empty() && catalog.find_model(row.alt) != nullptr;
        const bool must_accept = label_model && (row.alt.empty() || alt_model);

        const auto verdict = matcher.match(row.title);
        const bool accepted = verdict.reason == schema::MatchReason::ok;
        const bool right = accepted && ((label_model && verdict.model->key == row.label) ||
                                        (alt_model && verdict.model->key == row.alt));

        auto& f = result.by_split[row.split];
        ++f.titles;
        if (accepted) ++f.accepted;
        if (right) ++f.accepted_right;
        if (must_accept) ++f.must_accept;
        if (must_accept && right) ++f.must_accept_right;
        if (label_model) ++f.label_in_catalog;
        if (label_model && right) ++f.label_in_catalog_right;

        if (row.split != confusions_of) continue;
        if ((accepted && !right) || (must_accept && !right)) {
            result.confusions.push_back(
                {&row,
                 accepted ? verdict.model->key
                          : std::string(schema::match_reason_name(verdict.reason)),
                 accepted && !right});
        }
    }
    return result;
}

}  // namespace gpuprice::analysis
