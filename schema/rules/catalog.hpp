// The spec catalog, read from schema/catalog/*.csv: vendors, market segments, precisions,
// architectures with their throughput per clock for each precision (one row per architecture
// and precision), SKUs, software support per architecture, and the vendors' published figures
// the arithmetic is checked against. Precisions, vendors and segments are data: adding one is
// a row in a CSV file, never a change here.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>
#include "schema/rules/measurement.hpp"
#include "schema/rules/vram_classes.hpp"

namespace gpuprice::schema {

// What a precision's per-clock rate counts: matrix units (NVIDIA tensor cores, AMD compute
// units' matrix cores, Intel XMX engines) or shader ALUs (CUDA cores, stream processors).
enum class RateUnit { matrix, shader };

struct PrecisionInfo {
    std::string name;  // command-line spelling, e.g. "fp16", "fp16-fp16acc", "fp32"
    RateUnit unit = RateUnit::matrix;
    std::string description;
};

struct Vendor {
    std::string name;
    std::string source;
};

struct Segment {
    std::string name;  // e.g. "geforce", "datacenter", "radeon"
    // Consumer parts run the `consumer_half_rate` precisions of their architecture at half rate.
    bool consumer = false;
    std::string description;
    // Also listed outside Graphics/Video Cards: the families of this segment are searched in
    // the marketplace's other GPU category too (data-centre cards).
    bool other_category = false;
};

// Dense rate of one precision on one architecture.
struct Rate {
    int fma_per_clock = 0;  // per matrix unit (or per shader) per clock, full-rate part
    // What fma_per_clock counts when it is not the precision's own unit: packed FP16 on the FP32
    // lanes of an architecture without matrix units (Pascal GP100, GCN 5, RDNA 2).
    std::optional<RateUnit> unit;
    bool sparse = false;              // 2:4 structured sparsity doubles it (inference only)
    bool consumer_half_rate = false;  // consumer-segment SKUs run it at half rate
    std::string source;
};

struct Architecture {
    std::string name;  // e.g. "Ampere GA10x", "CDNA 3"
    std::string vendor;
    std::string chip;
    std::string matrix_unit;  // what tensor_cores counts on this architecture; empty: none
    int matrix_gen = 0;       // 0: no matrix units
    std::map<std::string, Rate, std::less<>> rates;  // by precision name; absent: no such mode
    std::string source;

    const Rate* rate(std::string_view precision) const;
    bool has_matrix_units() const { return matrix_gen > 0; }
};

struct GpuModel {
    // The stable id every catalog file and the database refer to, e.g. "rtx-3080-12gb"
    // (lowercase ASCII letters, digits and hyphens); never shown where `name` can be.
    std::string key;
    std::string name;  // unique display name, e.g. "RTX 3080 12GB"
    std::string vendor;
    std::string segment;
    std::string architecture;
    // The software_support.csv target, where the architecture has several (RDNA 3: gfx1100,
    // gfx1101, gfx1102); empty: the architecture's only row.
    std::string target;
    double vram_gb = 0;  // per device: what one model must fit in
    // GPUs on one board as software sees them (Tesla K80 2, MI250X 2, A16 4). vram_gb,
    // bandwidth_gbs, sms, tensor_cores and shaders are per device; tdp_w and slots per board. A
    // listing of one board is `devices` GPUs.
    int devices = 1;
    std::string memory_type;
    double bandwidth_gbs = 0;
    int sms = 0;           // SMs, compute units or Xe cores
    int tensor_cores = 0;  // matrix units per device (see Architecture::matrix_unit)
    int shaders = 0;       // FP32 lanes: CUDA cores, stream processors, Xe vector ALUs
    int boost_mhz = 0;
    // The clock the vendor's matrix peak figures assume, where that differs from boost_mhz;
    // always with a clock_note saying why. Shader (vector) figures use boost_mhz.
    std::optional<int> tensor_clock_mhz;
    std::string clock_note;
    // Precisions this SKU runs at half its architecture's rate (GeForce FP32 accumulate, L40).
    std::set<std::string, std::less<>> half_rate;
    int tdp_w = 0;
    std::optional<double> slots;  // PCIe slot width; nullopt for SXM/OAM modules
    std::string form_factor;      // PCIe, SXM2, SXM4, SXM5, OAM, ...
    std::string source;
    VramClass vram_class;  // of vram_gb, from vram_classes.csv: the report ranks within it
    // When it was launched, as precisely as its source dates it (YYYY, YYYY-MM or YYYY-MM-DD),
    // and that source: launches.csv (launch_dates.hpp), filled by load_catalog; empty if unknown.
    std::string launched;
    std::string launched_source;

