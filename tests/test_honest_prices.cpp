#include <doctest/doctest.h>

#include <cmath>
#include <sstream>

#include "analysis/card_advice.hpp"
#include "analysis/plan_output.hpp"
#include "analysis/price_report.hpp"
#include "analysis/report_csv.hpp"
#include "schema/domain/market.hpp"
#include "schema/rules/attribute_rules.hpp"
#include "schema/rules/catalog.hpp"
#include "tests/shipped_catalog.hpp"
#include "tests/test_context.hpp"

namespace test_honest_prices {

using gpuprice::test::shipped_catalog;

using namespace gpuprice;
using namespace gpuprice::analysis;

namespace {

schema::PricedObservation ask(const std::string& model, double usd) {
    static std::int64_t next_id = 1;
    schema::PricedObservation o;
    o.listing_id = next_id++;
    o.model = model;
    o.condition_id = 3000;
    o.price_cents = std::llround(usd * 100);
    o.shipping_cents = 0;
    o.observed_on = "2026-12-03";
    return o;
}

const ReportRow* row_of(const Report& report, const std::string& model) {
    for (const auto& row : report.rows) {
        if (row.model.name == model && row.condition == schema::ConditionClass::used) return &row;
    }
    return nullptr;
}

}  // namespace

TEST_SUITE("analysis::honest_prices") {
    TEST_CASE("cleared, sold and lowest-3 figures per model; the basis ranks and divides") {
        std::vector<schema::PricedObservation> asks = {ask("rtx-3090", 900),  ask("rtx-3090", 820),
                                                       ask("rtx-3090", 800),  ask("rtx-3090", 760),
                                                       ask("rtx-4090", 1900), ask("rtx-4090", 2000),
                                                       ask("rtx-4090", 2100)};
        std::vector<schema::ListingLife> lives;
        for (double usd : {700.0, 720.0, 740.0}) {
            schema::ListingLife l;
            l.model = "rtx-3090";
            l.condition_id = 3000;
            l.last_price_cents = std::llround(usd * 100);
            lives.push_back(l);
        }
        MarketEvidence evidence;
        int days = 3;
        for (const auto& l : lives) {
            Clearance c;
            c.life = l;
            c.price = static_cast<double>(l.last_price_cents) / 100;
            c.days_listed = days++;
            evidence.clearances.push_back(c);
        }
        evidence.have_sold_data = true;
        for (double usd : {650.0, 690.0})
            evidence.sold.push_back({"v1|1|0", "rtx-3090", 3000, std::llround(usd * 100), "x"});

        ReportOptions options;
        options.min_listings = 2;
        const auto by_median = build_report(asks, shipped_catalog(), options, evidence);
        const auto* r3090 = row_of(by_median, "RTX 3090");
        REQUIRE(r3090);
        CHECK(r3090->median_usd == 810);
        CHECK(*r3090->lowest3_mean_usd == doctest::Approx((760.0 + 800 + 820) / 3));
        CHECK(*r3090->cleared_median_usd == 720);
        CHECK(r3090->cleared_listings == 3);
        CHECK(*r3090->median_days_listed == 4);
        CHECK(*r3090->sold_median_usd == 670);
        CHECK(*r3090->sold_listings == 2);
        CHECK(*r3090->basis_usd == 810);
        const auto* r4090 = row_of(by_median, "RTX 4090");
        REQUIRE(r4090);
        CHECK(r4090->cleared_listings == 0);
        CHECK_FALSE(r4090->cleared_median_usd);
        CHECK(*r4090->sold_listings == 0);  // sold data exists, none for this model
        CHECK_FALSE(r4090->sold_median_usd);

        options.basis = PriceBasis::cleared;
        const auto by_cleared = build_report(asks, shipped_catalog(), options, evidence);
        const auto* c3090 = row_of(by_cleared, "RTX 3090");
        CHECK(*c3090->gflops_per_usd == doctest::Approx(*c3090->tflops * 1000 / 720));
        CHECK(c3090->rank == 1);
        const auto* c4090 = row_of(by_cleared, "RTX 4090");
        CHECK_FALSE(c4090->gflops_per_usd);  // no clearance: no figure, no rank
        CHECK_FALSE(c4090->rank);
        CHECK(c4090->low_sample);

        const auto csv =
            report_csv(by_cleared, {"fp16", Sparsity::Dense, "2026-12-03", PriceBasis::cleared});
        CHECK(test::csv_cell(csv, "RTX 3090", "cleared_median_usd") == "720.00");
        CHECK(test::csv_cell(csv, "RTX 3090", "cleared_listings") == "3");
        CHECK(test::csv_cell(csv, "RTX 3090", "median_days_listed") == "4.0");
        CHECK(test::csv_cell(csv, "RTX 3090", "sold_median_usd") == "670.00");
        CHECK(test::csv_cell(csv, "RTX 3090", "sold_listings") == "2");
        CHECK(test::csv_cell(csv, "RTX 3090", "lowest3_mean_usd") == "793.33");
        CHECK(test::csv_cell(csv, "RTX 3090", "price_basis") == "cleared");
        CHECK(test::csv_cell(csv, "RTX 4090", "cleared_median_usd") == "");

        // Single-card advice prices on the report's basis: the cleared $720 fits $750, the
        // asking median ($800) would not.
        BoxOptions box;
        box.budget_usd = 750;
        const auto rules = schema::load_attribute_rules(test::catalog_dir(), shipped_catalog());
        const auto picks =
            single_card_advice(by_cleared, shipped_catalog(), rules, box, "2026-12-03");
        REQUIRE(picks.size() == 1);
        CHECK(picks[0].row.model.key == c3090->model.key);
        CHECK(picks[0].row.basis_usd == c3090->basis_usd);
        const CsvContext cleared{"fp16", Sparsity::Dense, "2026-12-03", PriceBasis::cleared, "USD"};
        // The basis names the price column; its cells carry the currency ("$700", UX N15).
        const auto table = advice_table(picks, cleared);
        CHECK(table.find("  cleared  ") != std::string::npos);
        CHECK(table.find(schema::format_money(*c3090->basis_usd, "USD")) != std::string::npos);
        CHECK(single_card_advice(build_report(asks, shipped_catalog(), {}, evidence),
                                 shipped_catalog(), rules, box, "2026-12-03")
                  .empty());
    }

    TEST_CASE("without any sold data the sold columns are empty, not zero") {
        const std::vector<schema::PricedObservation> asks = {
            ask("rtx-3090", 800), ask("rtx-3090", 810), ask("rtx-3090", 790)};
        const auto report = build_report(asks, shipped_catalog(), {}, {});
        const auto csv =
            report_csv(report, {"fp16", Sparsity::Dense, "2026-12-03", PriceBasis::median});
        CHECK(test::csv_cell(csv, "RTX 3090", "sold_listings") == "");
        CHECK(test::csv_cell(csv, "RTX 3090", "sold_median_usd") == "");
        CHECK(test::csv_cell(csv, "RTX 3090", "cleared_listings") == "0");
        CHECK(test::csv_cell(csv, "RTX 3090", "price_basis") == "median");
    }

    TEST_CASE("the columns: the documented ones first, in order, the new ones appended") {
        std::vector<std::string> names;
        for (const auto& c : report_columns()) names.emplace_back(c.name);
        REQUIRE(names.size() >= 33);
        CHECK(names[0] == "condition");
        CHECK(names[8] == "median_price_usd");
        CHECK(names[25] == "bandwidth_gbs");
        const std::vector<std::string> appended = {
            "cleared_median_usd", "cleared_listings", "median_days_listed", "sold_median_usd",
            "sold_listings",      "lowest3_mean_usd", "price_basis"};
        CHECK(std::vector<std::string>(names.begin() + 26, names.begin() + 33) == appended);
        CHECK(names[33] == "currency");
        const auto readme = test::read_file(test::source_dir() / "README.md");
        for (const auto& name : names) {
            CAPTURE(name);
            CHECK(readme.find("`" + name + "`") != std::string::npos);
        }
    }

    TEST_CASE("--price names parse; others do not") {
        CHECK(parse_price_basis("lowest3") == PriceBasis::lowest3);
        CHECK(parse_price_basis("sold") == PriceBasis::sold);
        CHECK_FALSE(parse_price_basis("mean"));
        CHECK(price_basis_names() == "median, p25, lowest3, cleared or sold");
    }
}

}  // namespace test_honest_prices
