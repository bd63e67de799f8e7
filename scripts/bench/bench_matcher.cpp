// Matches one million titles (the labelled corpus, repeated) on one core and prints titles per
// second. Run through scripts/bench-matcher.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "analysis/title_matcher.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/match_rules.hpp"

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: bench_matcher CATALOG_DIR CORPUS_TSV [COUNT]\n");
        return 2;
    }
    const std::size_t count = argc > 3 ? std::stoul(argv[3]) : 1000000;
    const auto catalog = gpuprice::schema::load_catalog(argv[1]);
    const auto rules = gpuprice::schema::load_match_rules(argv[1], catalog);
    const gpuprice::analysis::TitleMatcher matcher(catalog, rules);

    std::vector<std::string> corpus;
    std::ifstream in(argv[2]);
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        corpus.push_back(line.substr(line.find('\t') + 1));
    }
    std::vector<std::string> titles;
    titles.reserve(count);
    std::size_t bytes = 0;
    for (std::size_t i = 0; i < count; ++i) {
        titles.push_back(corpus[i % corpus.size()]);
        bytes += titles.back().size();
    }

    std::map<gpuprice::schema::MatchReason, std::size_t> reasons;
    const auto start = std::chrono::steady_clock::now();
    for (const auto& title : titles) ++reasons[matcher.match(title).reason];
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;

    std::printf("%-28s %12s\n", "figure", "value");
    std::printf("%-28s %12zu\n", "titles", count);
    std::printf("%-28s %12zu\n", "distinct titles", corpus.size());
    std::printf("%-28s %12.3f\n", "seconds", elapsed.count());
    std::printf("%-28s %12.0f\n", "titles per second",
                static_cast<double>(count) / elapsed.count());
    std::printf("%-28s %12.1f\n", "MB of titles per second",
                static_cast<double>(bytes) / elapsed.count() / 1e6);
    std::printf("%-28s %12.2f\n", "microseconds per title",
                elapsed.count() * 1e6 / static_cast<double>(count));
    for (const auto& [reason, n] : reasons) {
        std::printf("  %-26s %12zu\n",
                    std::string(gpuprice::schema::match_reason_name(reason)).c_str(), n);
    }
    return 0;
}
