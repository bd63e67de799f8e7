// Boards that carry several GPUs (Tesla K80, M60, M10, MI250/MI250X, A16, dual Arc Pro B60) are
// one skus.csv row per device with a `devices` count: VRAM classes use one device's memory (what
// one model must fit in), while a listing, one board, counts all its devices in the report's
// figures and in a plan.
#include <doctest/doctest.h>

#include <cmath>

#include "analysis/box_planner.hpp"
#include "analysis/price_report.hpp"
#include "analysis/report_csv.hpp"
#include "analysis/tensor_flops.hpp"
#include "schema/rules/attribute_rules.hpp"
#include "schema/rules/catalog.hpp"
#include "tests/shipped_catalog.hpp"
#include "tests/test_context.hpp"

namespace test_multi_device_boards {

using gpuprice::test::shipped_catalog;

using namespace gpuprice;

namespace {

schema::PricedObservation board(const std::string& sku, double usd, std::int64_t id) {
    schema::PricedObservation o;
    o.listing_id = id;
    o.item_id = "v1|" + std::to_string(id) + "|0";
    o.model = sku;
    o.condition_id = 3000;
    o.price_cents = std::llround(usd * 100);
    o.shipping_cents = 0;
    o.observed_on = "2026-12-01";
    return o;
}

}  // namespace

TEST_SUITE("schema::multi_device_boards") {
    TEST_CASE("multi-GPU boards are per-device rows with a device count") {
        struct Board {
            const char* key;
            int devices;
            double vram_gb;
        };
        for (const auto& b :
             {Board{"tesla-k80", 2, 12}, Board{"tesla-m60", 2, 8}, Board{"tesla-m10", 4, 8},
              Board{"instinct-mi250", 2, 64}, Board{"instinct-mi250x", 2, 64}, Board{"a16", 4, 16},
              Board{"arc-pro-b60-dual", 2, 24}}) {
            CAPTURE(b.key);
            const auto* m = shipped_catalog().find_model(b.key);
            REQUIRE(m != nullptr);
            CHECK(m->devices == b.devices);
            CHECK(m->vram_gb == b.vram_gb);
        }
        CHECK(shipped_catalog().find_model("a16-per-gpu") == nullptr);  // one A16 row, not two
        CHECK(shipped_catalog().find_model("rtx-3090")->devices == 1);
    }

    TEST_CASE("a listing of one board counts its devices: TFLOPS, bandwidth and USD per GB") {
        const auto* k80 = shipped_catalog().find_model("tesla-k80");
        REQUIRE(k80 != nullptr);
        const double per_gpu = *analysis::peak_tflops(shipped_catalog(), *k80, "fp32");
        CHECK(per_gpu == doctest::Approx(4.368).epsilon(0.001));  // 2496 x 2 x 875 MHz
        analysis::ReportOptions options;
        options.precision = "fp32";
        const auto report = analysis::build_report(
            {board("tesla-k80", 40, 1), board("tesla-k80", 50, 2), board("tesla-k80", 60, 3)},
            shipped_catalog(), options);
        REQUIRE(report.rows.size() == 1);
        const auto& row = report.rows[0];
        CHECK(row.vram_class.label == "10-12 GB");  // one device's 12 GB, not the board's 24
        CHECK(*row.tflops == doctest::Approx(2 * per_gpu));
        CHECK(*row.gflops_per_usd == doctest::Approx(2 * per_gpu * 1000 / 50));
        CHECK(*row.bandwidth_gbs_per_usd == doctest::Approx(2 * 240.0 / 50));
        CHECK(*row.usd_per_gb_vram == doctest::Approx(50.0 / 24));
        const auto csv = analysis::report_csv(report, {"fp32", analysis::Sparsity::Dense, "x"});
        CHECK(test::csv_cell(csv, "Tesla K80", "devices") == "2");
        CHECK(test::csv_cell(csv, "Tesla K80", "vram_gb") == "12");
    }

    TEST_CASE("a plan of boards counts their GPUs; watts and slots stay per board") {
        analysis::ReportOptions options;
        options.precision = "fp32";
        std::vector<schema::PricedObservation> listings;
        for (int i = 1; i <= 4; ++i) listings.push_back(board("tesla-k80", 40 + i, i));
        const auto report = analysis::build_report(listings, shipped_catalog(), options);
        const auto rules = schema::load_attribute_rules(test::catalog_dir(), shipped_catalog());
        analysis::BoxOptions box;
        box.min_count = box.max_count = 2;
        box.budget_usd = 1000;
        box.today = "2026-12-01";
        const auto result = analysis::plan_boxes(report, shipped_catalog(), rules, options, box);
        REQUIRE(result.plans.size() == 1);
        const auto& plan = result.plans[0];
        const auto* k80 = shipped_catalog().find_model("tesla-k80");
        CHECK(plan.count == 2);
        CHECK(plan.total_vram_gb == 2 * 2 * 12);
        CHECK(plan.total_bandwidth_gbs == 2 * 2 * 240);
        CHECK(*plan.total_tflops ==
              doctest::Approx(4 * *analysis::peak_tflops(shipped_catalog(), *k80, "fp32")));
        CHECK(plan.total_watts == 2 * 300);
        CHECK(plan.slots_used == 4);  // passive boards side by side
        bool says_devices = false;
        for (const auto& c : plan.caveats) {
            says_devices =
                says_devices || c == "2 GPUs per board: software sees 4 devices of 12 GB";
        }
        CHECK(says_devices);
    }
}

}  // namespace test_multi_device_boards
