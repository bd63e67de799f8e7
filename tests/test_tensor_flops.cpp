#include <doctest/doctest.h>

#include <cmath>

#include "analysis/tensor_flops.hpp"
#include "schema/rules/catalog.hpp"
#include "tests/test_context.hpp"

using namespace gpuprice::analysis;
using gpuprice::schema::Catalog;
using gpuprice::schema::Precision;

namespace {

const Catalog& catalog() {
    static const Catalog c = gpuprice::schema::load_catalog(gpuprice::test::catalog_dir());
    return c;
}

std::optional<double> tflops(const std::string& model, Precision p, Sparsity s = Sparsity::Dense) {
    const auto* m = catalog().find_model(model);
    REQUIRE_MESSAGE(m != nullptr, model);
    return tensor_tflops(*m, catalog().architecture_of(*m), p, s);
}

}  // namespace

TEST_SUITE("analysis::tensor_flops") {
    // The catalog's arithmetic must reproduce the vendors' dense figures: a wrong FMA rate, clock
    // or half-rate flag shows up here.
    TEST_CASE("computed dense figures match the vendors' published ones within 2%") {
        int checked = 0;
        for (const auto& m : catalog().models) {
            if (!m.published_tflops) continue;
            const auto computed =
                tensor_tflops(m, catalog().architecture_of(m), *m.published_precision);
            CAPTURE(m.model);
            CAPTURE(*m.published_tflops);
            REQUIRE(computed.has_value());
            CAPTURE(*computed);
            CHECK(std::abs(*computed - *m.published_tflops) / *m.published_tflops <= 0.02);
            // A published figure that needs a clock override must say why.
            if (m.tensor_clock_mhz) CHECK_FALSE(m.clock_note.empty());
            ++checked;
        }
        CHECK(checked >= 25);
    }

    TEST_CASE("tensor cores of different generations are not comparable") {
        // A100: 432 TC x 256 FMA x 2 x 1410 MHz; V100 SXM2: 640 TC x 64 FMA x 2 x 1530 MHz.
        CHECK(*tflops("A100 SXM4 40GB", Precision::fp16) == doctest::Approx(311.87).epsilon(0.001));
        CHECK(*tflops("Tesla V100 SXM2 16GB", Precision::fp16) ==
              doctest::Approx(125.34).epsilon(0.001));
        CHECK(*tflops("A100 SXM4 40GB", Precision::tf32) == doctest::Approx(155.94).epsilon(0.001));
    }

    TEST_CASE("GeForce runs FP16 with FP32 accumulate at half rate, workstation parts do not") {
        CHECK(*tflops("RTX 3090", Precision::fp16) ==
              doctest::Approx(*tflops("RTX 3090", Precision::fp16_fp16acc) / 2));
        CHECK(*tflops("RTX 4090", Precision::fp16) == doctest::Approx(165.15).epsilon(0.001));
        CHECK(*tflops("RTX 4090", Precision::fp16_fp16acc) ==
              doctest::Approx(330.3).epsilon(0.001));
        CHECK(*tflops("RTX 4090", Precision::int8) == doctest::Approx(660.6).epsilon(0.001));
        CHECK(*tflops("RTX A6000", Precision::fp16) ==
              doctest::Approx(*tflops("RTX A6000", Precision::fp16_fp16acc)));
        CHECK(*tflops("Titan RTX", Precision::fp16) ==
              doctest::Approx(*tflops("Titan RTX", Precision::fp16_fp16acc)));
    }

    TEST_CASE("precisions a card lacks are absent, never 0 or borrowed") {
        CHECK_FALSE(tflops("Tesla V100 PCIe 16GB", Precision::tf32).has_value());
        CHECK_FALSE(tflops("Tesla V100 PCIe 16GB", Precision::bf16).has_value());
        CHECK_FALSE(tflops("Tesla V100 PCIe 16GB", Precision::int8).has_value());
        CHECK_FALSE(tflops("RTX 2080 Ti", Precision::tf32).has_value());
        CHECK_FALSE(tflops("Titan RTX", Precision::bf16).has_value());
        CHECK_FALSE(tflops("A100 PCIe 80GB", Precision::fp8).has_value());
        CHECK_FALSE(tflops("RTX 3090", Precision::fp8).has_value());
        CHECK(tflops("RTX 4090", Precision::fp8).has_value());
        CHECK(tflops("H100 SXM5", Precision::fp8).has_value());
        for (auto p : gpuprice::schema::kAllPrecisions) {
            CHECK_FALSE(tflops("Tesla P40", p).has_value());
            CHECK_FALSE(tflops("Tesla M40 24GB", p).has_value());
        }
    }

    TEST_CASE("sparse figures only where the architecture has sparsity, at twice the dense rate") {
        CHECK(*tflops("A100 PCIe 40GB", Precision::fp16, Sparsity::Sparse) ==
              doctest::Approx(2 * *tflops("A100 PCIe 40GB", Precision::fp16)));
        CHECK_FALSE(tflops("Tesla V100 PCIe 32GB", Precision::fp16, Sparsity::Sparse).has_value());
        CHECK_FALSE(tflops("RTX 2080 Ti", Precision::fp16, Sparsity::Sparse).has_value());
    }

    TEST_CASE("a stated tensor clock overrides the boost clock") {
        // H100 SXM5 boosts to 1980 MHz, but NVIDIA's 989.4 TFLOPS assume 1830 MHz.
        CHECK(*tflops("H100 SXM5", Precision::fp16) == doctest::Approx(989.4).epsilon(0.001));
    }
}
