#include "analysis/recommend.hpp"

#include <algorithm>

#include "analysis/csv_format.hpp"

namespace gpuprice::analysis {

std::vector<Recommendation> recommend(const Report& report, const RecommendOptions& options,
                                      const std::string& precision_label) {
    std::vector<Recommendation> picks;
    for (const auto& row : report.rows) {
        if (!row.rank || !row.gflops_per_usd || !row.basis_usd) continue;
        if (!row.model->slots && !options.include_sxm) continue;
        Recommendation r;
        r.row = &row;
        r.total_usd = *row.basis_usd * options.count;
        r.total_tdp_w = row.model->tdp_w * options.count;
        if (row.model->slots) r.total_slots = *row.model->slots * options.count;
        if (r.total_usd > options.budget_usd) continue;
        if (options.max_watts && r.total_tdp_w > *options.max_watts) continue;
        picks.push_back(r);
    }
    std::stable_sort(picks.begin(), picks.end(),
                     [](const Recommendation& a, const Recommendation& b) {
                         if (a.row->vram_class.upper_gb != b.row->vram_class.upper_gb) {
                             return a.row->vram_class.upper_gb > b.row->vram_class.upper_gb;
                         }
                         return *a.row->gflops_per_usd > *b.row->gflops_per_usd;
                     });
    if (static_cast<int>(picks.size()) > options.results)
        picks.resize(static_cast<std::size_t>(options.results));
    for (auto& p : picks) {
        const auto& row = *p.row;
        const auto& m = *row.model;
        std::string line = (options.count > 1 ? std::to_string(options.count) + " x " : "") +
                           m.model + " (" + format_number(m.vram_gb, 0) + " GB, " +
                           row.vram_class.label + " class, " + row.condition +
                           "): " + std::string(price_basis_label(options.basis)) + " $" +
                           format_number(*row.basis_usd, 0) + " (" + std::to_string(row.listings) +
                           " listings now";
        if (options.basis == PriceBasis::cleared)
            line += ", " + std::to_string(row.cleared_listings) + " cleared";
        if (options.basis == PriceBasis::sold)
            line += ", " + std::to_string(row.sold_listings.value_or(0)) + " sold";
        line += ")";
        if (options.count > 1) line += ", $" + format_number(p.total_usd, 0) + " in all";
        line += " of $" + format_number(options.budget_usd, 0) + "; " +
                format_number(*row.tflops, 1) + " TFLOPS " + precision_label + " = " +
                format_number(*row.gflops_per_usd, 1) + " GFLOPS/$, #" + std::to_string(*row.rank) +
                " in its class; " + std::to_string(p.total_tdp_w) + " W";
        line += p.total_slots ? ", " + format_number(*p.total_slots, 0) + " slots"
                              : ", SXM module(s): needs an SXM board";
        p.reasoning = line;
    }
    return picks;
}

}  // namespace gpuprice::analysis
