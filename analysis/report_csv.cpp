#include "analysis/report_csv.hpp"

#include "analysis/csv_format.hpp"
#include "schema/domain/condition.hpp"

namespace gpuprice::analysis {

std::string precision_label(schema::Precision precision, Sparsity sparsity) {
    return std::string(schema::precision_name(precision)) +
           (sparsity == Sparsity::Sparse ? "-sparse" : "");
}

namespace {

void money_or_empty(CsvLine& line, const ReportRow& row, double value) {
    if (row.listings > 0) {
        line.number(value, 2);
    } else {
        line.empty();
    }
}

void optional_integer(CsvLine& line, const std::optional<int>& value) {
    if (value) {
        line.integer(*value);
    } else {
        line.empty();
    }
}

}  // namespace

const std::vector<ReportColumn>& report_columns() {
    using R = const ReportRow&;
    using C = const CsvContext&;
    // Append only: users' spreadsheets address these columns by position.
    static const std::vector<ReportColumn> columns = {
        {"condition", [](CsvLine& l, R r, C) { l.text(r.condition); }},
        {"vram_class_gb", [](CsvLine& l, R r, C) { l.integer(r.vram_class.upper_gb); }},
        {"rank", [](CsvLine& l, R r, C) { optional_integer(l, r.rank); }},
        {"model", [](CsvLine& l, R r, C) { l.text(r.model->model); }},
        {"architecture", [](CsvLine& l, R r, C) { l.text(r.model->architecture); }},
        {"vram_gb", [](CsvLine& l, R r, C) { l.number(r.model->vram_gb, 0); }},
        {"listings", [](CsvLine& l, R r, C) { l.integer(r.listings); }},
        {"outliers_removed", [](CsvLine& l, R r, C) { l.integer(r.outliers_removed); }},
        {"median_price_usd", [](CsvLine& l, R r, C) { money_or_empty(l, r, r.median_usd); }},
        {"p25_price_usd", [](CsvLine& l, R r, C) { money_or_empty(l, r, r.p25_usd); }},
        {"p75_price_usd", [](CsvLine& l, R r, C) { money_or_empty(l, r, r.p75_usd); }},
        {"min_price_usd", [](CsvLine& l, R r, C) { money_or_empty(l, r, r.min_usd); }},
        {"precision", [](CsvLine& l, R, C c) { l.text(precision_label(c.precision, c.sparsity)); }},
        {"tflops", [](CsvLine& l, R r, C) { l.number(r.tflops, 1); }},
        {"gflops_per_usd", [](CsvLine& l, R r, C) { l.number(r.gflops_per_usd, 2); }},
        {"tdp_w", [](CsvLine& l, R r, C) { l.integer(r.model->tdp_w); }},
        {"slots", [](CsvLine& l, R r, C) { l.number(r.model->slots, 1); }},
        {"low_sample", [](CsvLine& l, R r, C) { l.text(r.low_sample ? "yes" : "no"); }},
        {"as_of", [](CsvLine& l, R, C c) { l.text(c.as_of); }},
        {"unknown_shipping", [](CsvLine& l, R r, C) { l.integer(r.unknown_shipping); }},
        {"change_7d_pct", [](CsvLine& l, R r, C) { l.number(r.change_7d_pct, 1); }},
        {"change_30d_pct", [](CsvLine& l, R r, C) { l.number(r.change_30d_pct, 1); }},
        {"vram_class", [](CsvLine& l, R r, C) { l.text(r.vram_class.label); }},
        {"form_factor", [](CsvLine& l, R r, C) { l.text(r.model->form_factor); }},
        {"memory_type", [](CsvLine& l, R r, C) { l.text(r.model->memory_type); }},
        {"bandwidth_gbs", [](CsvLine& l, R r, C) { l.number(r.model->bandwidth_gbs, 0); }},
        {"cleared_median_usd", [](CsvLine& l, R r, C) { l.number(r.cleared_median_usd, 2); }},
        {"cleared_listings", [](CsvLine& l, R r, C) { l.integer(r.cleared_listings); }},
        {"median_days_listed", [](CsvLine& l, R r, C) { l.number(r.median_days_listed, 1); }},
        {"sold_median_usd", [](CsvLine& l, R r, C) { l.number(r.sold_median_usd, 2); }},
        {"sold_listings", [](CsvLine& l, R r, C) { optional_integer(l, r.sold_listings); }},
        {"lowest3_mean_usd", [](CsvLine& l, R r, C) { l.number(r.lowest3_mean_usd, 2); }},
        {"price_basis", [](CsvLine& l, R, C c) { l.text(price_basis_name(c.basis)); }},
        {"currency", [](CsvLine& l, R, C c) { l.text(c.currency); }},
    };
    return columns;
}

std::string report_csv(const Report& report, const CsvContext& context) {
    const auto& columns = report_columns();
    std::string out;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        if (i) out += ',';
        out += columns[i].name;
    }
    out += "\r\n";
    for (const auto& row : report.rows) {
        CsvLine line;
        for (const auto& column : columns) column.write(line, row, context);
        out += line.str();
    }
    return out;
}

std::string listings_csv(const Report& report, const CsvContext& context) {
    std::string out =
        "condition,model,item_id,title,price_usd,shipping_usd,total_usd,outlier,observed_on,"
        "url,currency\r\n";
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
            .text(o.item_url)
            .text(context.currency);
        out += line.str();
    }
    return out;
}

std::string cleared_csv(const std::vector<Clearance>& clearances) {
    std::string out =
        "condition,model,item_id,title,kind,night,last_price_usd,best_offer,nights_listed,"
        "days_listed,url\r\n";
    for (const auto& c : clearances) {
        const auto& life = *c.life;
        CsvLine line;
        line.text(schema::condition_class(life.condition_id))
            .text(life.model)
            .text(life.item_id)
            .text(life.title)
            .text(clearance_kind_name(c.kind))
            .text(c.night)
            .number(c.price_usd, 2)
            .text(c.best_offer ? "yes" : "no")
            .integer(c.nights_listed)
            .integer(c.days_listed)
            .text(life.item_url);
        out += line.str();
    }
    return out;
}

}  // namespace gpuprice::analysis
