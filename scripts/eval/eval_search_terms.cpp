// Prints, per model family, the share of the hand-labelled real titles of that family which the
// family's eBay search (search_terms.csv's q) returns, for the tuning half with the titles it
// misses and for the reported half as figures only. Run through scripts/eval-search-terms.
#include <cstdio>
#include <exception>
#include <fstream>
#include <sstream>
#include <string>

#include "analysis/search_term_recall.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/search_terms.hpp"

namespace {

void print(const char* part, const std::map<std::string, gpuprice::analysis::FamilyRecall>& recall,
           bool show_missed) {
    int titles = 0, returned = 0;
    std::printf("%s half:\n  %-24s %7s %9s %8s\n", part, "family", "titles", "returned", "share");
    for (const auto& [family, f] : recall) {
        std::printf("  %-24s %7d %9d %7.1f%%\n", family.c_str(), f.titles, f.returned,
                    100.0 * f.share());
        if (show_missed) {
            for (const auto& title : f.missed) std::printf("      missed: %s\n", title.c_str());
        }
        titles += f.titles;
        returned += f.returned;
    }
    std::printf("  %-24s %7d %9d %7.1f%%\n\n", "all families", titles, returned,
                titles ? 100.0 * returned / titles : 100.0);
}

}  // namespace

int main(int argc, char** argv) try {
    if (argc != 3) {
        std::fprintf(stderr, "usage: eval_search_terms CATALOG_DIR CORPUS_TSV\n");
        return 2;
    }
    const auto catalog = gpuprice::schema::load_catalog(argv[1]);
    const auto terms = gpuprice::schema::load_search_terms(argv[1]);
    std::ifstream in(argv[2], std::ios::binary);
    if (!in) throw std::runtime_error(std::string("cannot read ") + argv[2]);
    std::ostringstream text;
    text << in.rdbuf();
    const auto rows = gpuprice::analysis::parse_labelled_titles(text.str(), argv[2]);
    using gpuprice::analysis::TermSplit;
    print("tuning", gpuprice::analysis::search_term_recall(catalog, terms, rows, TermSplit::tuning),
          true);
    print("reported",
          gpuprice::analysis::search_term_recall(catalog, terms, rows, TermSplit::report), false);
    return 0;
} catch (const std::exception& e) {
    std::fprintf(stderr, "eval_search_terms: %s\n", e.what());
    return 1;
}
