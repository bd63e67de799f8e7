// How the title matcher is scored on real eBay titles labelled blind
// (tests/data/real_title_corpus.tsv, built by scripts/build-real-corpus).
#include <doctest/doctest.h>

#include "analysis/match_evaluation.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/match_rules.hpp"
#include "tests/test_context.hpp"

using namespace gpuprice::analysis;

namespace {}  // namespace

TEST_SUITE("analysis::real_title_corpus") {
    TEST_CASE("labels map to verdicts through the catalog in force") {
        const auto catalog = gpuprice::schema::load_catalog(gpuprice::test::catalog_dir());
        const auto rules =
            gpuprice::schema::load_match_rules(gpuprice::test::catalog_dir(), catalog);
        const TitleMatcher matcher(catalog, rules);
        const std::string text =
            "id\tsplit\tsource\ttitle\tlabel\talt\n"
            "a\ttuning\tx\tNVIDIA GeForce RTX 3090 24GB\tRTX 3090\t\n"           // right
            "b\ttuning\tx\tNVIDIA GeForce RTX 3090 Ti 24GB\tRTX 3090\t\n"        // wrong card
            "c\ttuning\tx\tEVGA RTX 3080 FTW3 Ultra\tRTX 3080 10GB\t\n"          // missed
            "d\ttuning\tx\tEVGA RTX 3080 FTW3 Ultra\tvariant-open:RTX 3080\t\n"  // right to refuse
            "e\ttuning\tx\tAMD Radeon RX 7900 XTX\tRX 7900 XTX\t\n"              // not in catalog
            "f\ttuning\tx\tRTX 3090 picture\tshell\t\n"                          // rejected
            "g\theld-out\tx\tRTX 3080 10GB\tvariant-open:RTX 3080\tRTX 3080 10GB\n"  // alt allows
            "h\theld-out\tx\tRTX 3080\tRTX 3080 10GB\tvariant-open:RTX 3080\n";      // may refuse
        const auto rows = parse_labelled_titles(text, "inline");
        const auto eval = evaluate_matcher(matcher, catalog, rows, "tuning");
        const auto& t = eval.by_split.at("tuning");
        CHECK(t.titles == 6);
        CHECK(t.accepted == 2);
        CHECK(t.accepted_right == 1);
        CHECK(t.must_accept == 3);
        CHECK(t.must_accept_right == 1);
        REQUIRE(eval.confusions.size() == 2);
        CHECK(eval.confusions[0].row->id == "b");
        CHECK(eval.confusions[0].wrong_accept);
        CHECK(eval.confusions[1].row->id == "c");
        CHECK(eval.confusions[1].got == "ambiguous");
        const auto& h = eval.by_split.at("held-out");
        CHECK(h.accepted_right == 1);
        CHECK(h.must_accept == 0);
        CHECK(h.label_in_catalog == 1);
        CHECK(h.precision() == 1.0);
    }

    TEST_CASE("a malformed corpus line is named") {
        CHECK_THROWS_WITH(
            parse_labelled_titles("id\tsplit\tsource\ttitle\tlabel\talt\na\tb\n", "c.tsv"),
            doctest::Contains("c.tsv:2"));
        CHECK_THROWS_WITH(parse_labelled_titles("h\na\tother\tx\tt\tRTX 3090\t\n", "c.tsv"),
                          doctest::Contains("not tuning or held-out"));
    }
}
