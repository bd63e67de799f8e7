#include "analysis/search_term_recall.hpp"

#include <algorithm>
#include <set>

#include "schema/domain/fnv1a.hpp"

namespace gpuprice::analysis {

namespace {

// The catalog model a row is a title of, or nullptr (rejects, other cards, open variants whose
// alt names no model).
const schema::GpuModel* labelled_model(const schema::Catalog& catalog, const LabelledTitle& row) {
    if (const auto* model = catalog.find_model(row.label)) return model;
    if (row.label.starts_with("variant-open:")) return catalog.find_model(row.alt);
    return nullptr;
}

}  // namespace

TermSplit term_split(std::string_view title) {
    return schema::Fnv1a().add(title).value() % 2 == 0 ? TermSplit::tuning : TermSplit::report;
}

std::map<std::string, FamilyRecall> search_term_recall(const schema::Catalog& catalog,
                                                       const std::vector<schema::SearchTerm>& terms,
                                                       const std::vector<LabelledTitle>& rows,
                                                       TermSplit split) {
    struct Family {
        const schema::SearchTerm* term;
        std::set<std::string> words;
        std::vector<schema::KeywordAlternatives> keywords;
    };
    std::vector<Family> families;
    for (const auto& term : terms) {
        families.push_back(
            {&term, schema::family_words(term.family), schema::parse_keywords(term.q)});
    }
    std::map<std::string, FamilyRecall> recall;
    for (const auto& row : rows) {
        if (term_split(row.title) != split) continue;
        const auto* model = labelled_model(catalog, row);
        if (!model) continue;
        const auto model_words = schema::family_words(model->name);
        for (const auto& family : families) {
            if (!std::includes(model_words.begin(), model_words.end(), family.words.begin(),
                               family.words.end())) {
                continue;
            }
            auto& figures = recall[family.term->family];
            ++figures.titles;
            if (schema::keywords_match(family.keywords, row.title)) {
                ++figures.returned;
            } else {
                figures.missed.push_back(row.title);
            }
        }
    }
    return recall;
}

}  // namespace gpuprice::analysis
