// Cards the catalog knows only by a word that sets them apart (variants.csv `only-with`:
// memory-modded boards, SXM2 modules on a PCIe adapter, the CMP 100-210, server editions) fetched
// as `gpuprice fetch --sample=DIR` fetches them: a recorded Browse page, stored, matched through
// the stored path (which hands the matcher the item's stored aspects, none here), and reported.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "analysis/csv_format.hpp"
#include "analysis/report_csv.hpp"
#include "analysis/title_matcher.hpp"
#include "app/night.hpp"
#include "app/report_assembly.hpp"
#include "cli/report_options.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/catalog_store.hpp"
#include "schema/store/migrations.hpp"
#include "tests/frozen_clock.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

namespace test_only_with_stored {

using namespace gpuprice;

namespace {

// A title a seller writes for each only-with SKU. A new only-with SKU without a title here fails
// the test below: every such card must be shown to reach a report through the stored path.
struct Offer {
    std::string title;
    double usd;  // about what such a card sells for, so that no price rule keeps it out
};
const std::map<std::string, Offer> kTitles = {
    {"rtx-2080-ti-22gb", {"RTX 2080 Ti 22GB modded blower", 480}},
    {"rtx-3080-20gb", {"RTX 3080 20GB modded", 520}},
    {"rtx-4090-48gb", {"RTX 4090 48GB modded 2-slot blower", 3200}},
    {"rtx-4090-d-48gb", {"NVIDIA RTX 4090D 48GB modded turbo", 3000}},
    {"tesla-v100-sxm2-16gb-pcie-adapter",
     {"NVIDIA Tesla V100 SXM2 16GB with PCIe adapter board", 220}},
    {"tesla-v100-sxm2-32gb-pcie-adapter", {"Tesla V100 SXM2 32GB on SXM2 to PCIe carrier", 650}},
    {"cmp-100-210", {"NVIDIA CMP 100-210 12GB mining card", 150}},
    {"rtx-pro-6000-blackwell-server", {"NVIDIA RTX PRO 6000 Blackwell Server Edition 96GB", 7800}},
    {"rtx-5090-d-v2", {"NVIDIA GeForce RTX 5090 D V2 24GB", 2300}},
    {"rtx-pro-4500-blackwell-server",
     {"NVIDIA RTX PRO 4500 Blackwell Server Edition 32GB passive", 2900}},
    {"radeon-pro-w7800-48gb", {"AMD Radeon PRO W7800 48GB GDDR6 workstation card", 2100}},
    {"rtx-pro-5000-blackwell-72gb", {"NVIDIA RTX PRO 5000 72GB Blackwell workstation GPU", 5200}},
};

// One item summary as the Browse API returns it (the sample's own shape): used, fixed price,
// a seller in good standing in the US, free shipping.
std::string item_summary(long long id, const std::string& title, double usd) {
    const auto number = std::to_string(id);
    return "{\"itemId\":\"v1|" + number + "|0\",\"title\":\"" + title +
           "\",\"leafCategoryIds\":[\"27386\"],\"price\":{\"value\":\"" +
           analysis::format_number(usd, 2) +
           "\",\"currency\":\"USD\"},\"itemHref\":\"https://api.ebay.com/buy/browse/v1/item/v1%7C" +
           number +
           "%7C0\",\"seller\":{\"username\":\"modded-seller\",\"feedbackPercentage\":\"99.8\","
           "\"feedbackScore\":2400},\"condition\":\"Used\",\"conditionId\":\"3000\","
           "\"buyingOptions\":[\"FIXED_PRICE\"],\"itemWebUrl\":\"https://www.ebay.com/itm/" +
           number +
           "\",\"itemLocation\":{\"postalCode\":\"9****\",\"country\":\"US\"},"
           "\"adultOnly\":false,\"legacyItemId\":\"" +
           number +
           "\",\"itemCreationDate\":\"2026-11-20T09:00:00.000Z\","
           "\"listingMarketplaceId\":\"EBAY_US\",\"shippingOptions\":[{\"shippingCostType\":"
           "\"FIXED\",\"shippingCost\":{\"value\":\"0.00\",\"currency\":\"USD\"}}]}";
}

std::string verdict_of(schema::Database& db, const std::string& item_id) {
    auto stmt = db.prepare(
        "SELECT m.reason, coalesce(m.model, '') FROM listings l JOIN match_results m ON "
        "m.listing_id = l.id WHERE l.item_id = ?1");
    stmt.bind(1, item_id);
    REQUIRE(stmt.step());
    return stmt.text(0) + "|" + stmt.text(1);
}

}  // namespace

TEST_SUITE("end_to_end") {
    TEST_CASE("every only-with SKU fetched from a recorded page is matched and reported") {
        const test::FrozenClock clock("2026-12-01T04:00:00Z");
        test::TempDir dir;
        const auto rules = schema::load_rule_set(test::catalog_dir());
        std::set<std::string> only_with;
        for (const auto& v : rules.match.variants) {
            if (v.effect == schema::VariantEffect::only_with) only_with.insert(v.sku);
        }
        REQUIRE(only_with.size() >= 9);

        // Tonight's recorded pages: the bundled sample, and one more page of three listings of
        // each only-with SKU at prices 5% apart (a median of its own, no outlier).
        const auto sample = dir.path() / "sample";
        std::filesystem::copy(test::source_dir() / "scripts" / "sample-data", sample,
                              std::filesystem::copy_options::recursive);
        std::string items;
        std::map<std::string, std::vector<std::string>> item_ids;  // per SKU
        long long id = 880000000001;
        for (const auto& sku : only_with) {
            CAPTURE(sku);
            REQUIRE_MESSAGE(kTitles.count(sku), "no title for the only-with SKU " << sku);
            const auto* model = rules.catalog.find_model(sku);
            REQUIRE(model != nullptr);
            const auto& offer = kTitles.at(sku);
            for (int i = 0; i < 3; ++i) {
                if (!items.empty()) items += ",";
                items += item_summary(id, offer.title, offer.usd * (1.0 + 0.05 * i));
                item_ids[sku].push_back("v1|" + std::to_string(id++) + "|0");
            }
        }
        test::write_file(sample / "night-0" / "zz-only-with-1.json",
                         "{\"href\":\"https://api.ebay.com/buy/browse/v1/item_summary/"
                         "search?q=modded&limit=200&offset=0\",\"total\":" +
                             std::to_string(3 * only_with.size()) +
                             ",\"limit\":200,\"offset\":0,\"itemSummaries\":[" + items + "]}");

        schema::Database db(dir.file("only-with.db"));
        schema::migrate(db);
        schema::store_catalog(db, rules.catalog);
        const app::Matchers matchers(rules);
        app::NightPlan plan;
        plan.conditions = schema::parse_conditions("all");
        plan.sample_dir = sample.string();
        plan.night = schema::Night::from_text("2026-12-01");
        const auto night = app::run_night(db, rules, matchers, plan, nullptr, {});
        REQUIRE(night.fetch.status == schema::RunStatus::ok);

        cli::ReportQuery query;
        cli::resolve_report_query(query, rules.catalog);
        const auto loaded =
            app::load_report(db, rules.catalog, query.request, schema::Details::With);
        REQUIRE(loaded.has_value());
        const auto report = analysis::report_csv(loaded->report, loaded->context);
        const auto listings = analysis::listings_csv(loaded->report, loaded->context);
        for (const auto& sku : only_with) {
            CAPTURE(sku);
            const auto* model = rules.catalog.find_model(sku);
            // Stored: matched to the SKU, as `match --stdin` matches the title.
            for (const auto& item : item_ids[sku]) CHECK(verdict_of(db, item) == "ok|" + sku);
            CHECK(matchers.titles.match(kTitles.at(sku).title).model == model);
            // Reported: a row of its own with the three listings, each in -listings.csv.
            CHECK(test::csv_cell(report, model->name, "listings") == "3");
            for (const auto& item : item_ids[sku]) {
                const auto at = listings.find("," + item + ",");
                REQUIRE(at != std::string::npos);
                const auto line_start = listings.rfind('\n', at) + 1;
                auto cells = analysis::CsvLine().text("used").text(model->name).str();
                cells.resize(cells.size() - 2);  // without the line's end
                CHECK(listings.substr(line_start, at - line_start) == cells);
            }
        }
    }

    TEST_CASE("stored and --stdin verdicts agree on every title of the sample") {
        // The same title must get the same verdict whether typed into `match --stdin` or fetched,
        // unless eBay's aspects of the item (stored beside it) decided.
        const test::FrozenClock clock("2026-12-01T04:00:00Z");
        test::TempDir dir;
        const auto rules = schema::load_rule_set(test::catalog_dir());
        schema::Database db(dir.file("agree.db"));
        schema::migrate(db);
        schema::store_catalog(db, rules.catalog);
        const app::Matchers matchers(rules);
        app::NightPlan plan;
        plan.conditions = schema::parse_conditions("all");
        plan.sample_dir = (test::source_dir() / "scripts" / "sample-data").string();
        plan.night = schema::Night::from_text("2026-12-01");
        REQUIRE(app::run_night(db, rules, matchers, plan, nullptr, {}).fetch.status ==
                schema::RunStatus::ok);
        auto stmt = db.prepare(
            "SELECT l.title, m.reason, coalesce(m.model, ''), m.decided_by, "
            "EXISTS (SELECT 1 FROM listing_aspects a WHERE a.listing_id = l.id) "
            "FROM listings l JOIN match_results m ON m.listing_id = l.id");
        int compared = 0, with_aspects = 0;
        while (stmt.step()) {
            const auto title = stmt.text(0);
            CAPTURE(title);
            if (stmt.int32(4)) {
                ++with_aspects;
                continue;
            }
            CHECK(stmt.text(3) != "aspect");
            const auto typed = matchers.titles.match(title);
            CHECK(std::string(schema::match_reason_name(typed.reason)) == stmt.text(1));
            CHECK((typed.model ? typed.model->key : std::string()) == stmt.text(2));
            ++compared;
        }
        CHECK(compared > 2000);
        CHECK(with_aspects < compared / 10);
    }
}

}  // namespace test_only_with_stored
