#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "analysis/csv_format.hpp"
#include "analysis/left_out.hpp"
#include "analysis/median.hpp"
#include "analysis/outliers.hpp"
#include "analysis/price_history.hpp"
#include "analysis/price_report.hpp"
#include "analysis/report_csv.hpp"
#include "analysis/report_table.hpp"
#include "analysis/support_caveat.hpp"
#include "analysis/svg_chart.hpp"
#include "schema/rules/catalog.hpp"
#include "tests/shipped_catalog.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

namespace test_price_report {

using gpuprice::test::shipped_catalog;

using namespace gpuprice::analysis;
using gpuprice::schema::PricedObservation;

namespace {

PricedObservation obs(const std::string& model, double usd, int condition = 3000,
                      std::optional<double> shipping = 0.0,
                      const std::string& night = "2026-12-01") {
    PricedObservation o;
    static std::int64_t next_id = 1;
    o.listing_id = next_id++;
    o.model = model;
    o.condition_id = condition;
    o.price_cents = std::llround(usd * 100);
    if (shipping) o.shipping_cents = std::llround(*shipping * 100);
    o.observed_on = night;
    return o;
}

const ReportRow* row_of(const Report& report, const std::string& model,
                        const std::string& condition = "used") {
    for (const auto& row : report.rows) {
        if (row.model.name == model && gpuprice::schema::condition_name(row.condition) == condition)
            return &row;
    }
    return nullptr;
}

}  // namespace

TEST_SUITE("analysis::median") {
    TEST_CASE("odd, even, one element, ties") {
        CHECK(median({3, 1, 2}) == 2);
        CHECK(median({4, 1, 3, 2}) == 2.5);
        CHECK(median({7}) == 7);
        CHECK(median({5, 5, 5, 1}) == 5);
        CHECK_THROWS_AS(median({}), std::invalid_argument);
    }

    TEST_CASE("percentiles interpolate like a spreadsheet's PERCENTILE") {
        const std::vector<double> v = {10, 20, 30, 40, 50};
        CHECK(percentile(v, 0.25) == 20);
        CHECK(percentile(v, 0.75) == 40);
        CHECK(percentile({1, 2, 3, 4}, 0.25) == doctest::Approx(1.75));
        CHECK(percentile({1, 2, 3, 4}, 0.75) == doctest::Approx(3.25));
        CHECK(percentile(v, 0) == 10);
        CHECK(percentile(v, 1) == 50);
    }
}

TEST_SUITE("analysis::outliers") {
    TEST_CASE("the $1 placeholder and the $99,999 listing go, ordinary spread stays") {
        const std::vector<double> prices = {1.0, 760, 780, 800, 790, 820, 745, 99999};
        const auto out = find_outliers(prices, 10.0);
        CHECK(out == std::vector<bool>{true, false, false, false, false, false, false, true});
    }

    TEST_CASE("the floor applies even to tiny samples, MADs only from three prices on") {
        CHECK(find_outliers({5.0, 800}, 10.0) == std::vector<bool>{true, false});
        CHECK(find_outliers({400, 800}, 10.0) == std::vector<bool>{false, false});
    }

    TEST_CASE("the floor is the market's, in its currency, not a fixed dollar figure") {
        // A market whose floor is 1,500 (a currency of small units) drops 800 as a placeholder;
        // one whose floor is 2 keeps 5.
        CHECK(find_outliers({5.0, 800}, 1500.0) == std::vector<bool>{true, true});
        CHECK(find_outliers({5.0, 800}, 2.0) == std::vector<bool>{false, false});
    }

    TEST_CASE("identical prices do not make every other price an outlier") {
        // MAD is 0 here; the minimum scaled MAD (5%) keeps a 10% difference.
        CHECK(find_outliers({100, 100, 100, 100, 110}, 10.0) ==
              std::vector<bool>{false, false, false, false, false});
        CHECK(find_outliers({100, 100, 100, 100, 130}, 10.0) ==
              std::vector<bool>{false, false, false, false, true});
    }
}

TEST_SUITE("analysis::price_report") {
    TEST_CASE("statistics, GFLOPS per USD and ranking within a class") {
        std::vector<PricedObservation> o;
        for (double p : {700.0, 750.0, 800.0, 850.0, 900.0}) o.push_back(obs("rtx-3090", p));
        for (double p : {1800.0, 1900.0, 2000.0}) o.push_back(obs("rtx-4090", p));
        o.push_back(obs("rtx-4090", 1.0));  // placeholder
        for (double p : {230.0, 250.0}) o.push_back(obs("tesla-p40", p));
        ReportOptions options;
        options.market = gpuprice::test::us_market();  // the placeholder is under its floor
        const auto report = build_report(o, shipped_catalog(), options);
        const auto* r3090 = row_of(report, "RTX 3090");
        REQUIRE(r3090);
        CHECK(r3090->median_usd == 800);
        CHECK(r3090->p25_usd == 750);
        CHECK(r3090->p75_usd == 850);
        CHECK(r3090->min_usd == 700);
        CHECK(r3090->listings == 5);
        CHECK(r3090->vram_class.upper_gb == 24);
        // 328 TC x 64 (half of 128 on GeForce) x 2 x 1695 MHz = 71.2 TFLOPS.
        CHECK(*r3090->gflops_per_usd == doctest::Approx(71.16 * 1000 / 800).epsilon(0.001));
        const auto* r4090 = row_of(report, "RTX 4090");
        REQUIRE(r4090);
        CHECK(r4090->outliers_removed == 1);
        CHECK(r4090->median_usd == 1900);
        CHECK(r3090->rank == 1);  // 89 GFLOPS/$ beats 4090's 87
        CHECK(r4090->rank == 2);
        // The P40 has no tensor cores: its fp32 figure, marked, no rank, after the ranked cards.
        const auto* p40 = row_of(report, "Tesla P40");
        REQUIRE(p40);
        CHECK(p40->no_matrix_units);
        CHECK_FALSE(p40->rank.has_value());
        CHECK(report.rows.back().model.name == "Tesla P40");
        CHECK(p40->low_sample);  // 2 < 3 listings
    }

    TEST_CASE("a card without the precision is ranked after the ones with it") {
        std::vector<PricedObservation> o;
        for (double p : {300.0, 310.0, 320.0}) o.push_back(obs("rtx-2080-ti", p));
        for (double p : {380.0, 390.0, 400.0}) o.push_back(obs("rtx-3080-10gb", p));
        ReportOptions options;
        options.precision = "tf32";  // Turing has none
        const auto report = build_report(o, shipped_catalog(), options);
        REQUIRE(report.rows.size() == 2);
        CHECK(report.rows[0].model.name == "RTX 3080 10GB");
        CHECK(report.rows[0].rank == 1);
        CHECK_FALSE(report.rows[1].rank.has_value());
        CHECK_FALSE(report.rows[1].gflops_per_usd.has_value());
    }

    TEST_CASE("low sample is shown and not ranked; conditions and VRAM filter") {
        std::vector<PricedObservation> o;
        for (double p : {800.0, 820.0}) o.push_back(obs("rtx-3090", p));
        for (double p : {1000.0, 1100.0, 1200.0}) o.push_back(obs("rtx-3090", p, 1000));
        for (double p : {200.0, 210.0, 220.0}) o.push_back(obs("rtx-3060-12gb", p));
        ReportOptions options;
        options.conditions = {gpuprice::schema::ConditionClass::used,
                              gpuprice::schema::ConditionClass::new_item};
        options.min_vram_gb = 24;
        const auto report = build_report(o, shipped_catalog(), options);
        CHECK(row_of(report, "RTX 3060 12GB") == nullptr);
        const auto* used = row_of(report, "RTX 3090", "used");
        REQUIRE(used);
        CHECK(used->low_sample);
        CHECK_FALSE(used->rank.has_value());
        const auto* fresh = row_of(report, "RTX 3090", "new");
        REQUIRE(fresh);
        CHECK(fresh->rank == 1);
        CHECK(fresh->median_usd == 1100);
    }

    TEST_CASE("shipping: included when known, counted when unknown, excluded on request") {
        std::vector<PricedObservation> o = {obs("rtx-3090", 800, 3000, 20.0),
                                            obs("rtx-3090", 800, 3000, std::nullopt),
                                            obs("rtx-3090", 800, 3000, 0.0)};
        const auto with = build_report(o, shipped_catalog(), {});
        CHECK(with.rows[0].median_usd == 800);
        CHECK(with.rows[0].p75_usd == 810);
        CHECK(with.rows[0].unknown_shipping == 1);
        ReportOptions without;
        without.shipping = Shipping::Exclude;
        const auto bare = build_report(o, shipped_catalog(), without);
        CHECK(bare.rows[0].p75_usd == 800);
        CHECK(bare.rows[0].unknown_shipping == 0);
    }

    TEST_CASE("sparse figures are labelled") {
        std::vector<PricedObservation> o = {
            obs("a100-pcie-40gb", 4000), obs("a100-pcie-40gb", 4100), obs("a100-pcie-40gb", 4200)};
        ReportOptions options;
        options.sparsity = Sparsity::Sparse;
        const auto report = build_report(o, shipped_catalog(), options);
        CHECK(*report.rows[0].tflops == doctest::Approx(623.7).epsilon(0.001));
        const auto csv = report_csv(report, {options.precision, options.sparsity, "2026-12-01"});
        CHECK(csv.find(",fp16-sparse,") != std::string::npos);
    }

    TEST_CASE("7- and 30-day changes") {
        std::vector<PricedObservation> now = {obs("rtx-3090", 800), obs("rtx-3090", 800),
                                              obs("rtx-3090", 800)};
        std::vector<PricedObservation> week = {obs("rtx-3090", 1000), obs("rtx-3090", 1000),
                                               obs("rtx-3090", 1000)};
        auto report = build_report(now, shipped_catalog(), {});
        const auto earlier = build_report(week, shipped_catalog(), {});
        attach_changes(report, &earlier, nullptr);
        CHECK(*report.rows[0].change_7d_pct == doctest::Approx(-20));
        CHECK_FALSE(report.rows[0].change_30d_pct.has_value());
    }

    // Problem 5: rows pointed into the catalog and listing lines into the observations, so a
    // copy kept after either died read freed memory (ASan: heap-use-after-free); now they own
    // what they show. The earlier report comes from another catalog object on purpose:
    // attach_changes matched rows by pointer identity and found nothing across catalogs.
    TEST_CASE("a report copy outlives the catalog and observations it was built from") {
        Report kept;
        ReportRow row;
        ListingLine line;
        Report earlier;
        {
            const auto own_catalog = shipped_catalog();  // dies with this scope
            std::vector<PricedObservation> o = {obs("rtx-3090", 800), obs("rtx-3090", 810),
                                                obs("rtx-3090", 820)};
            o[0].title = "NVIDIA GeForce RTX 3090 Founders Edition 24GB";
            const auto built = build_report(o, own_catalog, {});
            kept = built;
            row = built.rows.at(0);
            line = built.listings.at(0);
            std::vector<PricedObservation> week = {obs("rtx-3090", 1000), obs("rtx-3090", 1000),
                                                   obs("rtx-3090", 1000)};
            earlier = build_report(week, shipped_catalog(), {});
        }
        CHECK(kept.rows.at(0).model.name == "RTX 3090");
        CHECK(row.model.vram_gb == 24);
        CHECK(line.observation.title == "NVIDIA GeForce RTX 3090 Founders Edition 24GB");
        const auto csv = report_csv(kept, {"fp16", Sparsity::Dense, "2026-12-01"});
        CHECK(csv.find("RTX 3090") != std::string::npos);
        CHECK(
            listings_csv(kept, {"fp16", Sparsity::Dense, "2026-12-01"}).find("Founders Edition") !=
            std::string::npos);
        attach_changes(kept, &earlier, nullptr);
        REQUIRE(kept.rows.at(0).change_7d_pct.has_value());
        CHECK(*kept.rows.at(0).change_7d_pct == doctest::Approx(-19));
    }

    TEST_CASE("the CSV has the documented columns in order, every row as wide as the header") {
        std::vector<PricedObservation> o = {obs("rtx-3090", 800), obs("rtx-3090", 810),
                                            obs("rtx-3090", 820), obs("tesla-p40", 200)};
        const auto csv = report_csv(build_report(o, shipped_catalog(), {}),
                                    {"fp16", Sparsity::Dense, "2026-12-01"});
        CHECK(csv.starts_with(
            "condition,vram_class_gb,rank,model,architecture,vram_gb,listings,outliers_removed,"
            "median_price_usd,p25_price_usd,p75_price_usd,min_price_usd,precision,tflops,"
            "gflops_per_usd,tdp_w,slots,low_sample,as_of,unknown_shipping,change_7d_pct,"
            "change_30d_pct,vram_class,form_factor,memory_type,bandwidth_gbs,"
            "cleared_median_usd,"));
        // This change's columns, appended after the price and currency ones.
        CHECK(csv.find(",listings_without_verdict,bandwidth_gbs_per_usd,usd_per_gb_vram,support") !=
              std::string::npos);
        // 936 GB/s / $810 = 1.156; $810 / 24 GB = 33.75.
        CHECK(csv.find("\r\nused,24,1,RTX 3090,Ampere "
                       "GA10x,24,3,0,810.00,805.00,815.00,800.00,fp16,71.2,87.86,350,3.0,no,2026-"
                       "12-01,0,,,20-24 GB,PCIe,GDDR6X,936,") != std::string::npos);
        CHECK(gpuprice::test::csv_cell(csv, "RTX 3090", "bandwidth_gbs_per_usd") == "1.156");
        CHECK(gpuprice::test::csv_cell(csv, "RTX 3090", "usd_per_gb_vram") == "33.75");
        CHECK(gpuprice::test::csv_cell(csv, "RTX 3090", "support") == "current");
        // Every row has exactly the header's number of cells (no quoted commas in this data).
        const auto columns = report_columns().size();
        std::size_t start = 0, rows = 0;
        while (start < csv.size()) {
            const auto end = csv.find("\r\n", start);
            REQUIRE(end != std::string::npos);
            const auto line = csv.substr(start, end - start);
            CAPTURE(line);
            CHECK(static_cast<std::size_t>(std::count(line.begin(), line.end(), ',')) + 1 ==
                  columns);
            start = end + 2;
            ++rows;
        }
        CHECK(rows == 3);  // header, 3090, P40
    }

    TEST_CASE("cards without tensor cores show their fp32 figure, marked and unranked") {
        std::vector<PricedObservation> o;
        for (double p : {180.0, 190.0, 200.0}) o.push_back(obs("tesla-p40", p));
        for (double p : {780.0, 800.0, 820.0}) o.push_back(obs("rtx-3090", p));
        const auto fp16 = build_report(o, shipped_catalog(), {});
        const auto* p40 = row_of(fp16, "Tesla P40");
        REQUIRE(p40);
        CHECK(p40->no_matrix_units);
        CHECK(p40->figure_precision == "fp32");
        CHECK(*p40->tflops == doctest::Approx(11.758).epsilon(0.001));
        CHECK_FALSE(p40->rank.has_value());  // a vector figure is not ranked among tensor ones
        CHECK(row_of(fp16, "RTX 3090")->rank == 1);
        const auto csv = report_csv(fp16, {"fp16", Sparsity::Dense, "2026-12-01"});
        CHECK(csv.find(",Tesla P40,Pascal,24,3,0,190.00,185.00,195.00,180.00,fp32 (no matrix "
                       "units),11.8,61.88,") != std::string::npos);
        CHECK(gpuprice::test::csv_cell(csv, "Tesla P40", "support") ==
              "legacy: cu126 wheels only (no CUDA 13)");

        ReportOptions vector;
        vector.precision = "fp32";
        const auto fp32 = build_report(o, shipped_catalog(), vector);
        // 11.76 TFLOPS / $190 beats 35.6 / $800: the P40 ranks first on FP32 per dollar.
        CHECK(row_of(fp32, "Tesla P40")->rank == 1);
        CHECK(row_of(fp32, "RTX 3090")->rank == 2);
        CHECK_FALSE(row_of(fp32, "Tesla P40")->no_matrix_units);
    }

    TEST_CASE("rank by bandwidth per USD or by USD per GB of VRAM") {
        std::vector<PricedObservation> o;
        for (double p : {780.0, 800.0, 820.0}) o.push_back(obs("rtx-3090", p));     // 936 GB/s
        for (double p : {1400.0, 1450.0, 1500.0}) o.push_back(obs("rtx-4090", p));  // 1008 GB/s
        for (double p : {600.0, 650.0, 700.0}) o.push_back(obs("rx-7900-xtx", p));  // 960
        for (double p : {300.0, 310.0, 320.0}) o.push_back(obs("tesla-p40", p));    // 347
        ReportOptions options;
        options.rank_by = RankBy::bandwidth;
        auto report = build_report(o, shipped_catalog(), options);
        // GB/s per USD: 7900 XTX 1.477, 3090 1.17, P40 1.12, 4090 0.695.
        CHECK(row_of(report, "RX 7900 XTX")->rank == 1);
        CHECK(row_of(report, "RTX 3090")->rank == 2);
        CHECK(row_of(report, "Tesla P40")->rank == 3);  // ranked: bandwidth needs no tensor core
        CHECK(row_of(report, "RTX 4090")->rank == 4);
        CHECK(*row_of(report, "RTX 3090")->bandwidth_gbs_per_usd == doctest::Approx(1.17));
        CHECK(report.rows[0].model.name == "RX 7900 XTX");
        options.rank_by = RankBy::vram;
        report = build_report(o, shipped_catalog(), options);
        CHECK(row_of(report, "Tesla P40")->rank == 1);  // $12.92 per GB
        CHECK(*row_of(report, "Tesla P40")->usd_per_gb_vram == doctest::Approx(310.0 / 24));
        CHECK(row_of(report, "RTX 4090")->rank == 4);
    }

    TEST_CASE("supported-only leaves out what no current toolkit or PyTorch wheel runs") {
        std::vector<PricedObservation> o;
        for (double p : {300.0, 310.0, 320.0}) o.push_back(obs("tesla-v100-pcie-16gb", p));
        for (double p : {380.0, 390.0, 400.0}) o.push_back(obs("tesla-t4", p));
        for (double p : {200.0, 210.0, 220.0}) o.push_back(obs("instinct-mi50-16gb", p));
        for (double p : {40.0, 45.0, 50.0}) o.push_back(obs("tesla-k80", p));
        auto report = build_report(o, shipped_catalog(), {});
        REQUIRE(report.rows.size() == 4);
        // Volta runs on PyTorch's cu126 legacy wheels: supported, with its caveat.
        CHECK(row_of(report, "Tesla V100 PCIe 16GB")->support.status ==
              "legacy: cu126 wheels only (no CUDA 13)");
        CHECK(row_of(report, "Tesla V100 PCIe 16GB")->support.supported);
        CHECK(row_of(report, "Tesla K80")->support.status == "legacy: no CUDA 12");
        CHECK_FALSE(row_of(report, "Tesla K80")->support.supported);
        CHECK(row_of(report, "Tesla T4")->support.status == "no bf16");
        ReportOptions options;
        options.supported_only = true;
        report = build_report(o, shipped_catalog(), options);
        REQUIRE(report.rows.size() == 2);  // the K80 (sm_37) and the MI50 (gfx906) leave
        CHECK(row_of(report, "Tesla T4") != nullptr);
        CHECK(row_of(report, "Tesla V100 PCIe 16GB") != nullptr);
    }

    TEST_CASE("listing titles in the CSV cannot run as formulas") {
        auto o = obs("rtx-3090", 800);
        o.title = "=HYPERLINK(\"http://evil\",\"RTX 3090\")";
        o.item_id = "v1|1|0";
        CsvContext context;
        context.currency = "USD";
        const auto csv = listings_csv(build_report({o}, shipped_catalog(), {}), context);
        CHECK(csv.find("\"'=HYPERLINK(\"\"http://evil\"\",\"\"RTX 3090\"\")\"") !=
              std::string::npos);
        o.decided_by = gpuprice::schema::MatchEvidence::part_number;
        // The appended currency and decided_by, then cooler and slot width (not stated here),
        // then the suspect-price verdict and its (absent) reference.
        const auto with_evidence = listings_csv(build_report({o}, shipped_catalog(), {}), context);
        CHECK(with_evidence.find(",USD,part-number,,,no,,\r\n") != std::string::npos);
    }

    TEST_CASE("the chart is well-formed SVG with escaped labels, grouped by class") {
        std::vector<PricedObservation> o;
        for (double p : {700.0, 750.0, 800.0}) o.push_back(obs("rtx-3090", p));
        for (double p : {100.0, 110.0, 120.0}) o.push_back(obs("tesla-v100-sxm2-16gb", p));
        const auto svg = svg_chart(build_report(o, shipped_catalog(), {}),
                                   {"fp16", Sparsity::Dense, "2026-12-01"});
        CHECK(svg.starts_with("<?xml"));
        CHECK(svg.find("20-24 GB - used") != std::string::npos);
        CHECK(svg.find("Tesla V100 SXM2 16GB (SXM2)") != std::string::npos);
        CHECK(svg.ends_with("</svg>\n"));
        CHECK(xml_escape("A & B <x> \"q\"") == "A &amp; B &lt;x&gt; &quot;q&quot;");
    }

    TEST_CASE("SXM modules are shown apart from the PCIe cards unless asked") {
        std::vector<PricedObservation> o;
        for (double p : {100.0, 110.0, 120.0}) o.push_back(obs("tesla-v100-sxm2-16gb", p));
        for (double p : {420.0, 430.0, 440.0}) o.push_back(obs("tesla-v100-pcie-16gb", p));
        for (double p : {520.0, 530.0, 540.0}) o.push_back(obs("rtx-a4000", p));
        o.push_back(obs("tesla-t4", 600.0));  // one listing: low sample
        const auto report = build_report(o, shipped_catalog(), {});
        const auto* sxm = row_of(report, "Tesla V100 SXM2 16GB");
        REQUIRE(sxm);
        CHECK_FALSE(sxm->rank.has_value());
        CHECK(sxm->module_apart);
        CHECK(row_of(report, "Tesla V100 PCIe 16GB")->rank == 1);
        CHECK(row_of(report, "RTX A4000")->rank == 2);
        // Ranked cards, then the module, then the low-sample card.
        REQUIRE(report.rows.size() == 4);
        CHECK(report.rows[2].model.name == "Tesla V100 SXM2 16GB");
        CHECK(report.rows[3].model.name == "Tesla T4");

        const CsvContext context{"fp16", Sparsity::Dense, "2026-12-01"};
        const auto csv = report_csv(report, context);
        CHECK(csv.find("\r\nused,16,,Tesla V100 SXM2 16GB,") != std::string::npos);
        CHECK(csv.find("\r\nused,16,1,Tesla V100 PCIe 16GB,") != std::string::npos);
        const auto table = report_table(report, context, 80);
        CHECK(table.find("\nSXM2 lbf  Tesla V100 SXM2 16GB") != std::string::npos);
        CHECK(table.find("--include-sxm ranks it") != std::string::npos);
        std::size_t start = 0;
        while (start < table.size()) {
            const auto end = table.find('\n', start);
            CHECK(end - start <= 80);
            start = end + 1;
        }

        ReportOptions with_sxm;
        with_sxm.include_sxm = true;
        const auto joint = build_report(o, shipped_catalog(), with_sxm);
        CHECK(row_of(joint, "Tesla V100 SXM2 16GB")->rank == 1);
        CHECK_FALSE(row_of(joint, "Tesla V100 SXM2 16GB")->module_apart);
        CHECK(row_of(joint, "Tesla V100 PCIe 16GB")->rank == 2);
        CHECK(report_table(joint, context, 80).find("--include-sxm") == std::string::npos);
    }

    TEST_CASE("the chart gives each class its own axis and a fixed colour") {
        std::vector<PricedObservation> o;
        for (double p : {700.0, 750.0, 800.0}) o.push_back(obs("rtx-3090", p));
        for (double p : {100.0, 110.0, 120.0}) o.push_back(obs("tesla-v100-sxm2-16gb", p));
        for (double p : {420.0, 430.0, 440.0}) o.push_back(obs("tesla-v100-pcie-16gb", p));
        for (double p : {200.0, 210.0, 220.0}) o.push_back(obs("rtx-3060-12gb", p, 1000));
        const CsvContext context{"fp16", Sparsity::Dense, "2026-12-01", PriceBasis::median, "USD"};
        const auto count = [](const std::string& svg, const std::string& text) {
            std::size_t n = 0;
            for (auto at = svg.find(text); at != std::string::npos; at = svg.find(text, at + 1))
                ++n;
            return n;
        };
        const auto used = svg_chart(build_report(o, shipped_catalog(), {}), context);
        // Two classes, two axes, each labelled and starting at "0", not "0.0"; and again in the
        // training panel under them, whose ticks step by tenths.
        CHECK(count(used, ">GFLOPS per USD</text>") == 2);
        CHECK(count(used, ">per 1,000 USD</text>") == 2);
        CHECK(count(used, "text-anchor=\"middle\" fill=\"#555555\">0</text>") == 4);
        CHECK(used.find(">0.0</text>") == std::string::npos);
        // 3090: 71.2 TFLOPS / $750 = 95 GFLOPS/$: its class's axis ends at 100, not at the
        // SXM module's 1,100 of the 16 GB class, which is cut off and labelled instead.
        CHECK(used.find(">100</text>") != std::string::npos);
        CHECK(used.find("off scale") != std::string::npos);
        // 16 GB: the PCIe V100's 263 on an axis to 300 (ticks of 60); 1-2-5 steps ran it to 500.
        CHECK(used.find(">300</text>") != std::string::npos);
        CHECK(used.find(">500</text>") == std::string::npos);
        CHECK(used.find("Tesla V100 SXM2 16GB (SXM2)") != std::string::npos);
        // 20-24 GB has one colour whatever precedes it.
        CHECK(used.find("fill=\"#e15759\">20-24 GB - used") != std::string::npos);
        ReportOptions both;
        both.conditions = {gpuprice::schema::ConditionClass::new_item,
                           gpuprice::schema::ConditionClass::used};
        const auto all = svg_chart(build_report(o, shipped_catalog(), both), context);
        CHECK(all.find("fill=\"#f28e2b\">10-12 GB - new") != std::string::npos);
        CHECK(all.find("fill=\"#e15759\">20-24 GB - used") != std::string::npos);
        CHECK(count(all, ">GFLOPS per USD</text>") == 3);
        // Used first, the nightly chart's main market, then new (UX N14).
        CHECK(all.find("20-24 GB - used") < all.find("10-12 GB - new"));
    }

    TEST_CASE("the chart's scale is the ranked cards': a thin card past it is cut off") {
        std::vector<PricedObservation> o;
        for (double p : {700.0, 750.0, 800.0}) o.push_back(obs("rtx-3090", p));  // 95 GFLOPS/$
        o.push_back(obs("rtx-4090", 1500.0));  // one listing, unranked: 165.2 / 1.5 = 110
        const CsvContext context{"fp16", Sparsity::Dense, "2026-12-01", PriceBasis::median, "USD"};
        const auto report = build_report(o, shipped_catalog(), {});
        REQUIRE(row_of(report, "RTX 4090"));
        CHECK_FALSE(row_of(report, "RTX 4090")->rank.has_value());
        const auto svg = svg_chart(report, context);
        // The axis ends at the 3090's 100, not at 200 for the lone 4090, which says so.
        CHECK(svg.find(">100</text>") != std::string::npos);
        CHECK(svg.find(">200</text>") == std::string::npos);
        CHECK(svg.find("110.1 ($1,500, n=1), off scale") != std::string::npos);
    }

    // Issue 40: what a card does beside what it promises, in the chart whatever ranks.
    TEST_CASE("the chart shows training per dollar for every card, estimates hollow and marked") {
        std::vector<PricedObservation> o;
        for (double p : {700.0, 750.0, 800.0}) o.push_back(obs("rtx-3090", p));       // measured
        for (double p : {500.0, 520.0, 540.0}) o.push_back(obs("titan-v", p));        // estimated
        for (double p : {250.0, 260.0, 270.0}) o.push_back(obs("arc-a770-16gb", p));  // a guess
        const auto count = [](const std::string& text, const std::string& what) {
            std::size_t n = 0;
            for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
                ++n;
            return n;
        };
        CsvContext context{"fp16", Sparsity::Dense, "2026-12-01", PriceBasis::median, "USD"};
        const auto report = build_report(o, shipped_catalog(), {});
        const auto by_peak = svg_chart(report, context);
        // The second panel, after the GFLOPS/$ bars: one axis per class, three classes.
        const auto second =
            by_peak.find(">Training throughput (RTX 3090 = 1) per 1,000 USD</text>");
        REQUIRE(second != std::string::npos);
        CHECK(by_peak.find(">GFLOPS per USD</text>") < second);
        const auto panel = by_peak.substr(second);
        CHECK(count(panel, ">per 1,000 USD</text>") == 3);
        // The 3090: measured, 1.00 per $750: a solid bar, 1.33 per 1,000 USD.
        CHECK(panel.find(">1.33 ($750, n=3)</text>") != std::string::npos);
        // The Titan V estimated, the Arc A770 a guess across vendors: hollow, dashed, and said.
        const auto* titan = row_of(report, "Titan V");
        REQUIRE(titan);
        REQUIRE(titan->train_per_kusd);
        CHECK(panel.find(">" + format_number(*titan->train_per_kusd, 2) + " est. ($520, n=3)") !=
              std::string::npos);
        CHECK(panel.find(" guess ($260, n=3)") != std::string::npos);
        CHECK(count(panel, "class=\"est\"") == 2);
        CHECK(count(panel, "stroke-dasharray=\"4 2\"") == 2);
        CHECK(by_peak.find("Hollow bars, dashed: estimated") != std::string::npos);
        // The GFLOPS/$ bars above are what the card promises: none is hollow.
        CHECK(by_peak.substr(0, second).find("class=\"est\"") == std::string::npos);

        // Ranked by training the chart is the training panel itself, estimates still hollow.
        ReportOptions training;
        training.rank_by = RankBy::training;
        context.rank_by = RankBy::training;
        const auto by_training = svg_chart(build_report(o, shipped_catalog(), training), context);
        CHECK(count(by_training, "Training throughput (RTX 3090 = 1) per 1,000 USD") == 1);
        CHECK(by_training.find("What each card does") == std::string::npos);
        CHECK(count(by_training, "class=\"est\"") == 2);
        // Bandwidth ranks: the training panel follows it too.
        ReportOptions bandwidth;
        bandwidth.rank_by = RankBy::bandwidth;
        context.rank_by = RankBy::bandwidth;
        const auto by_bandwidth = svg_chart(build_report(o, shipped_catalog(), bandwidth), context);
        CHECK(by_bandwidth.find(">Training throughput (RTX 3090 = 1) per 1,000 USD</text>") !=
              std::string::npos);
    }

    // A market of three conditions, four cards (one under 10 GB), two suspect prices and an
    // outlier, in no particular order.
    std::vector<PricedObservation> mixed_market() {
        std::vector<PricedObservation> o;
        for (double p : {800.0, 820.0, 780.0, 790.0, 810.0, 805.0}) o.push_back(obs("rtx-3090", p));
        o.push_back(obs("rtx-3090", 1100, 1000));
        o.push_back(obs("rtx-3090", 250));  // suspect: under 40% of the median
        for (double p : {600.0, 610.0, 590.0})
            o.push_back(obs("rtx-3080-10gb", p, 3000, std::nullopt));
        o.push_back(obs("rtx-3090", 1.0));  // no price floor here: suspect too
        o.push_back(obs("rtx-3060-12gb", 210));
        o.push_back(obs("rtx-3070", 400));  // 8 GB: under --min-vram 10
        o.push_back(obs("rtx-3080-10gb", 900, 1000));
        o.push_back(obs("rtx-3090", 815, 2500));
        o.push_back(obs("rtx-3090", 9000));  // an outlier
        return o;
    }

    TEST_CASE("lines come in group order, within a group as read; lines no row holds are dropped") {
        const auto market = mixed_market();
        ReportOptions options;
        options.conditions = {gpuprice::schema::ConditionClass::used,
                              gpuprice::schema::ConditionClass::new_item};
        options.min_vram_gb = 10;
        const auto report = build_report(market, shipped_catalog(), options);
        // Expected: by (condition, SKU key), each group in the order it was read; not the
        // refurbished listing (2500) nor the 8 GB card.
        std::map<std::pair<int, std::string>, std::vector<std::int64_t>> groups;
        for (const auto& o : market) {
            const auto c = gpuprice::schema::condition_class(o.condition_id);
            if (c != options.conditions[0] && c != options.conditions[1]) continue;
            if (o.model == "rtx-3070") continue;
            groups[{static_cast<int>(c), o.model}].push_back(o.listing_id);
        }
        std::vector<std::int64_t> expected;
        for (const auto& [key, ids] : groups)
            expected.insert(expected.end(), ids.begin(), ids.end());
        std::vector<std::int64_t> got;
        for (const auto& l : report.listings) got.push_back(l.observation.listing_id);
        CHECK(got == expected);
        CHECK(got.size() == market.size() - 2);
        // Each line carries its own verdicts.
        int outliers = 0, suspects = 0;
        for (const auto& l : report.listings) {
            outliers += l.outlier;
            suspects += l.kept_out_as_suspect;
            CHECK(l.model_name == shipped_catalog().find_model(l.observation.model)->name);
        }
        CHECK(outliers == 1);
        CHECK(suspects == 2);

        // From lines, as report assembly reads them, the same report.
        std::vector<ListingLine> lines;
        for (const auto& o : market) lines.emplace_back().observation = o;
        const auto from_lines = build_report(std::move(lines), shipped_catalog(), options);
        REQUIRE(from_lines.listings.size() == report.listings.size());
        for (std::size_t i = 0; i < report.listings.size(); ++i) {
            CHECK(from_lines.listings[i].observation.listing_id ==
                  report.listings[i].observation.listing_id);
            CHECK(from_lines.listings[i].outlier == report.listings[i].outlier);
            CHECK(from_lines.listings[i].suspect.has_value() ==
                  report.listings[i].suspect.has_value());
        }
    }

    TEST_CASE("the rows alone, from each listing's latest price, are the full report's rows") {
        const auto market = mixed_market();
        for (const auto shipping : {Shipping::Include, Shipping::Exclude}) {
            ReportOptions options;
            options.shipping = shipping;
            options.conditions = {gpuprice::schema::ConditionClass::used,
                                  gpuprice::schema::ConditionClass::new_item};
            std::vector<gpuprice::schema::LatestPrice> prices;
            for (const auto& o : market) prices.push_back(gpuprice::schema::latest_price(o));
            const auto full = build_report(market, shipped_catalog(), options);
            const auto rows = build_report_rows(prices, shipped_catalog(), options);
            CHECK(rows.listings.empty());
            REQUIRE(rows.rows.size() == full.rows.size());
            REQUIRE(full.rows.size() == 6);
            for (std::size_t i = 0; i < rows.rows.size(); ++i) {
                const auto& a = rows.rows[i];
                const auto& b = full.rows[i];
                CHECK(a.model.key == b.model.key);
                CHECK(a.condition == b.condition);
                CHECK(a.listings == b.listings);
                CHECK(a.median_usd == b.median_usd);
                CHECK(a.outliers_removed == b.outliers_removed);
                CHECK(a.suspect_removed == b.suspect_removed);
                CHECK(a.unknown_shipping == b.unknown_shipping);
                CHECK(a.low_sample == b.low_sample);
                CHECK(a.rank == b.rank);
            }
            const auto* used = row_of(rows, "RTX 3090");
            REQUIRE(used);
            CHECK(used->suspect_removed == 2);
            CHECK(used->outliers_removed == 1);
            CHECK(row_of(rows, "RTX 3080 10GB")->unknown_shipping ==
                  (shipping == Shipping::Include ? 3 : 0));
        }
    }
}

TEST_SUITE("analysis::left_out") {
    TEST_CASE("a listing without a condition is counted apart from the conditions not reported") {
        using gpuprice::schema::ConditionClass;
        using gpuprice::schema::MatchReason;
        const std::vector<gpuprice::schema::ListingTally> tallies = {
            {MatchReason::ok, 0, 3000, 5},  // reported
            {MatchReason::ok, 0, 1000, 2},  // new: not in a used-only report
            {MatchReason::ok, 0, 0, 3},     // no conditionId, no name eBay's table knows
            {std::nullopt, 0, 0, 1},        // not matched yet, and no condition
        };
        const auto counts = left_out_counts(tallies, {}, {ConditionClass::used}, 0);
        std::map<std::string, int> by_what;
        for (const auto& c : counts) by_what[c.what] = c.count;
        CHECK(by_what ==
              std::map<std::string, int>{{"other conditions", 2}, {"condition not stated", 4}});
    }
}

TEST_SUITE("analysis::support_caveat") {
    TEST_CASE("legacy architectures and missing BF16 carry a caveat, current ones none") {
        const auto* k80 = shipped_catalog().find_model("tesla-k80");
        REQUIRE(k80);
        const auto caveat = support_caveat(shipped_catalog(), *k80);
        CHECK_FALSE(caveat.supported);
        CHECK(caveat.target == "sm_37");
        CHECK(caveat.warning.starts_with("legacy: no CUDA 12"));
        const auto* v100 = shipped_catalog().find_model("tesla-v100-pcie-16gb");
        REQUIRE(v100);
        CHECK(support_caveat(shipped_catalog(), *v100)
                  .warning.starts_with("legacy: cu126 wheels only"));
        const auto* t4 = shipped_catalog().find_model("tesla-t4");
        REQUIRE(t4);
        CHECK(support_caveat(shipped_catalog(), *t4).warning.starts_with("no bf16"));
        const auto* rtx3090 = shipped_catalog().find_model("rtx-3090");
        REQUIRE(rtx3090);
        CHECK(support_caveat(shipped_catalog(), *rtx3090).warning.empty());
    }
}

TEST_SUITE("analysis::price_history") {
    TEST_CASE("one median per night and condition, outliers removed") {
        std::vector<PricedObservation> h = {obs("rtx-3090", 800, 3000, 0.0, "2026-11-30"),
                                            obs("rtx-3090", 820, 3000, 0.0, "2026-11-30"),
                                            obs("rtx-3090", 1.0, 3000, 0.0, "2026-11-30"),
                                            obs("rtx-3090", 780, 3000, 0.0, "2026-12-01"),
                                            obs("rtx-3090", 1100, 1000, 0.0, "2026-12-01")};
        const auto nights =
            price_history(h, {}, {}, shipped_catalog(), {gpuprice::schema::ConditionClass::used},
                          Shipping::Include, gpuprice::test::us_market());
        REQUIRE(nights.size() == 2);
        CHECK(nights[0].night == "2026-11-30");
        CHECK(nights[0].median_usd == 810);
        CHECK(nights[0].outliers_removed == 1);
        CHECK(nights[1].median_usd == 780);
    }
}

TEST_SUITE("analysis::report_table") {
    TEST_CASE("legacy, no-BF16 and no-FlashAttention cards are marked in table and chart") {
        std::vector<PricedObservation> o;
        for (double p : {700.0, 750.0, 800.0}) o.push_back(obs("rtx-3090", p));
        // A V100 at this price ranks first in its class: a #1 current software no longer runs.
        for (double p : {420.0, 430.0, 440.0}) o.push_back(obs("tesla-v100-pcie-16gb", p));
        for (double p : {300.0, 310.0, 320.0}) o.push_back(obs("rtx-2080-ti", p));
        auto report = build_report(o, shipped_catalog(), {});
        const CsvContext context{"fp16", Sparsity::Dense, "2026-12-01", PriceBasis::median, "USD"};
        // software_support.csv: Volta and Turing have no BF16 and no FlashAttention-2.
        auto table = report_table(report, context, 120);
        // Volta runs on legacy cu126 wheels only, their end announced: "l", support ending, as
        // the page says it (UX P11).
        CHECK(table.find("   1 lbf  Tesla V100 PCIe 16GB") != std::string::npos);
        CHECK(table.find("l support ending") != std::string::npos);
        CHECK(table.find(" bf  RTX 2080 Ti") != std::string::npos);
        CHECK(table.find("   1  RTX 3090") != std::string::npos);
        CHECK(table.find("b no BF16") != std::string::npos);
        CHECK(table.find("no FlashAttention-2") != std::string::npos);
        CHECK(table.find("L legacy") == std::string::npos);
        // A card current software no longer runs is marked L and its bar hatched.
        for (auto& row : report.rows)
            if (row.model.key == "tesla-v100-pcie-16gb") row.support.supported = false;
        table = report_table(report, context, 120);
        CHECK(table.find("   1 Lbf  Tesla V100 PCIe 16GB") != std::string::npos);
        CHECK(table.find("L legacy: current CUDA/ROCm and PyTorch wheels no longer run") !=
              std::string::npos);
        const auto svg = svg_chart(report, context);
        CHECK(svg.find("Tesla V100 PCIe 16GB [Lbf]</text>") != std::string::npos);
        CHECK(svg.find("RTX 2080 Ti [bf]</text>") != std::string::npos);
        CHECK(svg.find("RTX 3090</text>") != std::string::npos);
        CHECK(svg.find("fill=\"url(#legacy)\"") != std::string::npos);
        // Only the cards that have none are unmarked.
        std::vector<PricedObservation> current;
        for (double p : {700.0, 750.0, 800.0}) current.push_back(obs("rtx-3090", p));
        CHECK(report_table(build_report(current, shipped_catalog(), {}), context, 120)
                  .find("marks:") == std::string::npos);
    }

    TEST_CASE("the price column is the basis in use, and --rank-by shows and charts its metric") {
        std::vector<PricedObservation> o;
        for (double p : {700.0, 750.0, 800.0}) o.push_back(obs("rtx-3090", p));
        for (double p : {1500.0, 1600.0, 1700.0}) o.push_back(obs("rtx-4090", p));
        ReportOptions options;
        options.basis = PriceBasis::lowest3;
        auto report = build_report(o, shipped_catalog(), options);
        CsvContext context{"fp16", Sparsity::Dense, "2026-12-01", PriceBasis::lowest3, "USD"};
        auto table = report_table(report, context, 120);
        // The heading names the basis and the cell is its figure (the mean of the lowest three).
        CHECK(table.find("lowest3") != std::string::npos);
        CHECK(table.find("$750") != std::string::npos);
        CHECK(table.find("ranked by GFLOPS per USD at the") != std::string::npos);

        // By VRAM: the table shows USD per GB, the chart draws GB per 1,000 USD, sorted by it.
        options = {};
        options.rank_by = RankBy::vram;
        report = build_report(o, shipped_catalog(), options);
        context = {"fp16", Sparsity::Dense, "2026-12-01", PriceBasis::median, "USD"};
        context.rank_by = RankBy::vram;
        table = report_table(report, context, 120);
        CHECK(table.find("$/GB") != std::string::npos);
        CHECK(table.find("31.2") != std::string::npos);  // $750 / 24 GB
        CHECK(table.find("ranked by USD per GB of VRAM") != std::string::npos);
        const auto svg = svg_chart(report, context);
        CHECK(svg.find(">VRAM per USD</text>") != std::string::npos);  // no precision (UX P14)
        CHECK(svg.find(">GB per 1,000 USD</text>") != std::string::npos);
        CHECK(svg.find("GFLOPS") == std::string::npos);
        // The cheaper GB (the 3090's) is the longer bar, drawn first.
        CHECK(svg.find("RTX 3090</text>") < svg.find("RTX 4090</text>"));
    }
}

}  // namespace test_price_report
