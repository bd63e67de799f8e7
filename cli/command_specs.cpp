#include <iostream>

#include "analysis/csv_format.hpp"
#include "analysis/tensor_flops.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

namespace {

struct SpecsOptions {
    schema::Precision precision = schema::Precision::fp16;
    analysis::Sparsity sparsity = analysis::Sparsity::Dense;
    bool csv = false;
};

std::string slots_text(const schema::GpuModel& m) {
    return m.slots
               ? analysis::format_number(*m.slots, *m.slots == static_cast<int>(*m.slots) ? 0 : 1)
               : std::string();
}

}  // namespace

// Prints the catalog with tensor TFLOPS computed from architecture and SKU.
int command_specs(const GlobalOptions& global, const std::vector<std::string>& args) {
    po::options_description options("specs options");
    std::string precision = "fp16";
    std::string format = "table";
    options.add_options()("precision", po::value(&precision)->default_value(precision),
                          "fp16 (FP32 accumulate), fp16-fp16acc, bf16, tf32, fp8 or int8")(
        "sparse", "show 2:4-sparse figures (inference only) instead of dense")(
        "format", po::value(&format)->default_value(format), "table or csv");
    const auto vm = parse_command_options(
        "specs", "Print the spec catalog with computed dense tensor TFLOPS.", options, args);
    if (!vm) return kExitOk;
    SpecsOptions opts;
    opts.precision = precision_option(precision);
    if (vm->count("sparse")) opts.sparsity = analysis::Sparsity::Sparse;
    if (format != "table" && format != "csv") throw UsageError("--format must be table or csv");
    opts.csv = format == "csv";

    const auto catalog = load_catalog(global);
    const std::string label = std::string(schema::precision_name(opts.precision)) +
                              (opts.sparsity == analysis::Sparsity::Sparse ? " sparse" : "");
    if (opts.csv) {
        std::cout << "model,architecture,vram_gb,tensor_cores,boost_mhz,tdp_w,slots,tflops,"
                     "precision,sparse,segment,form_factor,memory_type,bandwidth_gbs,source\r\n";
    }
    std::vector<std::vector<std::string>> table;
    for (const auto& m : catalog.models) {
        const auto tflops =
            analysis::tensor_tflops(m, catalog.architecture_of(m), opts.precision, opts.sparsity);
        if (opts.csv) {
            analysis::CsvLine line;
            line.text(m.model)
                .text(m.architecture)
                .number(m.vram_gb, 0)
                .integer(m.tensor_cores)
                .integer(m.boost_mhz)
                .integer(m.tdp_w)
                .number(m.slots, 1)
                .number(tflops, 1)
                .text(schema::precision_name(opts.precision))
                .text(opts.sparsity == analysis::Sparsity::Sparse ? "yes" : "no")
                .text(schema::segment_name(m.segment))
                .text(m.form_factor)
                .text(m.memory_type)
                .number(m.bandwidth_gbs, 0)
                .text(m.source);
            std::cout << line.str();
        } else {
            table.push_back({m.model, m.architecture, analysis::format_number(m.vram_gb, 0),
                             std::to_string(m.tensor_cores), std::to_string(m.boost_mhz),
                             std::to_string(m.tdp_w), slots_text(m),
                             tflops ? analysis::format_number(*tflops, 1) : "-"});
        }
    }
    if (!opts.csv) {
        std::cout << analysis::format_table({"model", "architecture", "vram_gb", "tensor_cores",
                                             "boost_mhz", "tdp_w", "slots", "tflops " + label},
                                            table);
    }
    return kExitOk;
}

}  // namespace gpuprice::cli
