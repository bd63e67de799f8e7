#include "analysis/report_table.hpp"

#include "analysis/csv_format.hpp"

namespace gpuprice::analysis {

namespace {

std::string money(double usd) {
    return "$" + format_number(usd, 0);
}

std::string signed_percent(const std::optional<double>& pct) {
    if (!pct) return "";
    return (*pct >= 0 ? "+" : "") + format_number(*pct, 1) + "%";
}

}  // namespace

std::string report_table(const Report& report, const CsvContext& context) {
    const auto label = precision_label(context.precision, context.sparsity);
    std::string out;
    std::string condition;
    int upper = -1;
    std::vector<std::vector<std::string>> block;
    const std::vector<std::string> header = {
        "rank", "model",           "vram",     "median", "p25-p75", "listings", "cleared",
        "sold", "tflops " + label, "gflops/$", "tdp_w",  "slots",   "7d",       "30d",
        "notes"};
    auto flush = [&] {
        if (!block.empty()) out += format_table(header, block) + "\n";
        block.clear();
    };
    for (const auto& row : report.rows) {
        if (row.condition != condition) {
            flush();
            condition = row.condition;
            upper = -1;
            out += "== " + condition + " (as of " + context.as_of + ", " + label +
                   (context.sparsity == Sparsity::Sparse ? ", sparse: inference only" : "") +
                   ", ranked by " + std::string(price_basis_label(context.basis)) + ") ==\n";
        }
        if (row.vram_class.upper_gb != upper) {
            flush();
            upper = row.vram_class.upper_gb;
            out += "-- " + row.vram_class.label + " --\n";
        }
        std::string notes;
        if (row.low_sample) notes += "low sample; ";
        if (row.outliers_removed) notes += std::to_string(row.outliers_removed) + " outliers; ";
        if (row.unknown_shipping)
            notes += std::to_string(row.unknown_shipping) + " unknown shipping; ";
        if (!notes.empty()) notes.resize(notes.size() - 2);
        const auto& m = *row.model;
        block.push_back(
            {row.rank ? std::to_string(*row.rank) : "-", m.model, format_number(m.vram_gb, 0),
             row.listings ? money(row.median_usd) : "-",
             row.listings ? money(row.p25_usd) + "-" + money(row.p75_usd) : "-",
             std::to_string(row.listings),
             row.cleared_median_usd
                 ? money(*row.cleared_median_usd) + " n=" + std::to_string(row.cleared_listings)
                 : "-",
             row.sold_median_usd ? money(*row.sold_median_usd) +
                                       " n=" + std::to_string(row.sold_listings.value_or(0))
                                 : "-",
             row.tflops ? format_number(*row.tflops, 1) : "-",
             row.gflops_per_usd ? format_number(*row.gflops_per_usd, 1) : "-",
             std::to_string(m.tdp_w), m.slots ? format_number(*m.slots, 0) : "SXM",
             signed_percent(row.change_7d_pct), signed_percent(row.change_30d_pct), notes});
    }
    flush();
    if (report.rows.empty()) out = "no matched listings for these conditions and filters\n";
    return out;
}

}  // namespace gpuprice::analysis
