// Precisions, vendors and segments are data: a catalog folder with one more vendor, segment,
// precision, architecture and SKU (CSV rows only, as README.md's "Adding a card" says) loads,
// computes, matches titles and reports, with no code change.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "analysis/price_report.hpp"
#include "analysis/report_csv.hpp"
#include "analysis/tensor_flops.hpp"
#include "analysis/title_matcher.hpp"
#include "schema/rules/attribute_rules.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/match_rules.hpp"
#include "tests/test_context.hpp"

namespace test_new_vendor {

using namespace gpuprice;

namespace {

void append(const std::filesystem::path& file, const std::string& rows) {
    std::ofstream out(file, std::ios::app);
    out << rows;
}

// The rows README.md shows for an illustrative accelerator of a vendor the catalog lacks.
void add_new_vendor(const std::filesystem::path& dir) {
    append(dir / "vendors.csv", "Tenstorrent,https://tenstorrent.com/\n");
    append(dir / "segments.csv", "accelerator,no,PCIe AI accelerator cards,no\n");
    append(dir / "precisions.csv", "bfp8,matrix,\"block FP8 inputs (Tenstorrent)\"\n");
    append(dir / "architectures.csv",
           "Wormhole,Tenstorrent,Wormhole,Tensix core (matrix engine),1,\"vendor datasheet\"\n");
    append(dir / "architecture_rates.csv",
           "Wormhole,fp16,256,no,no,,\"vendor datasheet\"\n"
           "Wormhole,bfp8,512,no,no,,\"vendor datasheet\"\n"
           "Wormhole,fp32,1,no,no,,\"vendor datasheet\"\n");
    append(dir / "skus.csv",
           "wormhole-n300,Wormhole n300,Tenstorrent,accelerator,Wormhole,,24,1,GDDR6,576,128,128,"
           "4096,1000,,,,300,2,PCIe,\"vendor product page\"\n");
    append(dir / "software_support.csv",
           "Wormhole,tt-metal,2026-12-03,yes,no,TT-Metalium,PyTorch via TT-NN,yes,"
           "current (TT-Metalium),\"vendor documentation\",no,\n");
    append(dir / "published_figures.csv",
           "wormhole-n300,fp16,65.5,\"vendor datasheet (illustrative)\"\n"
           "wormhole-n300,bfp8,131,\"vendor datasheet (illustrative)\"\n");
    append(dir / "aliases.csv", "n300,wormhole-n300\nwormhole n300,wormhole-n300\n");
    append(dir / "segment_coolers.csv", "accelerator,passive,\"vendor product page\"\n");
}

schema::PricedObservation listing(double usd, std::int64_t id) {
    schema::PricedObservation o;
    o.listing_id = id;
    o.model = "wormhole-n300";
    o.condition_id = 3000;
    o.price_cents = static_cast<std::int64_t>(usd * 100);
    o.shipping_cents = 0;
    o.observed_on = "2026-12-01";
    return o;
}

}  // namespace

TEST_SUITE("schema::catalog extension") {
    TEST_CASE("a new vendor, precision and card are CSV rows only, and get reported") {
        test::TempDir dir;
        for (const auto& entry : std::filesystem::directory_iterator(test::catalog_dir())) {
            if (entry.path().extension() == ".csv") {
                std::filesystem::copy_file(entry.path(), dir.path() / entry.path().filename());
            }
        }
        add_new_vendor(dir.path());

        const auto catalog = schema::load_catalog(dir.path().string());
        const auto* card = catalog.find_model("wormhole-n300");
        REQUIRE(card != nullptr);
        // 128 units x 256 FMA x 2 x 1000 MHz; the new precision at twice that.
        CHECK(*analysis::peak_tflops(catalog, *card, "fp16") == doctest::Approx(65.536));
        CHECK(*analysis::peak_tflops(catalog, *card, "bfp8") == doctest::Approx(131.072));
        CHECK_FALSE(analysis::peak_tflops(catalog, *card, "tf32").has_value());
        // The new precision exists for the command line and for other cards (absent there).
        CHECK(catalog.precision_names().find("bfp8") != std::string::npos);
        const auto* rtx = catalog.find_model("rtx-3090");
        REQUIRE(rtx != nullptr);
        CHECK_FALSE(analysis::peak_tflops(catalog, *rtx, "bfp8").has_value());

        const auto rules = schema::load_match_rules(dir.path().string(), catalog);
        // The planner's cooler rules: the new segment's row covers the card.
        const auto attributes = schema::load_attribute_rules(dir.path().string(), catalog);
        CHECK(attributes.reference_cooler(*card) == schema::Cooler::passive);
        const analysis::TitleMatcher matcher(catalog, rules);
        const auto matched = matcher.match("Tenstorrent Wormhole n300 24GB AI accelerator card");
        CHECK(matched.reason == schema::MatchReason::ok);
        REQUIRE(matched.model != nullptr);
        CHECK(matched.model->key == "wormhole-n300");

        std::vector<schema::PricedObservation> observations = {listing(1300, 1), listing(1400, 2),
                                                               listing(1500, 3)};
        analysis::ReportOptions options;
        options.precision = "bfp8";
        const auto report = analysis::build_report(observations, catalog, options);
        REQUIRE(report.rows.size() == 1);
        CHECK(report.rows[0].rank == 1);
        const auto csv = analysis::report_csv(report, {"bfp8", analysis::Sparsity::Dense, "x"});
        CHECK(csv.find("used,24,1,Wormhole n300,Wormhole,24,3,0,1400.00,1350.00,1450.00,1300.00,"
                       "bfp8,131.1,93.62,300,2.0,no,x,") != std::string::npos);
        // Then what the card does: no measurement of a Tenstorrent card, and none alike of its
        // vendor, so an estimate across vendors (shown, marked; see card_performance.hpp).
        CHECK(csv.find(",current (TT-Metalium),1,no,tflops,") != std::string::npos);
    }
}

}  // namespace test_new_vendor
