#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <set>

#include "analysis/tensor_flops.hpp"
#include "schema/rules/catalog.hpp"
#include "tests/shipped_catalog.hpp"
#include "tests/test_context.hpp"

namespace test_tensor_flops {

using gpuprice::test::shipped_catalog;

using namespace gpuprice::analysis;
using gpuprice::schema::Catalog;

namespace {

std::optional<double> tflops(const std::string& model, const std::string& p,
                             Sparsity s = Sparsity::Dense) {
    const auto* m = shipped_catalog().find_model(model);
    REQUIRE_MESSAGE(m != nullptr, model);
    return peak_tflops(shipped_catalog(), *m, p, s);
}

}  // namespace

TEST_SUITE("analysis::tensor_flops") {
    // The catalog's arithmetic must reproduce the vendors' dense figures: a wrong FMA rate, clock
    // or half-rate flag shows up here.
    // The catalog's arithmetic must reproduce the vendors' dense figures: a wrong FMA rate, clock,
    // shader count or half-rate flag shows up here. published_figures.csv lists each figure with
    // the document it comes from.
    TEST_CASE("computed dense figures match the vendors' published ones within 2%") {
        std::map<std::string, int> per_vendor;
        std::set<std::string> precisions;
        for (const auto& f : shipped_catalog().published) {
            const auto* m = shipped_catalog().find_model(f.sku);
            REQUIRE(m != nullptr);
            const auto computed = peak_tflops(shipped_catalog(), *m, f.precision);
            CAPTURE(f.sku);
            CAPTURE(f.precision);
            CAPTURE(f.tflops);
            CAPTURE(f.source);
            CAPTURE(f.line);
            REQUIRE(computed.has_value());
            CAPTURE(*computed);
            CHECK(std::abs(*computed - f.tflops) / f.tflops <= 0.02);
            CHECK_FALSE(f.source.empty());
            // A published figure that needs a clock override must say why.
            if (m->tensor_clock_mhz) CHECK_FALSE(m->clock_note.empty());
            ++per_vendor[m->vendor];
            precisions.insert(f.precision);
        }
        CHECK(shipped_catalog().published.size() >= 150);
        CHECK(per_vendor["NVIDIA"] >= 100);
        CHECK(per_vendor["AMD"] >= 40);
        CHECK(per_vendor["Intel"] >= 2);
        for (const auto& p : shipped_catalog().precisions) {
            CAPTURE(p.name);
            CHECK(precisions.count(p.name) == 1);  // every precision is checked somewhere
        }
    }

    TEST_CASE("every SKU has a source and a figure for at least one precision") {
        for (const auto& m : shipped_catalog().models) {
            CAPTURE(m.key);
            CHECK_FALSE(m.source.empty());
            CHECK(peak_tflops(shipped_catalog(), m, "fp32").has_value());
        }
    }

    TEST_CASE("tensor cores of different generations are not comparable") {
        // A100: 432 TC x 256 FMA x 2 x 1410 MHz; V100 SXM2: 640 TC x 64 FMA x 2 x 1530 MHz.
        CHECK(*tflops("a100-sxm4-40gb", "fp16") == doctest::Approx(311.87).epsilon(0.001));
        CHECK(*tflops("tesla-v100-sxm2-16gb", "fp16") == doctest::Approx(125.34).epsilon(0.001));
        CHECK(*tflops("a100-sxm4-40gb", "tf32") == doctest::Approx(155.94).epsilon(0.001));
    }

    TEST_CASE("GeForce runs FP16 with FP32 accumulate at half rate, workstation parts do not") {
        CHECK(*tflops("rtx-3090", "fp16") ==
              doctest::Approx(*tflops("rtx-3090", "fp16-fp16acc") / 2));
        CHECK(*tflops("rtx-4090", "fp16") == doctest::Approx(165.15).epsilon(0.001));
        CHECK(*tflops("rtx-4090", "fp16-fp16acc") == doctest::Approx(330.3).epsilon(0.001));
        CHECK(*tflops("rtx-4090", "int8") == doctest::Approx(660.6).epsilon(0.001));
        CHECK(*tflops("rtx-a6000", "fp16") ==
              doctest::Approx(*tflops("rtx-a6000", "fp16-fp16acc")));
        CHECK(*tflops("titan-rtx", "fp16") ==
              doctest::Approx(*tflops("titan-rtx", "fp16-fp16acc")));
    }

    TEST_CASE("precisions a card lacks are absent, never 0 or borrowed") {
        CHECK_FALSE(tflops("tesla-v100-pcie-16gb", "tf32").has_value());
        CHECK_FALSE(tflops("tesla-v100-pcie-16gb", "bf16").has_value());
        CHECK_FALSE(tflops("tesla-v100-pcie-16gb", "int8").has_value());
        CHECK_FALSE(tflops("rtx-2080-ti", "tf32").has_value());
        CHECK_FALSE(tflops("titan-rtx", "bf16").has_value());
        CHECK_FALSE(tflops("a100-pcie-80gb", "fp8").has_value());
        CHECK_FALSE(tflops("rtx-3090", "fp8").has_value());
        CHECK(tflops("rtx-4090", "fp8").has_value());
        CHECK(tflops("h100-sxm5", "fp8").has_value());
        for (const auto& p : shipped_catalog().precisions) {
            if (p.unit != gpuprice::schema::RateUnit::matrix) continue;
            CHECK_FALSE(tflops("tesla-p40", p.name).has_value());
            CHECK_FALSE(tflops("tesla-m40-24gb", p.name).has_value());
            // The MI50 runs packed FP16 on its shaders (K10), and no other matrix precision.
            CHECK(tflops("instinct-mi50-32gb", p.name).has_value() == (p.name == "fp16"));
        }
        // Packed FP16: 2 FMA per FP32 lane per clock, where the vendors rate it (K10).
        CHECK(*tflops("instinct-mi50-32gb", "fp16") == doctest::Approx(26.5).epsilon(0.01));
        CHECK(*tflops("tesla-p100-16gb", "fp16") == doctest::Approx(18.68).epsilon(0.001));
        CHECK(*tflops("rx-6800-xt", "fp16") == doctest::Approx(41.47).epsilon(0.001));
    }

    TEST_CASE("fp32 is vector FP32: shaders x 2 x boost clock, for every card") {
        // P40: 3840 CUDA cores x 2 x 1531 MHz; 3090: 10496 x 2 x 1695 MHz.
        CHECK(*tflops("tesla-p40", "fp32") == doctest::Approx(11.758).epsilon(0.001));
        CHECK(*tflops("rtx-3090", "fp32") == doctest::Approx(35.58).epsilon(0.001));
        // One FMA per lane per clock for every vendor: AMD's 61.4 for the RX 7900 XTX counts dual
        // issue, its 163.4 for the MI300X packed FP32 (precisions.csv).
        CHECK(*tflops("rx-7900-xtx", "fp32") == doctest::Approx(30.72).epsilon(0.001));
        CHECK(*tflops("instinct-mi300x", "fp32") == doctest::Approx(81.7).epsilon(0.001));
        // H100 SXM5: the tensor clock override (1830 MHz) does not apply to the shaders.
        CHECK(*tflops("h100-sxm5", "fp32") == doctest::Approx(66.9).epsilon(0.001));
    }

    // capped_rates.csv: a capped part's stated rate replaces units x clock, for exactly the
    // precisions it lists.
    TEST_CASE("a capped part reports its stated rate, not its units x clock") {
        // H20: NVIDIA's export caps; 312 tensor cores x 512 FMA x 2 x 1980 MHz would be 632.6.
        CHECK(*tflops("h20", "fp16") == doctest::Approx(148));
        CHECK(*tflops("h20", "fp16", Sparsity::Sparse) == doctest::Approx(296));
        CHECK(*tflops("h20", "fp8") == doctest::Approx(296));
        CHECK(*tflops("h20", "tf32") == doctest::Approx(74));
        CHECK(*tflops("h20", "fp32") == doctest::Approx(44));
        CHECK_FALSE(tflops("h20", "fp4").has_value());  // Hopper has none, capped or not
        // CMP 100-210: tensor cores at 1/16, FP32 at the full V100 rate (5120 x 2 x 1380 MHz).
        CHECK(*tflops("cmp-100-210", "fp16") == doctest::Approx(7.1));
        CHECK(*tflops("cmp-100-210", "fp32") == doctest::Approx(14.13).epsilon(0.001));
        // CMP 170HX: FP32 and every tensor path fused to 1/32 (0.395 of 12.6 TFLOPS FP32).
        CHECK(*tflops("cmp-170hx-8gb", "fp32") == doctest::Approx(0.395));
        CHECK(*tflops("cmp-170hx-8gb", "fp16", Sparsity::Sparse) == doctest::Approx(12.64));
        // Without its capped rows the same SKU is computed like any other Hopper part.
        auto sources = gpuprice::schema::read_catalog_sources(gpuprice::test::catalog_dir());
        sources.capped.text = "sku,precision,tflops,source\n";
        const auto uncapped = gpuprice::schema::parse_catalog(sources);
        const auto* h20 = uncapped.find_model("h20");
        REQUIRE(h20 != nullptr);
        CHECK(*peak_tflops(uncapped, *h20, "fp16") == doctest::Approx(632.6).epsilon(0.001));
        for (const auto& c : shipped_catalog().capped) {
            CAPTURE(c.sku);
            CAPTURE(c.precision);
            CHECK_FALSE(c.source.empty());
            const auto* m = shipped_catalog().find_model(c.sku);
            REQUIRE(m != nullptr);
            CHECK(*peak_tflops(shipped_catalog(), *m, c.precision) == doctest::Approx(c.tflops));
        }
    }

    TEST_CASE("a card without matrix units reports its fp32 figure, marked as such") {
        const auto* p40 = shipped_catalog().find_model("tesla-p40");
        REQUIRE(p40 != nullptr);
        const auto figure = report_figure(shipped_catalog(), *p40, "fp16", Sparsity::Dense);
        REQUIRE(figure.has_value());
        CHECK(figure->no_matrix_units);
        CHECK(figure->precision == "fp32");
        CHECK(figure->tflops == doctest::Approx(11.758).epsilon(0.001));
        // A card with tensor cores but without the precision gets nothing, not a fallback.
        const auto* t4 = shipped_catalog().find_model("tesla-t4");
        REQUIRE(t4 != nullptr);
        CHECK_FALSE(report_figure(shipped_catalog(), *t4, "tf32", Sparsity::Dense).has_value());
        const auto own = report_figure(shipped_catalog(), *t4, "fp16", Sparsity::Dense);
        REQUIRE(own.has_value());
        CHECK_FALSE(own->no_matrix_units);
    }

    TEST_CASE("the L40 runs every tensor mode at half the L40S rate, FP16 accumulate included") {
        CHECK(*tflops("l40", "fp16-fp16acc") == doctest::Approx(181.05).epsilon(0.002));
        CHECK(*tflops("l40", "fp16-fp16acc") == doctest::Approx(*tflops("l40", "fp16")));
        CHECK(*tflops("l40s", "fp16-fp16acc") ==
              doctest::Approx(2 * *tflops("l40", "fp16-fp16acc")).epsilon(0.02));
    }

    TEST_CASE("matrix units of other vendors use the same model") {
        // MI300X: 304 CUs x 1024 FP16 FMA x 2 x 2100 MHz; B580: 160 XMX engines x 256 INT8 FMA
        // x 2 x 2850 MHz (Intel's stated peak clock, above its 2670 MHz graphics clock).
        CHECK(*tflops("instinct-mi300x", "fp16") == doctest::Approx(1307.4).epsilon(0.001));
        CHECK(*tflops("arc-b580", "int8") == doctest::Approx(233.47).epsilon(0.001));
        CHECK_FALSE(tflops("instinct-mi100", "tf32").has_value());
        CHECK_FALSE(tflops("rx-7900-xtx", "fp16", Sparsity::Sparse).has_value());
        CHECK(*tflops("rx-9070-xt", "fp16", Sparsity::Sparse) ==
              doctest::Approx(2 * *tflops("rx-9070-xt", "fp16")));
    }

    TEST_CASE("sparse figures only where the architecture has sparsity, at twice the dense rate") {
        CHECK(*tflops("a100-pcie-40gb", "fp16", Sparsity::Sparse) ==
              doctest::Approx(2 * *tflops("a100-pcie-40gb", "fp16")));
        CHECK_FALSE(tflops("tesla-v100-pcie-32gb", "fp16", Sparsity::Sparse).has_value());
        CHECK_FALSE(tflops("rtx-2080-ti", "fp16", Sparsity::Sparse).has_value());
    }

    TEST_CASE("a stated tensor clock overrides the boost clock") {
        // H100 SXM5 boosts to 1980 MHz, but NVIDIA's 989.4 TFLOPS assume 1830 MHz.
        CHECK(*tflops("h100-sxm5", "fp16") == doctest::Approx(989.4).epsilon(0.001));
    }

    // Catalog audit 3, K11: a tensor clock back-solved from a rounded or misread marketing figure
    // lands above the boost clock (the RTX PRO 4500 at 2510 over 2430 MHz). Only a vendor that
    // rates its matrix peak at a higher clock than it lists (Intel's B580/B570) may do that, and
    // the note must say so.
    TEST_CASE("a tensor clock above the boost clock is one the vendor's own figures state") {
        int above = 0;
        for (const auto& m : shipped_catalog().models) {
            if (!m.tensor_clock_mhz || *m.tensor_clock_mhz <= m.boost_mhz) continue;
            CAPTURE(m.key);
            ++above;
            CHECK(m.clock_note.find("above") != std::string::npos);
            CHECK(m.vendor == "Intel");
        }
        CHECK(above == 2);  // the B580 and B570
        const auto* pro4500 = shipped_catalog().find_model("rtx-pro-4500-blackwell");
        REQUIRE(pro4500 != nullptr);
        CHECK_FALSE(pro4500->tensor_clock_mhz.has_value());
    }
}

}  // namespace test_tensor_flops
