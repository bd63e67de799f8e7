// The spec catalog: GPU architectures (tensor-core throughput per clock) and SKUs (how many
// tensor cores at what clock, VRAM, power, size), read from schema/catalog/*.csv.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuprice::schema {

// Tensor precisions. fp16 means FP16 inputs with FP32 accumulate (the training figure).
enum class Precision { fp16, fp16_fp16acc, bf16, tf32, fp8, int8 };
inline constexpr std::size_t kPrecisionCount = 6;
inline constexpr std::array<Precision, kPrecisionCount> kAllPrecisions = {
    Precision::fp16, Precision::fp16_fp16acc, Precision::bf16,
    Precision::tf32, Precision::fp8,          Precision::int8};

// Command-line spelling: fp16, fp16-fp16acc, bf16, tf32, fp8, int8.
std::string_view precision_name(Precision p);
std::optional<Precision> parse_precision(std::string_view name);

enum class Segment { geforce, titan, workstation, datacenter };
std::string_view segment_name(Segment s);

struct Architecture {
    std::string name;  // e.g. "Ampere GA10x"
    std::string chip;
    int tensor_core_gen = 0;  // 0: no tensor cores
    // Dense FMA per clock per tensor core on a full-rate part; nullopt: precision absent.
    std::array<std::optional<int>, kPrecisionCount> fma_per_clock{};
    bool sparsity = false;  // 2:4 structured sparsity doubles the rate
    // Precisions that GeForce parts of this architecture run at half rate.
    std::array<bool, kPrecisionCount> geforce_half_rate{};
    std::string source;

    std::optional<int> fma(Precision p) const { return fma_per_clock[static_cast<std::size_t>(p)]; }
};

struct GpuModel {
    std::string model;  // unique display name, e.g. "RTX 3080 12GB"
    std::string vendor;
    std::string family;
    Segment segment = Segment::geforce;
    std::string architecture;
    double vram_gb = 0;  // per GPU: what one model must fit in
    std::string memory_type;
    double bandwidth_gbs = 0;
    int sms = 0;
    int tensor_cores = 0;  // whole board
    int boost_mhz = 0;
    // The clock the vendor's tensor peak figures assume, where that differs from boost_mhz;
    // always with a clock_note saying why.
    std::optional<int> tensor_clock_mhz;
    std::string clock_note;
    // Precisions this SKU runs at half its architecture's rate (GeForce FP32 accumulate, L40).
    std::array<bool, kPrecisionCount> half_rate{};
    int tdp_w = 0;
    std::optional<double> slots;  // PCIe slot width; nullopt for SXM modules
    std::string form_factor;      // PCIe, SXM2, SXM4, SXM5, ...
    // The vendor's published dense figure, to check the arithmetic against.
    std::optional<double> published_tflops;
    std::optional<Precision> published_precision;
    std::string source;

    bool runs_at_half_rate(Precision p) const { return half_rate[static_cast<std::size_t>(p)]; }
};

struct Catalog {
    std::vector<Architecture> architectures;
    std::vector<GpuModel> models;

    const Architecture* find_architecture(std::string_view name) const;
    const GpuModel* find_model(std::string_view name) const;
    // The model's architecture; every loaded model has one.
    const Architecture& architecture_of(const GpuModel& model) const;
};

// Parses the two catalog files' text; throws DataFileError naming file, line and column.
Catalog parse_catalog(std::string_view architectures_csv, const std::string& architectures_file,
                      std::string_view skus_csv, const std::string& skus_file);

// Reads architectures.csv and skus.csv from `dir`.
Catalog load_catalog(const std::string& dir);

}  // namespace gpuprice::schema
