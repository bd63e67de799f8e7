// search_terms.csv: the q each family sends, eBay's keyword rule it is measured by, and its share
// of real titles (the hand-labelled tests/data/real_title_corpus.tsv, reported on the half the
// terms were not tuned on). scripts/eval-search-terms prints the same figures per family.
#include <doctest/doctest.h>

#include <set>

#include "analysis/search_term_recall.hpp"
#include "fetcher/query_plan.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/search_terms.hpp"
#include "tests/test_context.hpp"

namespace test_search_terms {

using namespace gpuprice;

namespace {

// The floor: a family's search returns at least 99% of the family's real titles. Below
// 100 titles one title is more than 1%, so a smaller family may miss one title and no more (on
// the reported half at the end of session 3: Tesla P100 15 of 16, its miss written "Tesla P 100";
// RX 7600 18 of 19, its model word only inside the part number "RD-RX7600-E8GB").
constexpr double kMinShare = 0.99;
constexpr int kTitlesForShare = 100;
constexpr int kMinReportedTitles = 1500;  // 1,534 at the end of session 3

std::vector<analysis::LabelledTitle> corpus() {
    const auto path = test::source_dir() / "tests" / "data" / "real_title_corpus.tsv";
    return analysis::parse_labelled_titles(test::read_file(path), path.string());
}

bool matches(std::string_view q, std::string_view title) {
    return schema::keywords_match(schema::parse_keywords(q), title);
}

}  // namespace

TEST_SUITE("schema::search_terms") {
    TEST_CASE("a q's spaces AND its keywords and a parenthesised group ORs its alternatives") {
        const auto keywords = schema::parse_keywords("RTX (3080,RTX3080)");
        REQUIRE(keywords.size() == 2);
        CHECK(keywords[0] == schema::KeywordAlternatives{"rtx"});
        CHECK(keywords[1] == schema::KeywordAlternatives{"3080", "rtx3080"});
        CHECK(matches("(3080,RTX3080)", "Asus TUF Gaming GeForce RTX3080 Video Card"));
        CHECK(matches("(3080,RTX3080)", "EVGA RTX 3080 XC3"));
        CHECK_FALSE(matches("RTX 3080", "Asus TUF Gaming GeForce RTX3080 Video Card"));
        CHECK_FALSE(matches("RTX 3080", "EVGA RTX 3090 XC3"));
        CHECK_THROWS_WITH(schema::parse_keywords("(3080,RTX3080"), doctest::Contains("not closed"));
        CHECK_THROWS_WITH(schema::parse_keywords("(3080,,RTX3080)"),
                          doctest::Contains("empty alternative"));
        CHECK_THROWS_WITH(schema::parse_keywords("GB200 (per GPU)"),
                          doctest::Contains("not closed"));
    }

    TEST_CASE("a title's words split at punctuation and non-ASCII symbols, keep hyphenated words") {
        CHECK(schema::title_words("ASUS GeForce RTX\xe2\x84\xa2 4090, 24GB!") ==
              std::vector<std::string>{"asus", "geforce", "rtx", "4090", "24gb"});
        CHECK(schema::title_words("NVIDIA RTX 3060-TI (Confirmed)") ==
              std::vector<std::string>{"nvidia", "rtx", "3060-ti", "confirmed"});
        CHECK_FALSE(matches("3060", "NVIDIA RTX 3060-TI"));
    }

    TEST_CASE("every family the fetcher searches has one row of search_terms.csv, and no other") {
        const auto catalog = schema::load_catalog(test::catalog_dir());
        const auto terms = schema::load_search_terms(test::catalog_dir());
        const auto families = fetcher::catalog_families(catalog);
        std::set<std::string> rows;
        for (const auto& term : terms) rows.insert(term.family);
        for (const auto& family : families) {
            INFO(family);
            CHECK(rows.contains(family));
        }
        CHECK(rows.size() == families.size());
        // The audit's E5: the display name's parenthesis was an OR group eBay read literally.
        const auto* gb200 = schema::find_search_term(terms, "GB200 (per GPU)");
        REQUIRE(gb200);
        CHECK(gb200->q == "GB200");
    }

    TEST_CASE("a family's query sends the q of search_terms.csv, a --query its own text") {
        const auto terms = schema::load_search_terms(test::catalog_dir());
        auto queries = fetcher::family_queries({"RTX 3080", "RTX 3080 Founders"},
                                               {schema::ConditionClass::used});
        fetcher::apply_search_terms(queries, terms);
        fetcher::SearchSettings settings;
        settings.marketplace = *schema::find_market("EBAY_US");
        CHECK(fetcher::query_url(settings, queries[0], 0)
                  .find("q=%283080%2CRTX3080%2C3080Ti%2CRTX3080Ti%29&") != std::string::npos);
        CHECK(queries[0].key() == "RTX 3080");
        CHECK(fetcher::query_url(settings, queries[1], 0).find("q=RTX%203080%20Founders&") !=
              std::string::npos);
    }

    TEST_CASE("the catalog's plan, as the night and the bench and replay tools fetch it") {
        // One function builds it for all of them, so a tool measures the q's a night sends.
        const auto catalog = schema::load_catalog(test::catalog_dir());
        const auto terms = schema::load_search_terms(test::catalog_dir());
        const auto us = *schema::find_market("EBAY_US");
        const auto queries =
            fetcher::catalog_queries(catalog, terms, schema::parse_conditions("all"), us);
        const auto families = fetcher::catalog_families(catalog);
        int searches = 0, elsewhere = 0;
        for (const auto& q : queries) {
            INFO(q.key());
            const auto* row = schema::find_search_term(terms, q.family);
            REQUIRE(row);
            CHECK(q.q() == row->q);
            CHECK(q.conditions.size() == 4);
            if (q.kind == fetcher::QueryKind::search) ++searches;
            if (q.kind == fetcher::QueryKind::other_category) {
                CHECK(q.category == us.other_gpu_category);
                ++elsewhere;
            }
        }
        CHECK(searches == static_cast<int>(families.size()));
        CHECK(elsewhere > 0);
        CHECK(searches + elsewhere == static_cast<int>(queries.size()));
        // A marketplace without another GPU category searches the families once.
        CHECK(fetcher::catalog_queries(catalog, terms, {schema::ConditionClass::used},
                                       *schema::find_market("EBAY_GB"))
                  .size() == families.size());
    }

    TEST_CASE("each family's search returns at least 99% of its real titles (reported half)") {
        const auto catalog = schema::load_catalog(test::catalog_dir());
        const auto terms = schema::load_search_terms(test::catalog_dir());
        const auto rows = corpus();
        const auto reported =
            analysis::search_term_recall(catalog, terms, rows, analysis::TermSplit::report);
        int titles = 0, returned = 0;
        for (const auto& [family, f] : reported) {
            MESSAGE(family << ": " << f.returned << " of " << f.titles);
            INFO(family << ": " << f.returned << " of " << f.titles);
            if (f.titles >= kTitlesForShare) {
                CHECK(f.share() >= kMinShare);
            } else {
                CHECK(f.titles - f.returned <= 1);
            }
            titles += f.titles;
            returned += f.returned;
        }
        MESSAGE("all families: " << returned << " of " << titles);
        CHECK(titles >= kMinReportedTitles);
        CHECK(double(returned) / titles >= kMinShare);
    }
}

}  // namespace test_search_terms
