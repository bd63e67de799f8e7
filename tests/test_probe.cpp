// `gpuprice probe` against the fake eBay in each of the behaviours eBay's documents leave open:
// Marketplace Insights joining q's words as its specification says (a comma ANDs) or as Browse
// does (a space ANDs), an ended item answering 400/11001 or 404, pages short mid-result or
// whole. The probe prints its table, stores its answers, and the next fetch --sold uses them.
#include <doctest/doctest.h>

#include "fetcher/category_check.hpp"
#include "fetcher/probe.hpp"
#include "schema/store/probe_store.hpp"
#include "tests/child_process.hpp"
#include "tests/fake_ebay.hpp"
#include "tests/test_context.hpp"

namespace test_probe {

using namespace gpuprice;

namespace {

struct Behaviour {
    test::InsightsKeywords keywords;
    bool ended_item_404;
    int short_every;
    std::string join_stored;     // the Insights answer stored
    std::string sold_q;          // what fetch --sold then sends
    std::string ended_stored;    // the ended item's answer stored
    std::string short_observed;  // the short-pages row's "eBay did"
};

std::vector<test::FakeItem> cards(const std::string& title, int n, int first_id) {
    std::vector<test::FakeItem> items;
    for (int i = 0; i < n; ++i) {
        test::FakeItem item;
        item.item_id = "v1|" + std::to_string(first_id + i) + "|0";
        item.title = title;
        if (i % 4 == 0) {
            item.shipping_type = "CALCULATED";
            item.shipping_cost = "12.00";
        }
        items.push_back(item);
    }
    return items;
}

std::vector<test::FakeSale> sales(const std::string& title, int n, int first_id) {
    std::vector<test::FakeSale> out;
    for (int i = 0; i < n; ++i) {
        test::FakeSale s;
        s.item_id = "v1|" + std::to_string(first_id + i) + "|0";
        s.title = title;
        out.push_back(s);
    }
    return out;
}

// The fake's keyset, as the environment gives it.
std::vector<std::string> keys(const test::FakeEbay& ebay) {
    return {"EBAY_CLIENT_ID=" + ebay.client_id, "EBAY_CLIENT_SECRET=" + ebay.client_secret};
}

std::vector<std::string> endpoint_options(const test::FakeEbay& ebay, const test::TempDir& dir) {
    return {"--api-base",     ebay.api_base(), "--auth-url",
            ebay.token_url(), "--token-cache", dir.file("token")};
}

// `gpuprice probe --term "RTX 3080"` into dir's p.db, its table in p.out; its exit code.
int run_probe(const std::vector<std::string>& env, const std::vector<std::string>& endpoints,
              const test::TempDir& dir) {
    std::vector<std::string> probe = {GPUPRICE_BINARY, "--db",   dir.file("p.db"),
                                      "probe",         "--term", "RTX 3080"};
    probe.insert(probe.end(), endpoints.begin(), endpoints.end());
    return test::wait_exit(test::spawn(probe, env, dir.file("p.out"), dir.file("p.err")));
}

}  // namespace

TEST_SUITE("fetcher::probe") {
    TEST_CASE("probe against the fake, in both documented behaviours: table, answers, used") {
        for (const auto& b : std::vector<Behaviour>{
                 {test::InsightsKeywords::comma_and, false, 3, "comma", "RTX,3080", "400-11001",
                  "the page at offset 400 held 197 of 200 and had next"},
                 {test::InsightsKeywords::space_and, true, 0, "space", "RTX 3080", "404",
                  "no short page with next in 4 page(s)"}}) {
            CAPTURE(b.join_stored);
            test::FakeEbay ebay;
            auto market = cards("NVIDIA GeForce RTX 3080 10GB", 700, 100000);
            const auto others = cards("NVIDIA GeForce RTX 3090 24GB", 20, 200000);
            market.insert(market.end(), others.begin(), others.end());
            ebay.set_market(market);
            ebay.set_short_pages(b.short_every, 3);
            ebay.set_insights(true);
            ebay.set_insights_keywords(b.keywords);
            ebay.set_ended_item_404(b.ended_item_404);
            ebay.set_sales("RTX 3080", sales("RTX 3080 10GB", 30, 300000));
            ebay.set_sales("RTX 3090", sales("RTX 3090 24GB", 12, 400000));
            test::TempDir dir;
            const auto env = keys(ebay);
            const auto endpoints = endpoint_options(ebay, dir);
            CHECK(run_probe(env, endpoints, dir) == 0);
            const auto table = test::read_file(dir.file("p.out"));
            CAPTURE(table);
            CAPTURE(test::read_file(dir.file("p.err")));
            CHECK(table.find("question") != std::string::npos);
            CHECK(table.find("gpuprice will do") != std::string::npos);
            CHECK(table.find("a comma ANDs, a space ORs") != std::string::npos);
            CHECK(table.find("sold searches send '" + b.sold_q + "'") != std::string::npos);
            CHECK(table.find(b.short_observed) != std::string::npos);
            CHECK(table.find("with it: 50 of 50 CALCULATED items had a cost; without: 0 of 50") !=
                  std::string::npos);
            CHECK(ebay.search_calls() + ebay.sold_calls() + ebay.item_calls() <=
                  fetcher::kProbeCalls);
            {
                schema::Database db(dir.file("p.db"));
                const auto us = *schema::find_market("EBAY_US");
                const auto join = schema::probe_answer(db, us, "insights-keyword-join");
                REQUIRE(join);
                CHECK(join->answer == b.join_stored);
                CHECK(schema::probe_answer(db, us, "browse-keyword-join")->answer == "space");
                CHECK(schema::probe_answer(db, us, "ended-item-status")->answer == b.ended_stored);
                // The night's q for RTX 3080 is an OR group (search_terms.csv): the fake ORs it.
                const auto ored = schema::probe_answer(db, us, "browse-or-group");
                REQUIRE(ored);
                CHECK(ored->answer == "or");
                CHECK(ored->detail.find("'(3080,") == 0);
                // eBay's total against the items served over all 4 pages: the short page's 3.
                const auto gap = schema::probe_answer(db, us, "browse-total-gap");
                REQUIRE(gap);
                CHECK(gap->answer == (b.short_every ? "3" : "0"));
                CHECK(gap->detail.find("700, " + std::to_string(b.short_every ? 697 : 700) +
                                       " items served over 4 page(s)") != std::string::npos);
            }
            // The night's sold searches join as the probe saw, and find the family's sales only.
            std::vector<std::string> fetch = {
                GPUPRICE_BINARY, "--db",   dir.file("p.db"), "fetch", "--query",
                "RTX 3080",      "--sold", "--condition",    "used",  "--no-aspect-filters",
                "--item-share",  "0"};
            fetch.insert(fetch.end(), endpoints.begin(), endpoints.end());
            const int before = ebay.sold_calls();
            const int fetched =
                test::wait_exit(test::spawn(fetch, env, dir.file("f.out"), dir.file("f.err")));
            CAPTURE(test::read_file(dir.file("f.err")));
            CHECK((fetched == 0 || fetched == 6));
            const auto seen = ebay.sold_queries_seen();
            REQUIRE(static_cast<int>(seen.size()) > before);
            CHECK(seen.back() == b.sold_q);
            schema::Database db(dir.file("p.db"));
            auto count = db.prepare("SELECT count(*) FROM sold_items");
            REQUIRE(count.step());
            CHECK(count.int32(0) == 30);
        }
    }
}

TEST_SUITE("fetcher::probe") {
    TEST_CASE(
        "probe asks Taxonomy whether the graphics-card category is the GPU leaf; a night "
        "searches the leaf eBay names") {
        // eBay's tree as configured (27386 the leaf) and as moved (the leaf is now 27387, 27386
        // no longer in the tree): confirmed and used as it is, or replaced, stored and said.
        for (const int leaf : {27386, 27387}) {
            CAPTURE(leaf);
            test::FakeEbay ebay;
            ebay.set_graphics_category(leaf);
            auto market = cards("NVIDIA GeForce RTX 3080 10GB", 30, 100000);
            for (auto& item : market) item.category = std::to_string(leaf);
            ebay.set_market(market);
            test::TempDir dir;
            const auto env = keys(ebay);
            const auto endpoints = endpoint_options(ebay, dir);
            CHECK(run_probe(env, endpoints, dir) == 0);
            const auto table = test::read_file(dir.file("p.out"));
            CAPTURE(table);
            CHECK(ebay.taxonomy_calls() == 3);
            CHECK(table.find("graphics-card category") != std::string::npos);
            {
                schema::Database db(dir.file("p.db"));
                const auto us = *schema::find_market("EBAY_US");
                const auto stored = schema::probe_answer(db, us, "graphics-cards-category");
                REQUIRE(stored);
                CHECK(stored->answer == (leaf == 27386 ? "confirmed" : "other:27387"));
                CHECK(stored->detail.find("Graphics/Video Cards") != std::string::npos);
                CHECK(fetcher::stored_graphics_category(db, us).id == leaf);
            }
            if (leaf != 27386) {
                CHECK(table.find("searches use category 27387 (eBay's suggestion) instead of "
                                 "27386") != std::string::npos);
            }
            std::vector<std::string> fetch = {
                GPUPRICE_BINARY, "--db",     dir.file("p.db"),     "fetch",
                "--query",       "RTX 3080", "--condition",        "used",
                "--item-share",  "0",        "--no-aspect-filters"};
            fetch.insert(fetch.end(), endpoints.begin(), endpoints.end());
            const int fetched =
                test::wait_exit(test::spawn(fetch, env, dir.file("f.out"), dir.file("f.err")));
            const auto err = test::read_file(dir.file("f.err"));
            CAPTURE(err);
            CHECK(fetched == 0);
            CHECK((err.find("searched in category 27387, not 27386") != std::string::npos) ==
                  (leaf != 27386));
            schema::Database db(dir.file("p.db"));
            auto count = db.prepare("SELECT count(*) FROM listings");
            REQUIRE(count.step());
            CHECK(count.int32(0) == 30);
        }
    }

    // Audit 3, F7: the default term was the catalog's first family of two words (Tesla M40, one
    // page), so the short-page and shipping rows read one page; and the OR-group answer was
    // read by no night.
    TEST_CASE("the default term is a multi-page family; a night refuses groups eBay did not OR") {
        test::FakeEbay ebay;
        ebay.set_market(cards("NVIDIA GeForce RTX 3080 10GB", 700, 100000));
        test::TempDir dir;
        const auto env = keys(ebay);
        const auto endpoints = endpoint_options(ebay, dir);
        std::vector<std::string> probe = {GPUPRICE_BINARY, "--db", dir.file("p.db"), "probe"};
        probe.insert(probe.end(), endpoints.begin(), endpoints.end());
        CHECK(test::wait_exit(test::spawn(probe, env, dir.file("p.out"), dir.file("p.err"))) == 0);
        const auto table = test::read_file(dir.file("p.out"));
        CAPTURE(table);
        CHECK(table.find("700 items served over 4 page(s)") != std::string::npos);
        CHECK(table.find("'(3080,RTX3080") != std::string::npos);
        const auto us = *schema::find_market("EBAY_US");
        {
            schema::Database db(dir.file("p.db"));
            REQUIRE(schema::probe_answer(db, us, "browse-or-group"));
            CHECK(fetcher::or_groups_refused(db, us) == std::nullopt);
            // As a probe that met an eBay not ORing the group would store it.
            schema::store_probe_answers(
                db, us,
                {{"browse-or-group", "not-or", "'(3080,RTX3080)': 0; '3080': 650",
                  "2026-12-01T03:00:00Z"}});
        }
        std::vector<std::string> fetch = {GPUPRICE_BINARY, "--db", dir.file("p.db"),     "fetch",
                                          "--max-calls",   "20",   "--item-share",       "0",
                                          "--condition",   "used", "--no-aspect-filters"};
        fetch.insert(fetch.end(), endpoints.begin(), endpoints.end());
        const int searches = ebay.search_calls();
        CHECK(test::wait_exit(test::spawn(fetch, env, dir.file("f.out"), dir.file("f.err"))) == 1);
        const auto err = test::read_file(dir.file("f.err"));
        CAPTURE(err);
        CHECK(err.find("eBay does not OR a parenthesised group") != std::string::npos);
        CHECK(ebay.search_calls() == searches);  // refused before any search
        // The user's own --query has no group: it runs.
        fetch.insert(fetch.end(), {"--query", "RTX 3080"});
        CHECK(test::wait_exit(test::spawn(fetch, env, dir.file("f.out"), dir.file("f.err"))) == 0);
    }

    TEST_CASE("judging the category: a leaf eBay suggests, a leaf it does not, no leaf at all") {
        const fetcher::CategoryNode gpu{27386, "Graphics/Video Cards", true};
        const fetcher::CategoryNode parent{175673, "Computer Components & Parts", false};
        CHECK(fetcher::judge_category(27386, gpu, {gpu}).answer == "confirmed");
        CHECK(fetcher::judge_category(27386, gpu, {{3761, "Video Capture", true}}).answer ==
              "unconfirmed");
        CHECK(fetcher::judge_category(175673, parent, {gpu}).answer == "other:27386");
        CHECK(fetcher::judge_category(1, std::nullopt, {}).answer == "absent");
        const auto us = *schema::find_market("EBAY_US");
        CHECK(fetcher::graphics_category(us, "other:27387") == 27387);
        CHECK(fetcher::graphics_category(us, "unconfirmed") == 27386);
        CHECK(fetcher::graphics_category(us, "other:x") == 27386);
        CHECK(fetcher::parse_category_subtree(
                  R"({"categorySubtreeNode":{"category":{"categoryId":"27386","categoryName":)"
                  R"("Graphics/Video Cards"},"leafCategoryTreeNode":true}})")
                  ->leaf);
        CHECK(fetcher::parse_default_tree_id(R"({"categoryTreeId":"77"})") == "77");
        CHECK_FALSE(fetcher::parse_default_tree_id("<html>"));
    }
}

}  // namespace test_probe
