// The title matcher on real eBay titles labelled blind (tests/data/real_title_corpus.tsv, built
// by scripts/build-real-corpus), scored on the held-out part, which the rules were never tuned
// on and whose titles and verdicts were never looked at while tuning. scripts/eval-matcher
// prints the same figures and the tuning part's confusions.
#include <doctest/doctest.h>

#include <map>
#include <sstream>

#include "analysis/match_evaluation.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/match_rules.hpp"
#include "tests/test_context.hpp"

namespace test_real_title_corpus {

using namespace gpuprice::analysis;

namespace {

// The goal (issue 41): precision >= 0.998 and recall >= 0.99 on the held-out part. The held-out
// part is the third draw (749 sold titles; the first draw's held-out part was released to tuning
// after sessions 1 and 2, see scripts/build-real-corpus). At the end of session 3: precision 1.000
// (594 of 594 accepted), recall 0.993 (586 of 590); after issue 41: precision 1.000 (641 of 641),
// recall 0.992 (of 638: the catalog lists more of its cards since); README says what the figure
// does not cover. The test fails under the goal.
constexpr double kMinPrecision = 0.998;
constexpr double kMinRecall = 0.99;
constexpr int kMinHeldOut = 500;
// Of the 220 labelled real titles naming a card issue 22 added (RX 6800 ... 7800 XT, Tesla M60,
// the CMP 100-210 sold as "Tesla V100 12GB"), how many must match it (measured when they were
// added: 215; see the test below).
constexpr int kMinNewCardsRight = 212;

std::vector<LabelledTitle> corpus() {
    const auto path = gpuprice::test::source_dir() / "tests" / "data" / "real_title_corpus.tsv";
    return parse_labelled_titles(gpuprice::test::read_file(path), path.string());
}

}  // namespace

TEST_SUITE("analysis::real_title_corpus") {
    TEST_CASE(
        "held-out real titles: precision and recall of accepted matches stay at their floors") {
        const auto catalog = gpuprice::schema::load_catalog(gpuprice::test::catalog_dir());
        const auto rules =
            gpuprice::schema::load_match_rules(gpuprice::test::catalog_dir(), catalog);
        const TitleMatcher matcher(catalog, rules);
        const auto rows = corpus();
        // Confusions of the tuning part only: the held-out part is scored, never shown.
        const auto eval = evaluate_matcher(matcher, catalog, rows, "tuning");
        REQUIRE(eval.by_split.contains("held-out"));
        REQUIRE(eval.by_split.contains("tuning"));
        const auto& held = eval.by_split.at("held-out");
        const auto& tuning = eval.by_split.at("tuning");
        MESSAGE("held-out: " << held.titles << " titles, " << held.accepted
                             << " accepted, precision " << held.precision() << ", recall "
                             << held.recall() << " of " << held.must_accept << " (strict "
                             << held.strict_recall() << " of " << held.label_in_catalog
                             << "); tuning: " << tuning.titles << " titles, precision "
                             << tuning.precision() << ", recall " << tuning.recall() << ", "
                             << eval.confusions.size() << " confusions");
        CHECK(held.titles >= kMinHeldOut);
        CHECK(held.must_accept >= kMinHeldOut / 2);
        CHECK(held.precision() >= kMinPrecision);
        CHECK(held.recall() >= kMinRecall);
    }

    TEST_CASE("labels map to verdicts through the catalog in force") {
        const auto catalog = gpuprice::schema::load_catalog(gpuprice::test::catalog_dir());
        const auto rules =
            gpuprice::schema::load_match_rules(gpuprice::test::catalog_dir(), catalog);
        const TitleMatcher matcher(catalog, rules);
        const std::string text =
            "id\tsplit\tsource\ttitle\tlabel\talt\n"
            "a\ttuning\tx\tNVIDIA GeForce RTX 3090 24GB\trtx-3090\t\n"           // right
            "b\ttuning\tx\tNVIDIA GeForce RTX 3090 Ti 24GB\trtx-3090\t\n"        // wrong card
            "c\ttuning\tx\tEVGA RTX 3080 FTW3 Ultra\trtx-3080-10gb\t\n"          // missed
            "d\ttuning\tx\tEVGA RTX 3080 FTW3 Ultra\tvariant-open:RTX 3080\t\n"  // right to refuse
            "e\ttuning\tx\tAMD Radeon RX 580 8GB\tother:RX 580\t\n"              // not in catalog
            "f\ttuning\tx\tRTX 3090 picture\tshell\t\n"                          // rejected
            "g\theld-out\tx\tRTX 3080 10GB\tvariant-open:RTX 3080\trtx-3080-10gb\n"  // alt allows
            "h\theld-out\tx\tRTX 3080\trtx-3080-10gb\tvariant-open:RTX 3080\n";      // may refuse
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

    // Issue 22 listed the cards these titles name; their labels were `other:<card>` before. The
    // verdicts before are in tests/data/new_cards_before.tsv, measured with the catalog without
    // them (gpuprice match --stdin).
    TEST_CASE("the real titles that name the newly listed cards now match them") {
        const auto catalog = gpuprice::schema::load_catalog(gpuprice::test::catalog_dir());
        const auto rules =
            gpuprice::schema::load_match_rules(gpuprice::test::catalog_dir(), catalog);
        const TitleMatcher matcher(catalog, rules);
        std::map<std::string, std::string> before;  // corpus id -> verdict before
        std::istringstream file(gpuprice::test::read_file(gpuprice::test::source_dir() / "tests" /
                                                          "data" / "new_cards_before.tsv"));
        for (std::string line; std::getline(file, line);) {
            if (line.empty() || line[0] == '#' || line.starts_with("id\t")) continue;
            const auto tab = line.find('\t');
            before[line.substr(0, tab)] = line.substr(tab + 1);
        }
        int titles = 0, unknown_before = 0, ambiguous_before = 0, now_right = 0;
        std::map<std::string, int> per_card;
        std::ostringstream missed;
        for (const auto& row : corpus()) {
            const auto it = before.find(row.id);
            if (it == before.end()) continue;
            ++titles;
            if (it->second == "unknown-model") ++unknown_before;
            if (it->second == "ambiguous") ++ambiguous_before;
            // Each label (or second answer) names a card the catalog now lists.
            CAPTURE(row.label);
            CHECK((catalog.find_model(row.label) || catalog.find_model(row.alt)));
            const auto verdict = matcher.match(row.title);
            const bool right =
                verdict.model && (verdict.model->key == row.label || verdict.model->key == row.alt);
            if (right) {
                ++now_right;
                ++per_card[verdict.model->name];
            } else if (row.split == "tuning") {
                missed << "  " << row.id << " " << row.label << ": " << row.title << '\n';
            }
        }
        std::ostringstream cards;
        for (const auto& [name, n] : per_card) cards << ' ' << name << ' ' << n << ';';
        MESSAGE(titles << " titles name the newly listed cards: before, " << unknown_before
                       << " unknown-model and " << ambiguous_before << " ambiguous; now "
                       << now_right << " match their card (" << cards.str() << ")\n"
                       << missed.str());
        CHECK(titles == static_cast<int>(before.size()));
        CHECK(unknown_before + ambiguous_before == titles);
        CHECK(now_right >= kMinNewCardsRight);
    }

    TEST_CASE("a malformed corpus line is named") {
        CHECK_THROWS_WITH(
            parse_labelled_titles("id\tsplit\tsource\ttitle\tlabel\talt\na\tb\n", "c.tsv"),
            doctest::Contains("c.tsv:2"));
        CHECK_THROWS_WITH(parse_labelled_titles("h\na\tother\tx\tt\tRTX 3090\t\n", "c.tsv"),
                          doctest::Contains("not tuning or held-out"));
    }
}

}  // namespace test_real_title_corpus
