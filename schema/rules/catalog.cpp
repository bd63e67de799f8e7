#include "schema/rules/catalog.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "schema/rules/csv_reader.hpp"

namespace gpuprice::schema {

namespace {

constexpr std::array<std::string_view, kPrecisionCount> kPrecisionNames = {
    "fp16", "fp16-fp16acc", "bf16", "tf32", "fp8", "int8"};
// Column names in architectures.csv, in Precision order.
constexpr std::array<std::string_view, kPrecisionCount> kFmaColumns = {
    "fma_fp16_fp32acc", "fma_fp16_fp16acc", "fma_bf16", "fma_tf32", "fma_fp8", "fma_int8"};

bool parse_bool(const CsvTable& table, const CsvRecord& row, std::string_view column) {
    const auto& value = table.text(row, column);
    if (value == "yes") return true;
    if (value == "no") return false;
    table.fail(row, column, "'" + value + "' is not yes or no");
}

// A ';'-separated list of precisions, each of which must exist on `arch`.
std::array<bool, kPrecisionCount> parse_precision_list(const CsvTable& table, const CsvRecord& row,
                                                       std::string_view column,
                                                       const std::string& value,
                                                       const Architecture& arch) {
    std::array<bool, kPrecisionCount> result{};
    std::stringstream items(value);
    std::string name;
    while (std::getline(items, name, ';')) {
        if (name.empty()) continue;
        const auto precision = parse_precision(name);
        if (!precision) table.fail(row, column, "unknown precision '" + name + "'");
        if (!arch.fma(*precision)) {
            table.fail(row, column, "'" + name + "' is halved but does not exist on " + arch.name);
        }
        result[static_cast<std::size_t>(*precision)] = true;
    }
    return result;
}

Architecture parse_architecture(const CsvTable& table, const CsvRecord& row) {
    Architecture arch;
    arch.name = table.required_text(row, "architecture");
    arch.chip = table.required_text(row, "chip");
    arch.tensor_core_gen = table.integer(row, "tensor_core_gen");
    for (std::size_t i = 0; i < kPrecisionCount; ++i) {
        arch.fma_per_clock[i] = table.optional_integer(row, kFmaColumns[i]);
        if (arch.fma_per_clock[i] && arch.tensor_core_gen == 0) {
            table.fail(row, kFmaColumns[i], "an architecture without tensor cores has no FMA rate");
        }
    }
    arch.sparsity = parse_bool(table, row, "sparsity");
    arch.geforce_half_rate = parse_precision_list(table, row, "geforce_half_rate",
                                                  table.text(row, "geforce_half_rate"), arch);
    arch.source = table.required_text(row, "source");
    return arch;
}

Segment parse_segment(const CsvTable& table, const CsvRecord& row) {
    const auto& value = table.text(row, "segment");
    for (auto s : {Segment::geforce, Segment::titan, Segment::workstation, Segment::datacenter}) {
        if (value == segment_name(s)) return s;
    }
    table.fail(row, "segment", "'" + value + "' is not geforce, titan, workstation or datacenter");
}

GpuModel parse_model(const CsvTable& table, const CsvRecord& row, const Catalog& catalog) {
    GpuModel m;
    m.model = table.required_text(row, "model");
    m.vendor = table.required_text(row, "vendor");
    m.family = table.required_text(row, "family");
    m.segment = parse_segment(table, row);
    m.architecture = table.required_text(row, "architecture");
    const Architecture* arch = catalog.find_architecture(m.architecture);
    if (!arch) table.fail(row, "architecture", "unknown architecture '" + m.architecture + "'");
    m.vram_gb = table.number(row, "vram_gb");
    if (m.vram_gb <= 0) table.fail(row, "vram_gb", "must be positive");
    m.memory_type = table.required_text(row, "memory_type");
    m.bandwidth_gbs = table.number(row, "bandwidth_gbs");
    m.sms = table.integer(row, "sms");
    m.tensor_cores = table.integer(row, "tensor_cores");
    if ((m.tensor_cores > 0) != (arch->tensor_core_gen > 0)) {
        table.fail(row, "tensor_cores",
                   "disagrees with architecture '" + arch->name + "' about having tensor cores");
    }
    m.boost_mhz = table.integer(row, "boost_mhz");
    if (m.boost_mhz <= 0) table.fail(row, "boost_mhz", "must be positive");
    m.tensor_clock_mhz = table.optional_integer(row, "tensor_clock_mhz");
    m.clock_note = table.text(row, "clock_note");
    if (m.tensor_clock_mhz && m.clock_note.empty()) {
        table.fail(row, "clock_note", "a tensor_clock_mhz override needs a note saying why");
    }
    const auto& half_rate = table.text(row, "half_rate");
    m.half_rate = half_rate == "geforce"
                      ? arch->geforce_half_rate
                      : parse_precision_list(table, row, "half_rate", half_rate, *arch);
    // A GeForce card at full rate would overstate its training FLOPS twofold: make it explicit.
    const bool arch_halves_geforce =
        std::find(arch->geforce_half_rate.begin(), arch->geforce_half_rate.end(), true) !=
        arch->geforce_half_rate.end();
    if (m.segment == Segment::geforce && arch_halves_geforce && half_rate.empty()) {
        table.fail(row, "half_rate", "a GeForce " + arch->name + " card must say 'geforce'");
    }
    m.tdp_w = table.integer(row, "tdp_w");
    m.slots = table.optional_number(row, "slots");
    m.form_factor = table.required_text(row, "form_factor");
    m.published_tflops = table.optional_number(row, "published_tflops");
    const auto& published_precision = table.text(row, "published_precision");
    if (!published_precision.empty()) {
        m.published_precision = parse_precision(published_precision);
        if (!m.published_precision) {
            table.fail(row, "published_precision",
                       "unknown precision '" + published_precision + "'");
        }
    }
    if (m.published_tflops.has_value() != m.published_precision.has_value()) {
        table.fail(row, "published_precision",
                   "published_tflops and published_precision go together");
    }
    m.source = table.required_text(row, "source");
    return m;
}

}  // namespace

std::string_view precision_name(Precision p) {
    return kPrecisionNames[static_cast<std::size_t>(p)];
}

std::optional<Precision> parse_precision(std::string_view name) {
    for (auto p : kAllPrecisions) {
        if (precision_name(p) == name) return p;
    }
    return std::nullopt;
}

std::string_view segment_name(Segment s) {
    switch (s) {
        case Segment::geforce:
            return "geforce";
        case Segment::titan:
            return "titan";
        case Segment::workstation:
            return "workstation";
        case Segment::datacenter:
            return "datacenter";
    }
    return "";
}

const Architecture* Catalog::find_architecture(std::string_view name) const {
    for (const auto& a : architectures) {
        if (a.name == name) return &a;
    }
    return nullptr;
}

const GpuModel* Catalog::find_model(std::string_view name) const {
    for (const auto& m : models) {
        if (m.model == name) return &m;
    }
    return nullptr;
}

const Architecture& Catalog::architecture_of(const GpuModel& model) const {
    return *find_architecture(model.architecture);
}

Catalog parse_catalog(std::string_view architectures_csv, const std::string& architectures_file,
                      std::string_view skus_csv, const std::string& skus_file) {
    Catalog catalog;
    const CsvTable archs(architectures_csv, architectures_file);
    for (const auto& row : archs.rows()) {
        auto arch = parse_architecture(archs, row);
        if (catalog.find_architecture(arch.name)) {
            archs.fail(row, "architecture", "'" + arch.name + "' is listed twice");
        }
        catalog.architectures.push_back(std::move(arch));
    }
    const CsvTable skus(skus_csv, skus_file);
    for (const auto& row : skus.rows()) {
        auto model = parse_model(skus, row, catalog);
        if (catalog.find_model(model.model)) {
            skus.fail(row, "model", "'" + model.model + "' is listed twice");
        }
        catalog.models.push_back(std::move(model));
    }
    return catalog;
}

Catalog load_catalog(const std::string& dir) {
    const std::string archs = dir + "/architectures.csv";
    const std::string skus = dir + "/skus.csv";
    return parse_catalog(read_text_file(archs), archs, read_text_file(skus), skus);
}

}  // namespace gpuprice::schema
