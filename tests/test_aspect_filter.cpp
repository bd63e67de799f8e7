// aspect_filter searches against the fake eBay: which families and values the catalog asks for,
// the refinement of a family's first page (eBay's spellings, values nobody has), one search per
// value, the value recorded on every listing seen under it, and the matcher deciding with it:
// aspects missing, "Not Specified", contradicting the title, or two values for one listing.
#include <doctest/doctest.h>

#include <algorithm>

#include "analysis/listing_attributes.hpp"
#include "analysis/title_matcher.hpp"
#include "app/stored_matching.hpp"
#include "fetcher/aspect_filter.hpp"
#include "fetcher/fetch_run.hpp"
#include "schema/rules/aspect_filter_rules.hpp"
#include "schema/rules/attribute_rules.hpp"
#include "schema/rules/csv_reader.hpp"
#include "schema/rules/match_rules.hpp"
#include "schema/store/aspect_store.hpp"
#include "schema/store/catalog_store.hpp"
#include "schema/store/migrations.hpp"
#include "tests/child_process.hpp"
#include "tests/fake_ebay.hpp"
#include "tests/fake_fetch_fixture.hpp"
#include "tests/test_context.hpp"

namespace test_aspect_filter {

using namespace gpuprice;
using namespace std::chrono_literals;
using fetcher::AspectSplit;
using test::FakeEbay;
using test::FakeItem;

namespace {

using test::fake_card;

// `count` RTX 3080 cards, 12 GB and 10 GB in turn.
std::vector<FakeItem> rtx3080_cards(int count) {
    std::vector<FakeItem> market;
    for (int i = 0; i < count; ++i) {
        market.push_back(fake_card(std::to_string(i), "GeForce RTX 3080 card " + std::to_string(i),
                                   {{"Memory Size", i % 2 ? "10 GB" : "12 GB"}}));
    }
    return market;
}

std::vector<std::string> split_texts(const std::vector<AspectSplit>& splits) {
    std::vector<std::string> out;
    for (const auto& s : splits) out.push_back(s.aspect + ":" + s.value);
    return out;
}

struct FilterFixture : test::FakeFetchFixture {
    std::vector<schema::AspectFilterRule> aspect_rules =
        schema::load_aspect_filter_rules(test::catalog_dir());

    fetcher::FetchOutcome fetch_and_match(const std::vector<std::string>& terms) {
        config.queries = fetcher::family_queries(terms, {gpuprice::schema::ConditionClass::used});
        for (const auto& term : terms) {
            config.aspect_splits[term] = fetcher::aspect_splits(catalog, aspect_rules, term);
        }
        auto outcome =
            fetcher::run_fetch(db, config, credentials, schema::Night::from_text("2026-12-01"), {});
        app::match_listings(db, matchers, schema::WhichListings::WithoutVerdictOrSeenInRun,
                            outcome.run_id, "2026-12-01T03:00:00Z");
        return outcome;
    }

    std::string verdict(const std::string& id) {
        return test::stored_verdict(db, "v1|" + id + "|0");
    }

    std::string aspect(const std::string& id, const std::string& name) {
        auto stmt = db.prepare(
            "SELECT a.value FROM listing_aspects a JOIN listings l ON l.id = a.listing_id "
            "WHERE l.item_id = ?1 AND a.name = ?2 AND a.source = 'aspect-filter'");
        stmt.bind(1, "v1|" + id + "|0").bind(2, name);
        return stmt.step() ? stmt.text(0) : "";
    }

    int count(const std::string& sql) {
        auto stmt = db.prepare(sql);
        REQUIRE(stmt.step());
        return stmt.int32(0);
    }

