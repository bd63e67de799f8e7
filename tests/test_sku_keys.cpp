// SKU keys: every catalog file and the database refer to a card by its stable key (skus.csv
// `key`), never by its display name, so renaming a card is one edit in skus.csv and a database
// keeps its history across the migration that introduced keys.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>
#include <sstream>

#include "analysis/price_report.hpp"
#include "analysis/report_csv.hpp"
#include "schema/rules/attribute_rules.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/csv_reader.hpp"
#include "schema/rules/match_rules.hpp"
#include "schema/store/catalog_store.hpp"
#include "schema/store/migrations.hpp"
#include "schema/store/observation_store.hpp"
#include "schema/store/past.hpp"
#include "schema/store/sold_store.hpp"
#include "schema/store/sqlite.hpp"
#include "tests/latest_observations.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

namespace test_sku_keys {

using namespace gpuprice;
namespace fs = std::filesystem;

namespace {

constexpr std::string_view kKeysMigration = "_sku_keys.sql";

const schema::Migration& keys_migration() {
    for (const auto& m : schema::embedded_migrations()) {
        if (m.name.ends_with(kKeysMigration)) return m;
    }
    FAIL("no migration named *" << kKeysMigration);
    throw std::logic_error("unreachable");
}

// The migrations a database had before SKU keys.
std::vector<schema::Migration> migrations_before_keys() {
    std::vector<schema::Migration> before;
    for (const auto& m : schema::embedded_migrations()) {
        if (m.version >= keys_migration().version) break;
        before.push_back(m);
    }
    return before;
}

// A copy of the shipped catalog in `dir`, with `from` replaced by `to` once in `file`.
void copy_catalog_with(const fs::path& dir, const std::string& file, const std::string& from,
                       const std::string& to) {
    fs::copy(test::catalog_dir(), dir);
    auto text = test::read_file(dir / file);
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    REQUIRE(text.find(from, at + 1) == std::string::npos);
    text.replace(at, from.size(), to);
    test::write_file(dir / file, text);
}

schema::CatalogSources shipped_sources() {
    return schema::read_catalog_sources(test::catalog_dir());
}

// The RTX 3090's row of skus.csv after its key and name ("NVIDIA,geforce,...\n").
std::string rtx_3090_columns(const std::string& skus) {
    const std::string start = "\nrtx-3090,RTX 3090,";
    const auto at = skus.find(start);
    REQUIRE(at != std::string::npos);
    const auto from = at + start.size();
    return skus.substr(from, skus.find('\n', from) - from + 1);
}

}  // namespace

TEST_SUITE("schema::sku_keys") {
    TEST_CASE("a SKU key is lowercase ASCII letters and digits joined by single hyphens") {
        for (const std::string bad : {"RTX-3090", "rtx 3090", "rtx--3090", "-rtx", "rtx-",
                                      "rtx_3090", "rtx-3090\xc3\xa9"}) {
            CAPTURE(bad);
            auto sources = shipped_sources();
            const auto at = sources.skus.text.find("\nrtx-3090,RTX 3090,");
            REQUIRE(at != std::string::npos);
            sources.skus.text.replace(at + 1, 8, bad);
            try {
                (void)schema::parse_catalog(sources);
                FAIL("loaded a catalog with key '" << bad << "'");
            } catch (const schema::DataFileError& e) {
                CHECK(e.column() == "key");
                CHECK(std::string(e.what()).find("'" + bad + "' is not a key") !=
                      std::string::npos);
            }
        }
    }

    TEST_CASE("two SKUs with one key or one display name are refused") {
        auto same_key = shipped_sources();
        same_key.skus.text += "rtx-3090,RTX 3090 again," + rtx_3090_columns(same_key.skus.text);
        CHECK_THROWS_WITH_AS((void)schema::parse_catalog(same_key),
                             doctest::Contains("'rtx-3090' is listed twice"),
                             schema::DataFileError);
        auto same_name = shipped_sources();
        same_name.skus.text += "rtx-3090-again,RTX 3090," + rtx_3090_columns(same_name.skus.text);
        CHECK_THROWS_WITH_AS((void)schema::parse_catalog(same_name),
                             doctest::Contains("'RTX 3090' is listed twice"),
                             schema::DataFileError);
    }

    TEST_CASE("rule files name SKUs by key: a display name there is an error naming the key file") {
        test::TempDir dir;
        copy_catalog_with(dir.path() / "catalog", "aliases.csv", "\np40,tesla-p40\n",
                          "\np40,Tesla P40\n");
        const auto folder = (dir.path() / "catalog").string();
        const auto catalog = schema::load_catalog(folder);
        CHECK_THROWS_WITH_AS((void)schema::load_match_rules(folder, catalog),
                             doctest::Contains("'Tesla P40' is not a key of skus.csv"),
                             schema::DataFileError);
    }

    TEST_CASE("cooler files: a SKU named by display name, or a segment twice, is refused") {
        const auto catalog = schema::load_catalog(test::catalog_dir());
        {
            test::TempDir dir;
            copy_catalog_with(dir.path() / "catalog", "sku_coolers.csv", "\ntitan-v,blower,",
                              "\nTitan V,blower,");
            CHECK_THROWS_WITH_AS(
                (void)schema::load_attribute_rules((dir.path() / "catalog").string(), catalog),
                doctest::Contains("sku_coolers.csv:6: column 'sku': 'Titan V' is not a key"),
                schema::DataFileError);
        }
        {
            test::TempDir dir;
            copy_catalog_with(dir.path() / "catalog", "segment_coolers.csv", "\narc,open-air,",
                              "\ngeforce,blower,");
            CHECK_THROWS_WITH_AS(
                (void)schema::load_attribute_rules((dir.path() / "catalog").string(), catalog),
                doctest::Contains("column 'segment': 'geforce' is listed twice"),
                schema::DataFileError);
        }
    }

    TEST_CASE("lists are ';'-separated in every file; the old '|' is refused naming ';'") {
        test::TempDir dir;
        copy_catalog_with(dir.path() / "catalog", "aliases.csv",
                          "\np100,tesla-p100-12gb;tesla-p100-16gb;",
                          "\np100,tesla-p100-12gb|tesla-p100-16gb;");
        const auto folder = (dir.path() / "catalog").string();
        const auto catalog = schema::load_catalog(folder);
        CHECK_THROWS_WITH_AS((void)schema::load_match_rules(folder, catalog),
                             doctest::Contains("list items are separated by ';'"),
                             schema::DataFileError);
    }

    TEST_CASE("the keys migration maps names only to keys the catalog has (keys never change)") {
        // Every pair ('display name', 'key') the migration writes out, one per line.
        const auto catalog = schema::load_catalog(test::catalog_dir());
        std::istringstream sql(keys_migration().sql);
        int pairs = 0;
        for (std::string line; std::getline(sql, line);) {
            const auto open = line.find("('");
            const auto middle = line.rfind("', '");
            if (open == std::string::npos || middle == std::string::npos || middle < open) continue;
            const auto key = line.substr(middle + 4, line.rfind("')") - middle - 4);
            ++pairs;
            CAPTURE(line);
            CHECK(catalog.find_model(key) != nullptr);
        }
        // The 120 SKUs of the catalog before keys.
        CHECK(pairs == 120);
    }

    TEST_CASE("renaming a display name is one edit in skus.csv and keeps a database's history") {
        test::TempDir dir;
        const auto db_path = dir.file("history.db");
        // A database written before SKU keys: two nights of RTX 3090 prices and a sale, stored
        // under the display name as verdicts were then.
        {
            schema::Database db(db_path);
            schema::migrate(db, migrations_before_keys());
            db.exec(
                "INSERT INTO fetch_runs (id, started_at, status, source, marketplace) VALUES "
                "(1, '2026-11-01T03:00:00Z', 'ok', 'ebay', 'EBAY_US'), "
                "(2, '2026-11-02T03:00:00Z', 'ok', 'ebay', 'EBAY_US');"
                "INSERT INTO listings (id, item_id, title, condition_id, first_seen_run, "
                "last_seen_run, first_seen_on, last_seen_on) VALUES "
                "(1, 'v1|1|0', 'NVIDIA GeForce RTX 3090 24GB', 3000, 1, 2, '2026-11-01', "
                "'2026-11-02'), "
                "(2, 'v1|2|0', 'EVGA RTX 3090 FTW3', 3000, 1, 1, '2026-11-01', '2026-11-01'), "
                "(3, 'v1|3|0', 'RTX 3090 Founders Edition', 3000, 2, 2, '2026-11-02', "
                "'2026-11-02');"
                "INSERT INTO price_observations (listing_id, observed_on, marketplace, run_id, "
                "condition_id, price_cents, shipping_cents, currency) VALUES "
                "(1, '2026-11-01', 'EBAY_US', 1, 3000, 70000, 0, 'USD'), "
                "(2, '2026-11-01', 'EBAY_US', 1, 3000, 72000, 0, 'USD'), "
                "(1, '2026-11-02', 'EBAY_US', 2, 3000, 69000, 0, 'USD'), "
                "(3, '2026-11-02', 'EBAY_US', 2, 3000, 71000, 0, 'USD');"
                "INSERT INTO match_results (listing_id, model, reason, matched_at) VALUES "
                "(1, 'RTX 3090', 'ok', '2026-11-02T04:00:00Z'), "
                "(2, 'RTX 3090', 'ok', '2026-11-01T04:00:00Z'), "
                "(3, 'RTX 3090', 'ok', '2026-11-02T04:00:00Z');"
                "INSERT INTO sold_items (item_id, title, condition_id, price_cents, currency, "
                "sold_at, sold_on, marketplace, fetched_run, model, reason) VALUES "
                "('v1|9|0', 'RTX 3090 24GB', 3000, 68000, 'USD', '2026-10-30T12:00:00Z', "
                "'2026-10-30', 'EBAY_US', 1, 'RTX 3090', 'ok');");
        }
        // The rename: one line of skus.csv, nothing else.
        copy_catalog_with(dir.path() / "catalog", "skus.csv", "\nrtx-3090,RTX 3090,",
                          "\nrtx-3090,GeForce RTX 3090 (renamed),");
        const auto folder = (dir.path() / "catalog").string();
        const auto catalog = schema::load_catalog(folder);
        // Every file that names the card still loads: none of them used the display name.
        (void)schema::load_match_rules(folder, catalog);
        (void)schema::load_attribute_rules(folder, catalog);

        schema::Database db(db_path);
        schema::migrate(db);
        schema::store_catalog(db, catalog);

        const auto observations = gpuprice::test::latest_observations(
            db, schema::Past::read(db, test::us_market()), "2026-11-01", "2026-11-02",
            schema::Details::Without, {test::us_market(), 0});
        REQUIRE(observations.size() == 3);
        for (const auto& o : observations) CHECK(o.model == "rtx-3090");

        analysis::ReportOptions options;
        options.min_listings = 1;
        analysis::MarketEvidence evidence;
        evidence.sold = schema::load_sold_prices(db, "2026-10-01", "2026-11-02", test::us_market());
        evidence.have_sold_data = true;
        const auto report = analysis::build_report(observations, catalog, options, evidence);
        REQUIRE(report.rows.size() == 1);
        CHECK(report.rows[0].model.name == "GeForce RTX 3090 (renamed)");
        CHECK(report.rows[0].listings == 3);
        CHECK(report.rows[0].sold_listings == 1);
        const auto csv =
            analysis::report_csv(report, {"fp16", analysis::Sparsity::Dense, "2026-11-02"});
        CHECK(test::csv_cell(csv, "GeForce RTX 3090 (renamed)", "listings") == "3");
        CHECK(analysis::listings_csv(report, {"fp16", analysis::Sparsity::Dense, "2026-11-02"})
                  .find("GeForce RTX 3090 (renamed)") != std::string::npos);

        // Both old nights, for `history`.
        const auto history = schema::load_model_history(
            db, schema::Past::read(db, test::us_market()), "rtx-3090", {test::us_market(), 0});
        std::set<std::string> nights;
        for (const auto& o : history) nights.insert(o.observed_on);
        CHECK(nights == std::set<std::string>{"2026-11-01", "2026-11-02"});
        CHECK(schema::load_model_sold_prices(db, "rtx-3090", test::us_market()).size() == 1);
    }

    TEST_CASE("a verdict naming a card the key list lacks gets its name lowercased, hyphenated") {
        test::TempDir dir;
        schema::Database db(dir.file("own.db"));
        schema::migrate(db, migrations_before_keys());
        db.exec(
            "INSERT INTO fetch_runs (id, started_at, status, source, marketplace) VALUES "
            "(1, '2026-11-01T03:00:00Z', 'ok', 'ebay', 'EBAY_US');"
            "INSERT INTO listings (id, item_id, title, first_seen_run, last_seen_run, "
            "first_seen_on, last_seen_on) VALUES (1, 'v1|1|0', 'Wormhole n300', 1, 1, "
            "'2026-11-01', '2026-11-01'), (2, 'v1|2|0', 'Tesla P40', 1, 1, '2026-11-01', "
            "'2026-11-01'), (3, 'v1|3|0', 'a box', 1, 1, '2026-11-01', '2026-11-01');"
            "INSERT INTO match_results (listing_id, model, reason, matched_at) VALUES "
            "(1, 'Wormhole n300', 'ok', '2026-11-01T04:00:00Z'), "
            "(2, 'Tesla P40', 'ok', '2026-11-01T04:00:00Z'), "
            "(3, NULL, 'box-only', '2026-11-01T04:00:00Z');");
        schema::migrate(db);
        auto stmt =
            db.prepare("SELECT coalesce(model, '-') FROM match_results ORDER BY listing_id");
        std::vector<std::string> models;
        while (stmt.step()) models.push_back(stmt.text(0));
        CHECK(models == std::vector<std::string>{"wormhole-n300", "tesla-p40", "-"});
    }
}

}  // namespace test_sku_keys
