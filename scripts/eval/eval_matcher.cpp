// Prints the title matcher's precision and recall on the labelled real-title corpus, for the
// tuning and the held-out part, and the confusions of the tuning part only (the held-out part is
// scored, never looked at). Run through scripts/eval-matcher.
#include <cstdio>
#include <exception>
#include <fstream>
#include <sstream>
#include <string>

#include "analysis/match_evaluation.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/match_rules.hpp"

int main(int argc, char** argv) try {
    if (argc != 3) {
        std::fprintf(stderr, "usage: eval_matcher CATALOG_DIR CORPUS_TSV\n");
        return 2;
    }
    const auto catalog = gpuprice::schema::load_catalog(argv[1]);
    const auto rules = gpuprice::schema::load_match_rules(argv[1], catalog);
    const gpuprice::analysis::TitleMatcher matcher(catalog, rules);
    std::ifstream in(argv[2], std::ios::binary);
    if (!in) throw std::runtime_error(std::string("cannot read ") + argv[2]);
    std::ostringstream text;
    text << in.rdbuf();
    const auto rows = gpuprice::analysis::parse_labelled_titles(text.str(), argv[2]);
    const auto eval = gpuprice::analysis::evaluate_matcher(matcher, catalog, rows, "tuning");

    std::printf("%-9s %7s %9s %10s %9s %12s %7s %14s\n", "part", "titles", "accepted", "precision",
                "to find", "recall", "cards", "strict recall");
    for (const char* part : {"tuning", "held-out"}) {
        const auto it = eval.by_split.find(part);
        if (it == eval.by_split.end()) continue;
        const auto& f = it->second;
        std::printf("%-9s %7d %9d %10.4f %9d %12.4f %7d %14.4f\n", part, f.titles, f.accepted,
                    f.precision(), f.must_accept, f.recall(), f.label_in_catalog,
                    f.strict_recall());
    }
    std::printf("\nconfusions of the tuning part (%zu):\n", eval.confusions.size());
    for (const auto& c : eval.confusions) {
        std::printf("  %s %-6s label %s%s%s, got %s: %s\n", c.row->id.c_str(),
                    c.wrong_accept ? "WRONG" : "MISSED", c.row->label.c_str(),
                    c.row->alt.empty() ? "" : " | ", c.row->alt.c_str(), c.got.c_str(),
                    c.row->title.c_str());
    }
    return 0;
} catch (const std::exception& e) {
    std::fprintf(stderr, "eval_matcher: %s\n", e.what());
    return 1;
}