    bool runs_at_half_rate(std::string_view precision) const {
        return half_rate.find(precision) != half_rate.end();
    }
};

// What today's software stack does with an architecture's target.
struct SoftwareSupport {
    std::string architecture;
    std::string target;  // compute capability (sm_86) or gfx target (gfx1100), Intel device
    std::string as_of;   // YYYY-MM-DD: when the row was last checked against its sources
    bool bf16 = false;
    bool flash_attention_2 = false;  // FlashAttention-2 builds and runs on it
    std::string toolkit;             // the CUDA / ROCm / oneAPI releases that support it
    std::string pytorch;             // the PyTorch wheels that do
    bool supported = false;          // current toolkits and PyTorch wheels run it
    std::string status;  // the report's `support` cell: "current", "legacy: no CUDA 13", ...
    std::string source;
    bool ending = false;   // runs only on legacy wheels whose end is announced
    std::string training;  // how to train on it without BF16; empty with BF16
};

// The DENSE rate of a part whose matrix (or vector) throughput is capped below what its units x
// clock give (the H20's export limits, the CMP 100-210's firmware): the figure replaces the
// arithmetic for that SKU and precision.
struct CappedRate {
    std::string sku;  // GpuModel::key
    std::string precision;
    double tflops = 0;
    std::string source;  // the published figure or measurement, and why the part is capped
};

// A vendor's published DENSE figure, kept only to check the computed one against.
struct PublishedFigure {
    std::string sku;  // GpuModel::key
    std::string precision;
    double tflops = 0;
    std::size_t line = 0;  // in published_figures.csv, for messages
    std::string source;
};

struct Catalog {
    std::vector<Vendor> vendors;
    std::vector<Segment> segments;
    std::vector<PrecisionInfo> precisions;  // in the order of precisions.csv
    std::vector<Architecture> architectures;
    std::vector<GpuModel> models;
    std::vector<SoftwareSupport> support;
    std::vector<PublishedFigure> published;
    std::vector<CappedRate> capped;
    std::vector<VramClassBound> vram_classes;  // smallest first
    // Published measurements (measured_performance.csv), filled by load_catalog: parse_catalog
    // leaves them empty and every figure estimated-or-none.
    std::vector<Measurement> measurements;
    std::string digest;  // of the spec files' names and text: unchanged digest, unchanged catalog

    const Architecture* find_architecture(std::string_view name) const;
    const GpuModel* find_model(std::string_view key) const;  // by GpuModel::key
    // The display name of the SKU `key`, or the key itself when this catalog lacks it (a verdict
    // stored under an earlier catalog).
    std::string display_name(std::string_view key) const;
    const PrecisionInfo* find_precision(std::string_view name) const;
    const Segment* find_segment(std::string_view name) const;
    const Vendor* find_vendor(std::string_view name) const;
    // The capped rate of SKU `key` for `precision`, or nullptr where the arithmetic applies.
    const CappedRate* find_capped(std::string_view key, std::string_view precision) const;
    // The model's architecture and its support row; every loaded model has both.
    const Architecture& architecture_of(const GpuModel& model) const;
    const SoftwareSupport& support_of(const GpuModel& model) const;
    // "fp16, fp16-fp16acc, ..." for help and error texts.
    std::string precision_names() const;
};

// The largest VRAM figure a data file may give, in GB: no card comes near it, and the bound keeps
// every conversion of such a figure to an integer defined.
inline constexpr double kMaxVramGb = 4096;

// One catalog file: its name (for messages) and text.
struct CatalogText {
    std::string file;
    std::string text;
};

// The files of a catalog folder.
struct CatalogSources {
    CatalogText vendors, segments, precisions, architectures, rates, skus, support, published,
        capped, vram_classes;
};

// The file names, relative to the catalog folder.
inline constexpr std::string_view kVendorsFile = "vendors.csv";
inline constexpr std::string_view kSegmentsFile = "segments.csv";
inline constexpr std::string_view kPrecisionsFile = "precisions.csv";
inline constexpr std::string_view kArchitecturesFile = "architectures.csv";
inline constexpr std::string_view kRatesFile = "architecture_rates.csv";
inline constexpr std::string_view kSkusFile = "skus.csv";
inline constexpr std::string_view kSupportFile = "software_support.csv";
inline constexpr std::string_view kPublishedFile = "published_figures.csv";
inline constexpr std::string_view kCappedFile = "capped_rates.csv";
inline constexpr std::string_view kVramClassesFile = "vram_classes.csv";

// Parses the catalog files' text; throws DataFileError naming file, line and column.
Catalog parse_catalog(const CatalogSources& sources);

// Reads the catalog files of `dir` (throws std::runtime_error naming a missing one).
CatalogSources read_catalog_sources(const std::string& dir);
// The parsed catalog with its measurements (measured_performance.hpp).
Catalog load_catalog(const std::string& dir);

}  // namespace gpuprice::schema