    std::vector<std::string> aspect_filters() const {
        std::vector<std::string> seen;
        for (const auto& f : ebay.aspect_filters_seen()) {
            if (!f.empty()) seen.push_back(f);
        }
        std::sort(seen.begin(), seen.end());
        return seen;
    }
};

}  // namespace

TEST_SUITE("fetcher::aspect_filter") {
    TEST_CASE("the catalog says which families are searched per value, and under which values") {
        const auto catalog = schema::load_catalog(test::catalog_dir());
        const auto rules = schema::load_aspect_filter_rules(test::catalog_dir());
        auto splits = [&](const std::string& term) {
            return split_texts(fetcher::aspect_splits(catalog, rules, term));
        };
        using V = std::vector<std::string>;
        CHECK(splits("RTX 3080") == V{"Memory Size:10 GB", "Memory Size:12 GB"});
        CHECK(splits("RTX 3060") == V{"Memory Size:8 GB", "Memory Size:12 GB"});
        // "RTX 4060" is searched for the 4060 Ti too (drop_covered_terms): its 8/16 GB count.
        CHECK(splits("RTX 4060") == V{"Memory Size:8 GB", "Memory Size:16 GB"});
        CHECK(splits("RTX 5060") == V{"Memory Size:8 GB", "Memory Size:16 GB"});
        CHECK(splits("A100") ==
              V{"Memory Size:40 GB", "Memory Size:80 GB", "Compatible Slot:PCI Express"});
        CHECK(splits("Tesla V100") ==
              V{"Memory Size:16 GB", "Memory Size:32 GB", "Compatible Slot:PCI Express"});
        CHECK(splits("Tesla P100") ==
              V{"Memory Size:12 GB", "Memory Size:16 GB", "Compatible Slot:PCI Express"});
        // One variant per name: nothing to tell apart.
        CHECK(splits("RTX 4090").empty());
        CHECK(splits("RTX 3090").empty());
        CHECK(splits("L40S").empty());
    }

    TEST_CASE("eBay's real refinement is read; spellings, zero counts and a missing aspect") {
        const auto body =
            test::read_file(test::source_dir() / "tests" / "data" / "ebay" /
                            "search_gpu_tesla_t4_aspect_refinements_activescott.json");
        const auto refinement = fetcher::parse_aspect_refinements(body);
        REQUIRE(refinement.size() == 8);
        CHECK(refinement[0].aspect == "Memory Size");
        REQUIRE(refinement[0].values.size() == 4);
        CHECK(refinement[0].values[2].value == "16 GB");
        CHECK(refinement[0].values[2].count == 47);
        CHECK(fetcher::refinement_spellings({"Memory Size", "16 GB", false}, refinement) ==
              std::vector<std::string>{"16 GB"});
        CHECK(fetcher::refinement_spellings({"Memory Size", "32 GB", false}, refinement) ==
              std::vector<std::string>{});
        CHECK(fetcher::refinement_spellings({"Compatible Slot", "PCI Express", true}, refinement) ==
              std::vector<std::string>{"PCI Express 3.0 x16", "PCI Express 4.0 x16"});
        // "Chipset/GPU Model: NVIDIA Tesla T4" has matchCount 0 in the capture: not searched.
        CHECK(fetcher::refinement_spellings({"Chipset/GPU Model", "NVIDIA Tesla T4", false},
                                            refinement) == std::vector<std::string>{});
        CHECK_FALSE(fetcher::refinement_spellings({"Form Factor", "PCIe", false}, refinement));
        CHECK(fetcher::parse_aspect_refinements(R"({"total":0})").empty());
        CHECK(fetcher::parse_aspect_refinements("<html>").empty());

        const std::vector<fetcher::AspectDistribution> spelled{
            {"Memory Size", {{"12 GB", 5}, {"12GB", 2}, {"12 gb", 0}, {"120 GB", 1}}}};
        CHECK(fetcher::refinement_spellings({"Memory Size", "12 GB", false}, spelled) ==
              std::vector<std::string>{"12 GB", "12GB"});
        CHECK(fetcher::aspect_filter_param(27386, "Memory Size", {"12 GB", "12GB"}) ==
              "categoryId:27386,Memory Size:{12 GB|12GB}");
        CHECK(fetcher::aspect_filter_param(27386, "Brand", {"A|B"}) ==
              "categoryId:27386,Brand:{A\\|B}");
    }

    TEST_CASE("a bad aspect_filters.csv row names file, line and column") {
        test::TempDir dir;
        test::write_file(dir.path() / "aspect_filters.csv",
                         "attribute,catalog_value,aspect,aspect_value,match,source\n"
                         "vram_gb,*,Memory Size,{} GB,exact,x\n"
                         "colour,*,Color,{},exact,x\n");
        CHECK_THROWS_WITH_AS(schema::load_aspect_filter_rules(dir.path().string()),
                             doctest::Contains("aspect_filters.csv:3: column 'attribute'"),
                             schema::DataFileError);
        test::write_file(dir.path() / "aspect_filters.csv",
                         "attribute,catalog_value,aspect,aspect_value,match,source\n"
                         "vram_gb,*,Memory Size,GB,exact,x\n");
        CHECK_THROWS_WITH_AS(schema::load_aspect_filter_rules(dir.path().string()),
                             doctest::Contains("aspect_filters.csv:2: column 'aspect_value'"),
                             schema::DataFileError);
        test::write_file(dir.path() / "aspect_filters.csv",
                         "attribute,catalog_value,aspect,aspect_value,match,source\n"
                         "vram_gb,*,Memory Size,{} GB,fuzzy,x\n");
        CHECK_THROWS_WITH_AS(schema::load_aspect_filter_rules(dir.path().string()),
                             doctest::Contains("aspect_filters.csv:2: column 'match'"),
                             schema::DataFileError);
    }

    TEST_CASE(
        "one search per value the refinement shows; the value decides what titles leave open") {
        FilterFixture f;
        f.ebay.set_market({
            fake_card("1", "EVGA GeForce RTX 3080 FTW3 Ultra", {{"Memory Size", "12 GB"}}),
            fake_card("2", "ASUS TUF GeForce RTX 3080 OC", {{"Memory Size", "10 GB"}}),
            fake_card("3", "MSI GeForce RTX 3080 Gaming X Trio", {}),  // aspect missing
            fake_card("4", "ZOTAC GeForce RTX 3080 Trinity", {{"Memory Size", "Not Specified"}}),
            fake_card("5", "NVIDIA GeForce RTX 3080 10GB Founders", {{"Memory Size", "12 GB"}}),
            fake_card("6", "Gigabyte GeForce RTX 3080 12GB Eagle", {{"Memory Size", "12 GB"}}),
            fake_card("7", "PNY GeForce RTX 3080 XLR8",
                      {{"Memory Size", "12GB"}}),  // seller's spelling
            fake_card("8", "EVGA GeForce RTX 3080 Ti FTW3", {{"Memory Size", "12 GB"}}),
        });
        const auto outcome = f.fetch_and_match({"RTX 3080"});
        CHECK(outcome.status == schema::RunStatus::ok);

        // The family's first page asked for refinements; the aspect searches did not.
        const auto groups = f.ebay.fieldgroups_seen();
        CHECK(std::count(groups.begin(), groups.end(), "MATCHING_ITEMS,ASPECT_REFINEMENTS") == 1);
        CHECK(f.aspect_filters() ==
              std::vector<std::string>{"categoryId:27386,Memory Size:{10 GB}",
                                       "categoryId:27386,Memory Size:{12 GB|12GB}"});
        CHECK(outcome.calls_used == 3);
        // The family's own search is the coverage; the aspect searches are listed beside it.
        int aspect_rows = 0;
        for (const auto& row : outcome.coverage) {
            if (row.kind == schema::QueryKind::search) CHECK(row.complete);
            if (row.kind == schema::QueryKind::aspect_filter) {
                ++aspect_rows;
                CHECK(row.parent == "RTX 3080");
            }
        }
        CHECK(aspect_rows == 2);

        CHECK(f.aspect("1", "Memory Size") == "12 GB");
        CHECK(f.aspect("7", "Memory Size") == "12 GB");  // recorded as the catalog spells it
        CHECK(f.aspect("3", "Memory Size").empty());
        CHECK(f.aspect("4", "Memory Size").empty());
        // Seen under a value: the aspect decides what the title left open.
        CHECK(f.verdict("1") == "ok|rtx-3080-12gb|aspect");
        CHECK(f.verdict("2") == "ok|rtx-3080-10gb|aspect");
        CHECK(f.verdict("7") == "ok|rtx-3080-12gb|aspect");
        // Missing or "Not Specified": never searched under a value, still ambiguous.
        CHECK(f.verdict("3").starts_with("ambiguous|"));
        CHECK(f.verdict("4").starts_with("ambiguous|"));
        // The title states 10 GB, the aspect 12 GB: a contradiction, ambiguous.
        CHECK(f.verdict("5") == "ambiguous||aspect");
        // The title states the variant and the aspect agrees: the title decided.
        CHECK(f.verdict("6") == "ok|rtx-3080-12gb|title");
        CHECK(f.verdict("8") == "ok|rtx-3080-ti|title");
    }

    TEST_CASE("a value nobody has is not searched; a listing under two values settles nothing") {
        FilterFixture f;
        f.ebay.set_market({
            fake_card("1", "ASUS GeForce RTX 3060 Dual OC", {{"Memory Size", "12 GB"}}),
            fake_card("2", "MSI GeForce RTX 3060 Ventus", {{"Memory Size", "12 GB"}}),
        });
        f.fetch_and_match({"RTX 3060"});
        CHECK(f.aspect_filters() ==
              std::vector<std::string>{"categoryId:27386,Memory Size:{12 GB}"});
        CHECK(f.verdict("1") == "ok|rtx-3060-12gb|aspect");

        // A seller whose listing eBay returns under both values (the same run): both recorded.
        FilterFixture g;
        g.ebay.set_market(
            {fake_card("1", "ASUS GeForce RTX 3060 Dual OC", {{"Memory Size", "12 GB"}}),
             fake_card("2", "Zotac GeForce RTX 3060 Twin", {{"Memory Size", "8 GB"}})});
        g.config.queries =
            fetcher::family_queries({"RTX 3060"}, {gpuprice::schema::ConditionClass::used});
        const std::vector<std::string> ids{"v1|1|0"};
        const auto run = fetcher::run_fetch(g.db, g.config, g.credentials,
                                            schema::Night::from_text("2026-12-01"), {});
        schema::store_filter_aspect(g.db, ids, "Memory Size", "8 GB", "2026-12-01T03:00:00Z");
        schema::store_filter_aspect(g.db, ids, "Memory Size", "12 GB", "2026-12-01T03:00:00Z");
        schema::store_filter_aspect(g.db, ids, "Memory Size", "12 GB", "2026-12-01T03:00:00Z");
        CHECK(g.aspect("1", "Memory Size") == "8 GB|12 GB");
        app::match_listings(g.db, g.matchers, schema::WhichListings::WithoutVerdictOrSeenInRun,
                            run.run_id, "2026-12-01T03:00:00Z");
        CHECK(g.verdict("1").starts_with("ambiguous|"));
        // A later run's value replaces the earlier one.
        schema::store_filter_aspect(g.db, ids, "Memory Size", "12 GB", "2026-12-02T03:00:00Z");
        CHECK(g.aspect("1", "Memory Size") == "12 GB");
    }

    TEST_CASE("a multi-variation listing seen under a value does not take it") {
        FilterFixture f;
        auto group =
            fake_card("2", "GeForce RTX 3080 8GB 10GB 12GB choose", {{"Memory Size", "10 GB"}});
        group.group_id = "77";  // eBay matches a group when any one variation has the value
        f.ebay.set_market(
            {fake_card("1", "ASUS TUF GeForce RTX 3080 OC", {{"Memory Size", "10 GB"}}), group});
        f.config.expand_variations = false;
        f.fetch_and_match({"RTX 3080"});
        CHECK(f.aspect_filters() ==
              std::vector<std::string>{"categoryId:27386,Memory Size:{10 GB}"});
        CHECK(f.aspect("1", "Memory Size") == "10 GB");
        CHECK_FALSE(f.verdict("2").empty());  // stored, matched, but without the aspect
        CHECK(f.aspect("2", "Memory Size").empty());
    }

    TEST_CASE("PCIe/SXM: the slot aspect's spellings come from the refinement") {
        FilterFixture f;
        f.ebay.set_market({
            fake_card("1", "NVIDIA A100 40GB Tensor Core GPU",
                      {{"Memory Size", "40 GB"}, {"Compatible Slot", "PCI Express 4.0 x16"}}),
            fake_card("2", "NVIDIA A100 80GB HBM2e", {{"Memory Size", "80 GB"}}),
            fake_card("3", "NVIDIA A100 SXM4 40GB",
                      {{"Memory Size", "40 GB"}, {"Compatible Slot", "PCI Express 4.0 x16"}}),
        });
        f.fetch_and_match({"A100"});
        CHECK(f.aspect_filters() ==
              std::vector<std::string>{"categoryId:27386,Compatible Slot:{PCI Express 4.0 x16}",
                                       "categoryId:27386,Memory Size:{40 GB}",
                                       "categoryId:27386,Memory Size:{80 GB}"});
        CHECK(f.aspect("1", "Compatible Slot") == "PCI Express");
        CHECK(f.verdict("1") == "ok|a100-pcie-40gb|aspect");
        // 80 GB, but PCIe or SXM4 is left open: still ambiguous.
        CHECK(f.verdict("2").starts_with("ambiguous|"));
        // The title says SXM4, the slot aspect PCI Express: a contradiction.
        CHECK(f.verdict("3") == "ambiguous||aspect");
    }

    TEST_CASE("an aspect the refinement does not list: VRAM searched as spelled, slots skipped") {
        FilterFixture f;
        f.ebay.set_market({fake_card("1", "NVIDIA Tesla V100 accelerator", {{"Brand", "NVIDIA"}})});
        f.fetch_and_match({"Tesla V100"});
        CHECK(f.aspect_filters() ==
              std::vector<std::string>{"categoryId:27386,Memory Size:{16 GB}",
                                       "categoryId:27386,Memory Size:{32 GB}"});
        CHECK(f.verdict("1").starts_with("ambiguous|"));
    }

    TEST_CASE("aspect searches only spend budget the family searches do not need") {
        FilterFixture f;
        auto market = rtx3080_cards(5);
        f.ebay.set_market(market);
        f.config.search.limit = 2;  // three pages for the family
        f.config.max_calls = 4;
        const auto outcome = f.fetch_and_match({"RTX 3080"});
        CHECK(outcome.calls_used == 4);
        // The families were covered: an aspect search left undone does not make the night
        // partial, it is noted.
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK_FALSE(outcome.budget_reached);
        REQUIRE_FALSE(outcome.notes.empty());
        CHECK(outcome.notes.back().find("aspect_filter") != std::string::npos);
        bool family_complete = false;
        for (const auto& row : outcome.coverage) {
            if (row.kind == schema::QueryKind::search) family_complete = row.complete;
        }
        CHECK(family_complete);
        // One call was left beside the family's three pages: one of the two aspect searches.
        CHECK(f.aspect_filters().size() == 1);
    }

    // An aspect search re-finds listings its family's search stored: they get the aspect, but
    // are no `duplicate` skips, so "N skipped" says the same with and without aspect searches.
    TEST_CASE("aspect searches add no skips: the same count as with --no-aspect-filters") {
        auto market = rtx3080_cards(6);
        auto broken = fake_card("9", "GeForce RTX 3080 broken price", {{"Memory Size", "10 GB"}});
        broken.price = "0.00";  // a bad-price skip of the family search, seen again per value
        market.push_back(broken);
        auto skips_of = [](FilterFixture& f, std::int64_t run_id) {
            auto stmt = f.db.prepare(
                "SELECT group_concat(reason || '=' || count, ',') FROM "
                "(SELECT reason, count FROM run_skips WHERE run_id = ?1 ORDER BY reason)");
            stmt.bind(1, run_id);
            REQUIRE(stmt.step());
            return stmt.is_null(0) ? std::string() : stmt.text(0);
        };
        FilterFixture with;
        with.ebay.set_market(market);
        with.config.search.limit = 2;  // pages repeat nothing, the aspect searches repeat all
        const auto on = with.fetch_and_match({"RTX 3080"});
        REQUIRE(with.aspect_filters().size() == 4);         // two values, two pages each
        CHECK(with.aspect("1", "Memory Size") == "10 GB");  // the aspect still recorded
        CHECK(with.aspect("2", "Memory Size") == "12 GB");

        FilterFixture without;
        without.ebay.set_market(market);
        without.config.search.limit = 2;
        without.config.queries =
            fetcher::family_queries({"RTX 3080"}, {gpuprice::schema::ConditionClass::used});
        const auto off = fetcher::run_fetch(without.db, without.config, without.credentials,
                                            schema::Night::from_text("2026-12-01"), {});
        REQUIRE(without.aspect_filters().empty());

        CHECK(off.listings_skipped == 1);
        CHECK(on.listings_skipped == off.listings_skipped);
        CHECK(on.listings_seen == off.listings_seen);
        CHECK(on.listings_new == off.listings_new);
        CHECK(skips_of(with, on.run_id) == "bad-price=1");
        CHECK(skips_of(without, off.run_id) == "bad-price=1");
        auto stored = with.db.prepare("SELECT listings_skipped FROM fetch_runs WHERE id = ?1");
        stored.bind(1, on.run_id);
        REQUIRE(stored.step());
        CHECK(stored.int32(0) == 1);  // what "N skipped" and the nightly report read
    }

    // The budget may run out under several aspect searches at once, each finding it spent on
    // its next page: one note for the run, counting them all.
    TEST_CASE("aspect searches the budget left unfinished: one note with their number") {
        FilterFixture f;
        auto market = rtx3080_cards(6);
        f.ebay.set_market(market);
        f.config.search.limit = 2;  // three pages for the family, two for each value
        f.config.http.parallel = 4;
        f.config.max_calls = 5;  // the family's three and each value's first page
        const auto outcome = f.fetch_and_match({"RTX 3080"});
        CHECK(outcome.calls_used == 5);
        CHECK(outcome.status == schema::RunStatus::ok);
        CHECK_FALSE(outcome.budget_reached);
        std::vector<std::string> aspect_notes;
        for (const auto& note : outcome.notes) {
            if (note.find("aspect_filter") != std::string::npos) aspect_notes.push_back(note);
        }
        REQUIRE(aspect_notes.size() == 1);
        CHECK(aspect_notes[0] ==
              "2 aspect_filter search(es) left unfinished for lack of calls (--max-calls)");
        CHECK(f.aspect_filters().size() == 2);
    }

    // A value holding LIKE's wildcards is compared as text, and both writers of an
    // aspect_filter aspect use one source name (the same row).
    TEST_CASE("aspect values with '_' or '%' are not patterns; one name for the source") {
        FilterFixture f;
        f.ebay.set_market(
            {fake_card("1", "ASUS GeForce RTX 3060 Dual OC", {{"Memory Size", "12 GB"}})});
        f.config.queries =
            fetcher::family_queries({"RTX 3060"}, {gpuprice::schema::ConditionClass::used});
        fetcher::run_fetch(f.db, f.config, f.credentials, schema::Night::from_text("2026-12-01"),
                           {});
        const std::vector<std::string> ids{"v1|1|0"};
        const std::string at = "2026-12-01T03:00:00Z";
        schema::store_filter_aspect(f.db, ids, "Memory Size", "12 GB", at);
        schema::store_filter_aspect(f.db, ids, "Memory Size", "1_ GB", at);  // LIKE: 12 GB
        schema::store_filter_aspect(f.db, ids, "Memory Size", "%", at);      // LIKE: anything
        schema::store_filter_aspect(f.db, ids, "Memory Size", "12 gb", at);  // LIKE: no case
        schema::store_filter_aspect(f.db, ids, "Memory Size", "1_ GB", at);  // truly repeated
        CHECK(f.aspect("1", "Memory Size") == "12 GB|1_ GB|%|12 gb");

        CHECK(schema::aspect_source_name(schema::AspectSource::aspect_filter) == "aspect-filter");
        CHECK(schema::aspect_source_name(schema::AspectSource::item) == "item");
        auto id = f.db.prepare("SELECT id FROM listings WHERE item_id = 'v1|1|0'");
        REQUIRE(id.step());
        schema::store_aspects(f.db, id.int64(0), schema::AspectSource::aspect_filter,
                              {{"Memory Size", "8 GB"}}, at);
        CHECK(f.aspect("1", "Memory Size") == "8 GB");  // replaced: the same source row
        CHECK(f.count("SELECT count(*) FROM listing_aspects") == 1);
    }

    TEST_CASE("gpuprice fetch searches per value by default, not with --no-aspect-filters") {
        FilterFixture f;
        f.ebay.set_market(
            {fake_card("1", "EVGA GeForce RTX 3080 FTW3 Ultra", {{"Memory Size", "12 GB"}}),
             fake_card("2", "ASUS TUF GeForce RTX 3080 OC", {{"Memory Size", "10 GB"}})});
        auto run = [&](const std::string& db, bool aspect_filters) {
            std::vector<std::string> args{GPUPRICE_BINARY, "--db",
                                          f.dir.file(db),  "--quiet",
                                          "fetch",         "--query",
                                          "RTX 3080",      "--condition",
                                          "used",          "--no-quota-check",
                                          "--item-share",  "0",
                                          "--api-base",    f.ebay.api_base(),
                                          "--auth-url",    f.ebay.token_url(),
                                          "--token-cache", f.dir.file("cli-token")};
            if (!aspect_filters) args.push_back("--no-aspect-filters");
            const pid_t pid = test::spawn(args, {"EBAY_CLIENT_ID=" + f.ebay.client_id,
                                                 "EBAY_CLIENT_SECRET=" + f.ebay.client_secret});
            return test::wait_exit(pid);
        };
        CHECK(run("off.db", false) == 0);
        CHECK(f.aspect_filters().empty());
        CHECK(run("on.db", true) == 0);
        CHECK(f.aspect_filters().size() == 2);
        schema::Database db(f.dir.file("on.db"));
        auto stmt = db.prepare(
            "SELECT m.model || '|' || m.decided_by FROM match_results m "
            "JOIN listings l ON l.id = m.listing_id WHERE l.item_id = 'v1|2|0'");
        REQUIRE(stmt.step());
        CHECK(stmt.text(0) == "rtx-3080-10gb|aspect");
    }
}

}  // namespace test_aspect_filter
