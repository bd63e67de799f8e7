// Scores the title matcher against titles labelled blind by people (tests/data/
// real_title_corpus.tsv): precision of accepted matches and recall of real cards, per split.
// The expected verdict of each label is derived from the catalog in force, never hard-coded, so a
// model added to skus.csv becomes one the matcher must find.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/title_matcher.hpp"
#include "schema/rules/catalog.hpp"

namespace gpuprice::analysis {

// One labelled title. `label` (and `alt`, a second acceptable answer, may be empty) is a SKU key
// (skus.csv), `other:<model>`, `variant-open:<family>` or a reject kind (for-parts, box-only,
// shell, accessory, system, laptop-module, lot, not-a-gpu).
struct LabelledTitle {
    std::string id;
    std::string split;  // tuning or held-out
    std::string source;
    std::string title;
    std::string label;
    std::string alt;
};

// Parses the corpus text (tab-separated, header id split source title label alt, no quoting).
// Throws std::runtime_error naming `name` and the line when a row is malformed.
std::vector<LabelledTitle> parse_labelled_titles(std::string_view text, std::string_view name);

struct MatchFigures {
    int titles = 0;
    int accepted = 0;        // the matcher said `ok`
    int accepted_right = 0;  // ... with the label's (or alt's) catalog model
    int must_accept = 0;     // label is a catalog model and alt does not allow a rejection
    int must_accept_right = 0;
    int label_in_catalog = 0;  // label is a catalog model, whatever alt says (strict recall)
    int label_in_catalog_right = 0;

    double precision() const { return accepted ? double(accepted_right) / accepted : 1.0; }
    double recall() const { return must_accept ? double(must_accept_right) / must_accept : 1.0; }
    double strict_recall() const {
        return label_in_catalog ? double(label_in_catalog_right) / label_in_catalog : 1.0;
    }
};

struct Confusion {
    const LabelledTitle* row = nullptr;
    std::string got;            // model name, or the reason code
    bool wrong_accept = false;  // counts against precision; else a missed card (recall)
};

struct MatchEvaluation {
    std::map<std::string, MatchFigures> by_split;
    std::vector<Confusion> confusions;  // only of the split asked for
};

// Runs the matcher over `rows`. A label naming a catalog model expects that model (or alt's);
// `other:`, `variant-open:`, a model the catalog lacks and every reject kind expect no model at
// all, unless alt names a catalog model. Confusions are collected for `confusions_of` only, so
// that the held-out part can be scored without its titles being looked at.
MatchEvaluation evaluate_matcher(const TitleMatcher& matcher, const schema::Catalog& catalog,
                                 const std::vector<LabelledTitle>& rows,
                                 std::string_view confusions_of);

}  // namespace gpuprice::analysis
