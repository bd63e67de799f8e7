#include <iostream>

#include "analysis/card_performance.hpp"
#include "analysis/csv_format.hpp"
#include "analysis/report_csv.hpp"
#include "analysis/tensor_flops.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output_format.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

namespace {

struct SpecsOptions {
    std::string precision = "fp16";
    analysis::Sparsity sparsity = analysis::Sparsity::Dense;
    bool csv = false;
};

std::string slots_text(const schema::GpuModel& m) {
    return m.slots
               ? analysis::format_number(*m.slots, *m.slots == static_cast<int>(*m.slots) ? 0 : 1)
               : std::string();
}

// train_rel, train_basis, llm_tg_tok_s, llm_pp_tok_s, llm_basis (per device; measured or
// estimated, analysis/card_performance.hpp). llm_basis is generation's, prompt processing's when
// there is no generation figure.
void perf_cells(analysis::CsvLine& line, const analysis::CardPerformance& perf) {
    const auto value = [](const std::optional<analysis::PerfFigure>& f) {
        return f ? std::optional(f->value) : std::nullopt;
    };
    const auto basis = [](const std::optional<analysis::PerfFigure>& f) {
        return f ? std::string(analysis::perf_basis_name(f->basis)) : std::string();
    };
    line.number(value(perf.train_rel), 2)
        .text(basis(perf.train_rel))
        .number(value(perf.llm_tg_tok_s), 1)
        .number(value(perf.llm_pp_tok_s), 0)
        .text(perf.llm_tg_tok_s ? basis(perf.llm_tg_tok_s) : basis(perf.llm_pp_tok_s));
}

}  // namespace

// Prints the catalog with tensor TFLOPS computed from architecture and SKU.
int command_specs(const GlobalOptions& global, const std::vector<std::string>& args) {
    po::options_description options("specs options");
    std::string precision = "fp16";
    std::string format = "table";
    options.add_options()("precision", po::value(&precision)->default_value(precision),
                          "a precision of precisions.csv: fp16 (FP32 accumulate), fp16-fp16acc, "
                          "bf16, tf32, fp8, int8, fp4 or fp32")(
        "sparse", "show 2:4-sparse figures (inference only) instead of dense")(
        "format", po::value(&format)->default_value(format), "table or csv");
    const auto vm = parse_command_options(
        "specs", "Print the spec catalog with computed dense tensor TFLOPS.", options, args);
    if (!vm) return kExitOk;
    SpecsOptions opts;
    const auto rules = load_rules(global);
    const auto& catalog = rules.catalog;
    opts.precision = precision_option(catalog, precision);
    if (vm->count("sparse")) opts.sparsity = analysis::Sparsity::Sparse;
    opts.csv = output_format_option(format) == OutputFormat::csv;

    const auto label = analysis::precision_label(opts.precision, opts.sparsity);
    if (opts.csv) {
        std::cout << "model,architecture,vram_gb,tensor_cores,boost_mhz,tdp_w,slots,tflops,"
                     "precision,sparse,segment,form_factor,memory_type,bandwidth_gbs,source,"
                     "vendor,shaders,tensor_clock_mhz,clock_note,target,support,key,devices,"
                     "flash_attention_2,train_rel,train_basis,llm_tg_tok_s,llm_pp_tok_s,"
                     "llm_basis,launched\r\n";
    }
    const auto performance = analysis::performance_table(catalog);
    std::vector<std::vector<std::string>> table;
    for (const auto& m : catalog.models) {
        const auto& perf = performance.at(m.key);
        const auto tflops = analysis::peak_tflops(catalog, m, opts.precision, opts.sparsity);
        const auto& support = catalog.support_of(m);
        if (opts.csv) {
            analysis::CsvLine line;
            line.text(m.name)
                .text(m.architecture)
                .number(m.vram_gb, 0)
                .integer(m.tensor_cores)
                .integer(m.boost_mhz)
                .integer(m.tdp_w)
                .number(m.slots, 1)
                .number(tflops, 1)
                .text(opts.precision)
                .text(opts.sparsity == analysis::Sparsity::Sparse ? "yes" : "no")
                .text(m.segment)
                .text(m.form_factor)
                .text(m.memory_type)
                .number(m.bandwidth_gbs, 0)
                .text(m.source)
                .text(m.vendor)
                .integer(m.shaders);
            if (m.tensor_clock_mhz) {
                line.integer(*m.tensor_clock_mhz);
            } else {
                line.empty();
            }
            line.text(m.clock_note)
                .text(support.target)
                .text(support.status)
                .text(m.key)
                .integer(m.devices)
                .text(support.flash_attention_2 ? "yes" : "no");
            perf_cells(line, perf);
            line.text(m.launched);
            std::cout << line.str();
        } else {
            table.push_back({m.name, m.vendor, m.architecture,
                             analysis::format_number(m.vram_gb, 0), std::to_string(m.tensor_cores),
                             std::to_string(m.boost_mhz), std::to_string(m.tdp_w), slots_text(m),
                             analysis::dash_or(tflops, 1), support.status});
        }
    }
    if (!opts.csv) {
        std::cout << analysis::format_table(
            {"model", "vendor", "architecture", "vram_gb", "matrix_units", "boost_mhz", "tdp_w",
             "slots", "tflops " + label, "support"},
            table);
    }
    return kExitOk;
}

}  // namespace gpuprice::cli
