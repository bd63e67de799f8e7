#include "analysis/report_csv.hpp"

#include "analysis/csv_format.hpp"

namespace gpuprice::analysis {

std::string precision_label(schema::Precision precision, Sparsity sparsity) {
    return std::string(schema::precision_name(precision)) +
           (sparsity == Sparsity::Sparse ? "-sparse" : "");
}

std::string report_csv(const Report& report, const CsvContext& context) {
    std::string out =
        "condition,vram_class_gb,rank,model,architecture,vram_gb,listings,outliers_removed,"
        "median_price_usd,p25_price_usd,p75_price_usd,min_price_usd,precision,tflops,"
        "gflops_per_usd,tdp_w,slots,low_sample,as_of,unknown_shipping,change_7d_pct,"
        "change_30d_pct,vram_class,form_factor,memory_type,bandwidth_gbs\r\n";
    const auto label = precision_label(context.precision, context.sparsity);
    for (const auto& row : report.rows) {
        const auto& m = *row.model;
        CsvLine line;
        line.text(row.condition).integer(row.vram_class.upper_gb);
        if (row.rank) {
            line.integer(*row.rank);
        } else {
            line.empty();
        }
        line.text(m.model)
            .text(m.architecture)
            .number(m.vram_gb, 0)
            .integer(row.listings)
            .integer(row.outliers_removed);
        if (row.listings > 0) {
            line.number(row.median_usd, 2)
                .number(row.p25_usd, 2)
                .number(row.p75_usd, 2)
                .number(row.min_usd, 2);
        } else {
            line.empty().empty().empty().empty();
        }
        line.text(label)
            .number(row.tflops, 1)
            .number(row.gflops_per_usd, 2)
            .integer(m.tdp_w)
            .number(m.slots, 1)
            .text(row.low_sample ? "yes" : "no")
            .text(context.as_of)
            .integer(row.unknown_shipping)
            .number(row.change_7d_pct, 1)
            .number(row.change_30d_pct, 1)
            .text(row.vram_class.label)
            .text(m.form_factor)
            .text(m.memory_type)
            .number(m.bandwidth_gbs, 0);
        out += line.str();
    }
    return out;
}

std::string listings_csv(const Report& report) {
    std::string out =
        "condition,model,item_id,title,price_usd,shipping_usd,total_usd,outlier,observed_on,"
        "url\r\n";
    for (const auto& l : report.listings) {
        const auto& o = *l.observation;
        CsvLine line;
        line.text(l.condition)
            .text(o.model)
            .text(o.item_id)
            .text(o.title)
            .number(static_cast<double>(o.price_cents) / 100.0, 2);
        if (o.shipping_cents) {
            line.number(static_cast<double>(*o.shipping_cents) / 100.0, 2);
        } else {
            line.empty();  // unknown: calculated at checkout or not stated
        }
        line.number(l.total_usd, 2)
            .text(l.outlier ? "yes" : "no")
            .text(o.observed_on)
            .text(o.item_url);
        out += line.str();
    }
    return out;
}

}  // namespace gpuprice::analysis
