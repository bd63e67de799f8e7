// How many real titles of each model family the family's eBay search returns (search_terms.csv's
// q, by eBay's keyword rule as schema/rules/search_terms.hpp states it), measured on the
// hand-labelled real titles of tests/data/real_title_corpus.tsv. The q's are tuned on one half of
// the titles and reported on the other: the halves are fixed by the title's FNV-1a hash, not by
// the corpus's own split (made for the matcher, its held-out part holds five families only).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/match_evaluation.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/search_terms.hpp"

namespace gpuprice::analysis {

enum class TermSplit { tuning, report };

// The half a title belongs to: tuning when the FNV-1a hash of its text is even.
TermSplit term_split(std::string_view title);

struct FamilyRecall {
    int titles = 0;
    int returned = 0;
    std::vector<std::string> missed;  // the titles the search does not return
    double share() const { return titles ? double(returned) / titles : 1.0; }
};

// Per family of `terms`: the titles of `split` labelled with a SKU of the family (a label or a
// variant-open label's alt naming a catalog model whose name holds every word of the family
// name), and how many of them the family's q returns. Families without a labelled title are
// absent.
std::map<std::string, FamilyRecall> search_term_recall(const schema::Catalog& catalog,
                                                       const std::vector<schema::SearchTerm>& terms,
                                                       const std::vector<LabelledTitle>& rows,
                                                       TermSplit split);

}  // namespace gpuprice::analysis
