#include "analysis/report_csv.hpp"

#include <algorithm>

#include "analysis/csv_format.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/enum_names.hpp"
#include "schema/domain/market.hpp"

namespace gpuprice::analysis {

std::string rank_by_label(RankBy rank_by, std::string_view currency) {
    switch (rank_by) {
        case RankBy::tflops:
            return "GFLOPS per " + std::string(currency);
        case RankBy::bandwidth:
            return "GB/s per " + std::string(currency);
        case RankBy::vram:
            return std::string(currency) + " per GB of VRAM";
        case RankBy::training:
            return "training throughput (RTX 3090 = 1) per 1,000 " + std::string(currency);
        case RankBy::inference:
            return "llama.cpp tokens/s per 1,000 " + std::string(currency);
    }
    return "?";
}

std::string TableView::heading_for(const CsvContext& context) const {
    return schema::money_heading(heading_of ? heading_of(context) : std::string(heading),
                                 context.currency);
}

namespace {
constexpr schema::EnumNames<RankBy, 5> kRankByNames = {{
    {RankBy::tflops, "tflops"},
    {RankBy::bandwidth, "bandwidth"},
    {RankBy::vram, "vram"},
    {RankBy::training, "training"},
    {RankBy::inference, "inference"},
}};
static_assert(schema::names_every_value(kRankByNames, RankBy::inference));
}  // namespace

std::string_view rank_by_name(RankBy rank_by) {
    return schema::name_of(kRankByNames, rank_by);
}

std::optional<RankBy> parse_rank_by(std::string_view name) {
    return schema::parse_name(kRankByNames, name);
}

std::string precision_label(const std::string& precision, Sparsity sparsity) {
    return precision + std::string(sparsity_suffix(sparsity));
}

std::string row_precision_label(const ReportRow& row, const CsvContext& context) {
    if (row.no_matrix_units) return row.figure_precision + " (no matrix units)";
    return precision_label(context.precision, context.sparsity);
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

std::string money(double amount, const CsvContext& context) {
    return schema::format_money(amount, context.currency);
}

std::string signed_percent(const std::optional<double>& pct) {
    if (!pct) return "";
    return (*pct >= 0 ? "+" : "") + format_number(*pct, 1) + "%";
}

std::string with_count(const std::optional<double>& amount, int count, const CsvContext& context) {
    return amount ? money(*amount, context) + " n=" + std::to_string(count) : "-";
}

// The basis price's name for headings: "median", "sold", "cleared", "p25", "lowest3".
std::string basis_heading(const CsvContext& c) {
    return std::string(price_basis_name(c.basis));
}

// A per-1,000 figure, "~" before it when estimated (report_table's footnote says so).
std::string perf_cell(const std::optional<double>& value, const std::optional<PerfFigure>& of) {
    if (!value || !of) return "-";
    return (of->basis == PerfBasis::estimated ? "~" : "") + format_number(*value, 1);
}

// "measured/estimated": training's basis, then generation's; "-" for a figure there is none of.
std::string perf_basis_text(const CardPerformance& perf) {
    const auto name = [](const std::optional<PerfFigure>& f) {
        return f ? std::string(perf_basis_name(f->basis)) : std::string("-");
    };
    if (!perf.train_rel && !perf.llm_tg_tok_s) return "";
    return name(perf.train_rel) + "/" + name(perf.llm_tg_tok_s);
}

std::string notes(const ReportRow& row) {
    std::string text;
    if (row.low_sample) text += "low sample; ";
    if (row.module_apart) text += row.model.form_factor + " module, not ranked; ";
    if (row.model.devices > 1) {
        text += std::to_string(row.model.devices) + " GPUs per board (figures per board); ";
    }
    if (row.outliers_removed) text += plural(row.outliers_removed, "outlier", "outliers") + "; ";
    if (row.suspect_removed)
        text += plural(row.suspect_removed, "suspect price", "suspect prices") + "; ";
    if (row.unknown_shipping) text += std::to_string(row.unknown_shipping) + " unknown shipping; ";
    if (row.no_matrix_units) text += row.figure_precision + " (no matrix units); ";
    if (overstated_peak_note(row.perf)) text += "peak FLOPS overstate it; ";
    if (!text.empty()) text.resize(text.size() - 2);
    return text;
}

}  // namespace

const std::vector<ReportColumn>& report_columns() {
    using R = const ReportRow&;
    using C = const CsvContext&;
    // Append only: users' spreadsheets address these columns by position.
    static const std::vector<ReportColumn> columns = {
        {"condition", [](CsvLine& l, R r, C) { l.text(schema::condition_name(r.condition)); }},
        {"vram_class_gb", [](CsvLine& l, R r, C) { l.integer(r.vram_class.upper_gb); }},
        {"rank",
         [](CsvLine& l, R r, C) { optional_integer(l, r.rank); },
         {"rank",
          [](R r, C) {
              // A module shown apart says what it is where the rank would be. Padded to the
              // heading's width, so ranks stay right-aligned beside "SXM2".
              std::string cell = r.module_apart ? r.model.form_factor
                                 : r.rank       ? std::to_string(*r.rank)
                                                : std::string("-");
              if (cell.size() < 4) cell.insert(0, 4 - cell.size(), ' ');
              // The support marks beside the rank, never dropped (see report_table's footnote).
              const auto marks = support_marks(r.support);
              return marks.empty() ? cell : cell + " " + marks;
          }}},
        {"model",
         [](CsvLine& l, R r, C) { l.text(r.model.name); },
         {"model", [](R r, C) { return r.model.name; }}},
        {"architecture", [](CsvLine& l, R r, C) { l.text(r.model.architecture); }},
        {"vram_gb",
         [](CsvLine& l, R r, C) { l.number(r.model.vram_gb, 0); },
         {"vram", [](R r, C) { return format_number(r.model.vram_gb, 0); }, 2},
         // Within a class it repeats the class: after the figures, folded on a phone.
         {"VRAM", "memory on the card", PageUnit::gb, 40, true, true}},
        {"listings",
         [](CsvLine& l, R r, C) { l.integer(r.listings); },
         {"listings", [](R r, C) { return std::to_string(r.basis_listings); }, 3,
          [](C c) {
              return c.basis == PriceBasis::median ? std::string("listings")
                                                   : basis_heading(c) + " n";
          }},
         {"Listings", "usable listings behind the median, after outliers", PageUnit::none, 10,
          true}},
        {"outliers_removed", [](CsvLine& l, R r, C) { l.integer(r.outliers_removed); }},
        {"median_price_usd",
         [](CsvLine& l, R r, C) { money_or_empty(l, r, r.median_usd); },
         // The table's price is the basis in use (UX N4): what ranks and divides the FLOPS.
         {"median", [](R r, C c) { return r.basis_usd ? money(*r.basis_usd, c) : "-"; }, 0,
          basis_heading},
         {"Median", "median asking price", PageUnit::money, 20, false, true}},
        {"p25_price_usd",
         [](CsvLine& l, R r, C) { money_or_empty(l, r, r.p25_usd); },
         {"p25-p75",
          [](R r, C c) {
              return r.listings ? money(r.p25_usd, c) + "-" + money(r.p75_usd, c) : "-";
          },
          7},
         {"p25", "25th percentile of asking prices", PageUnit::money, 21, false, true}},
        {"p75_price_usd", [](CsvLine& l, R r, C) { money_or_empty(l, r, r.p75_usd); }},
        {"min_price_usd", [](CsvLine& l, R r, C) { money_or_empty(l, r, r.min_usd); }},
        {"precision", [](CsvLine& l, R r, C c) { l.text(row_precision_label(r, c)); }},
        {"tflops",
         [](CsvLine& l, R r, C) { l.number(r.tflops, 1); },
         {"tflops", [](R r, C) { return dash_or(r.tflops, 1); }, 4},
         {"TFLOPS", "dense tensor TFLOPS at the report's precision", PageUnit::none, 30, true,
          true}},
        {"gflops_per_usd",
         [](CsvLine& l, R r, C) { l.number(r.gflops_per_usd, 2); },
         {"gflops/$", [](R r, C) { return dash_or(r.gflops_per_usd, 1); }},
         {"GFLOPS/$", "GFLOPS per unit of the ranking price", PageUnit::none, 31, true, true}},
        {"tdp_w",
         [](CsvLine& l, R r, C) { l.integer(r.model.tdp_w); },
         {"tdp_w", [](R r, C) { return std::to_string(r.model.tdp_w); }, 6},
         {"TDP", "board power", PageUnit::watts, 50, false, true}},
        {"slots",
         [](CsvLine& l, R r, C) { l.number(r.model.slots, 1); },
         {"slots",
          [](R r, C) { return r.model.slots ? format_width(*r.model.slots) : r.model.form_factor; },
          5},
         {"Slots", "slot width of the reference design (of the usual partner board when there is none)",
          PageUnit::none, 51, false, true}},
        {"low_sample",
         [](CsvLine& l, R r, C) { l.text(r.low_sample ? "yes" : "no"); },
         {"notes", [](R r, C) { return notes(r); }, 5}},
        {"as_of", [](CsvLine& l, R, C c) { l.text(c.as_of); }},
        {"unknown_shipping", [](CsvLine& l, R r, C) { l.integer(r.unknown_shipping); }},
        {"change_7d_pct",
         [](CsvLine& l, R r, C) { l.number(r.change_7d_pct, 1); },
         {"7d", [](R r, C) { return signed_percent(r.change_7d_pct); }, 9},
         {"7 d", "change of the median over 7 days", PageUnit::percent, 60}},
        {"change_30d_pct",
         [](CsvLine& l, R r, C) { l.number(r.change_30d_pct, 1); },
         {"30d", [](R r, C) { return signed_percent(r.change_30d_pct); }, 9},
         {"30 d", "change of the median over 30 days", PageUnit::percent, 61, false, true}},
        {"vram_class", [](CsvLine& l, R r, C) { l.text(r.vram_class.label); }},
        {"form_factor", [](CsvLine& l, R r, C) { l.text(r.model.form_factor); }},
        {"memory_type", [](CsvLine& l, R r, C) { l.text(r.model.memory_type); }},
        {"bandwidth_gbs", [](CsvLine& l, R r, C) { l.number(r.model.bandwidth_gbs, 0); }},
        {"cleared_median_usd",
         [](CsvLine& l, R r, C) { l.number(r.cleared_median_usd, 2); },
         {"cleared",
          [](R r, C c) { return with_count(r.cleared_median_usd, r.cleared_listings, c); }, 8},
         {"Cleared", "median last price of listings that left the market in the window",
          PageUnit::money, 23, false, true}},
        {"cleared_listings", [](CsvLine& l, R r, C) { l.integer(r.cleared_listings); }},
        {"median_days_listed", [](CsvLine& l, R r, C) { l.number(r.median_days_listed, 1); }},
        {"sold_median_usd",
         [](CsvLine& l, R r, C) { l.number(r.sold_median_usd, 2); },
         {"sold",
          [](R r, C c) { return with_count(r.sold_median_usd, r.sold_listings.value_or(0), c); },
          8},
         {"Sold", "median eBay sold price in the window", PageUnit::money, 24, false, true}},
        {"sold_listings", [](CsvLine& l, R r, C) { optional_integer(l, r.sold_listings); }},
        {"lowest3_mean_usd",
         [](CsvLine& l, R r, C) { l.number(r.lowest3_mean_usd, 2); },
         {},
         {"Lowest 3", "mean of the three cheapest listings", PageUnit::money, 22, false, true}},
        {"price_basis", [](CsvLine& l, R, C c) { l.text(price_basis_name(c.basis)); }},
        {"currency", [](CsvLine& l, R, C c) { l.text(c.currency); }},
        {"shipping_included",
         [](CsvLine& l, R, C c) { l.text(c.shipping_included ? "yes" : "no"); }},
        {"window_start", [](CsvLine& l, R, C c) { l.text(c.window_start); }},
        {"night_status", [](CsvLine& l, R, C c) { l.text(c.night_status); }},
        {"listings_without_verdict",
         [](CsvLine& l, R, C c) { l.integer(c.listings_without_verdict); }},
        // Shown in the table when they rank (--rank-by bandwidth, vram): what the rank means.
        {"bandwidth_gbs_per_usd",
         [](CsvLine& l, R r, C) { l.number(r.bandwidth_gbs_per_usd, 3); },
         {"GB/s/$",
          [](R r, C c) {
              return c.rank_by == RankBy::bandwidth ? dash_or(r.bandwidth_gbs_per_usd, 2)
                                                    : std::string();
          }},
         {"GB/s per $", "memory bandwidth per unit of the ranking price", PageUnit::none, 33, true,
          true}},
        {"usd_per_gb_vram",
         [](CsvLine& l, R r, C) { l.number(r.usd_per_gb_vram, 2); },
         {"$/GB",
          [](R r, C c) {
              return c.rank_by == RankBy::vram ? dash_or(r.usd_per_gb_vram, 1) : std::string();
          }},
         {"$/GB", "ranking price per GB of VRAM", PageUnit::money_cents, 34, false, true}},
        {"support", [](CsvLine& l, R r, C) { l.text(r.support.status); }},
        // GPUs per board: tflops, bandwidth and the per-USD figures are the board's; vram_gb
        // (and so the class) is one device's, what one model must fit in.
        {"devices", [](CsvLine& l, R r, C) { l.integer(r.model.devices); }},
        {"flash_attention_2",
         [](CsvLine& l, R r, C) { l.text(r.support.flash_attention_2 ? "yes" : "no"); }},
        {"rank_by", [](CsvLine& l, R, C c) { l.text(rank_by_name(c.rank_by)); }},
        // What the card does (card_performance.hpp): measured where published, else estimated;
        // perf_basis says which, for training and generation ("measured/estimated").
        {"train_rel", [](CsvLine& l, R r, C) { l.number(r.train_rel, 2); }},
        {"train_per_kusd",
         [](CsvLine& l, R r, C) { l.number(r.train_per_kusd, 2); },
         {"train/k$", [](R r, C) { return perf_cell(r.train_per_kusd, r.perf.train_rel); }, 1},
         {"Train/k$",
          "training throughput (RTX 3090 = 1) per 1,000 of the ranking price: measured (Lambda's "
          "PyTorch benchmarks) or, marked est., estimated from peak FP16 and bandwidth",
          PageUnit::none, 32, true, false}},
        {"llm_tg_tok_s",
         [](CsvLine& l, R r, C) {
             l.number(r.perf.llm_tg_tok_s ? std::optional(r.perf.llm_tg_tok_s->value)
                                          : std::nullopt,
                      1);
         }},
        {"llm_tg_per_kusd",
         [](CsvLine& l, R r, C) { l.number(r.llm_tg_per_kusd, 1); },
         {"tok/s/k$",
          [](R r, C c) {
              return c.rank_by == RankBy::inference
                         ? perf_cell(r.llm_tg_per_kusd, r.perf.llm_tg_tok_s)
                         : std::string();
          }},
         {"tok/s per k$",
          "llama.cpp 7B Q4_0 token generation (tokens/s, measured or estimated) per 1,000 of the "
          "ranking price",
          PageUnit::none, 35, true, true}},
        {"perf_basis", [](CsvLine& l, R r, C) { l.text(perf_basis_text(r.perf)); }},
    };
    return columns;
}

std::string PageView::heading_for(const CsvContext& context) const {
    return schema::money_heading(heading, context.currency);
}

std::string_view rank_key_column(RankBy rank_by) {
    switch (rank_by) {
        case RankBy::tflops:
            return "gflops_per_usd";
        case RankBy::bandwidth:
            return "bandwidth_gbs_per_usd";
        case RankBy::vram:
            return "usd_per_gb_vram";
        case RankBy::training:
            return "train_per_kusd";
        case RankBy::inference:
            return "llm_tg_per_kusd";
    }
    return "gflops_per_usd";
}

std::string_view basis_column(PriceBasis basis) {
    switch (basis) {
        case PriceBasis::median:
            return "median_price_usd";
        case PriceBasis::p25:
            return "p25_price_usd";
        case PriceBasis::lowest3:
            return "lowest3_mean_usd";
        case PriceBasis::cleared:
            return "cleared_median_usd";
        case PriceBasis::sold:
            return "sold_median_usd";
    }
    return "median_price_usd";
}

std::vector<const ReportColumn*> page_columns(const CsvContext& context) {
    const auto key = rank_key_column(context.rank_by);
    const auto price = basis_column(context.basis);
    // Training per dollar beside GFLOPS per dollar (what a card does beside what it promises):
    // when one of the two ranks, the other follows it, before the price.
    constexpr std::string_view kPromise = "gflops_per_usd", kDoes = "train_per_kusd";
    const auto partner = key == kPromise ? kDoes : key == kDoes ? kPromise : std::string_view();
    const auto order = [&](const ReportColumn* c) {
        if (c->name == key) return -3;
        if (!partner.empty() && c->name == partner) return -2;
        return c->name == price ? -1 : c->page.place;
    };
    std::vector<const ReportColumn*> shown;
    for (const auto& column : report_columns()) {
        if (column.page.place > 0) shown.push_back(&column);
    }
    std::stable_sort(shown.begin(), shown.end(), [&](const ReportColumn* a, const ReportColumn* b) {
        return order(a) < order(b);
    });
    return shown;
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
        line.append_to(out);
    }
    return out;
}

std::string listings_csv(const Report& report, const CsvContext& context) {
    std::string out =
        "condition,model,item_id,title,price_usd,shipping_usd,total_usd,outlier,observed_on,"
        "url,currency,decided_by,cooler,slot_width,suspect_price,reference_usd,reference\r\n";
    out.reserve(out.size() + report.listings.size() * CsvLine::kTypicalSize);
    for (const auto& l : report.listings) {
        const auto& o = l.observation;
        CsvLine line;
        line.text(schema::condition_name(l.condition))
            .text(l.model_name)
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
            .text(context.currency)
            .text(schema::match_evidence_name(o.decided_by));
        // As the title states them; empty when it does not (the reference design).
        const auto attributes = o.attributes.value_or(schema::ListingAttributes{});
        if (attributes.cooler) {
            line.text(schema::cooler_name(*attributes.cooler));
        } else {
            line.empty();
        }
        line.number(attributes.slot_width, 1);
        // The suspect-price verdict: "yes" (kept out), "included" (flagged, let in by
        // --include suspect-price) or "no"; with what the price was compared to.
        if (l.suspect) {
            line.text(l.kept_out_as_suspect ? "yes" : "included")
                .number(l.suspect->reference.usd, 2)
                .text(l.suspect->reference.description);
        } else {
            line.text("no").empty().empty();
        }
        line.append_to(out);
    }
    return out;
}

std::string cleared_csv(const std::vector<Clearance>& clearances) {
    std::string out =
        "condition,model,item_id,title,kind,night,last_price_usd,best_offer,nights_listed,"
        "days_listed,url\r\n";
    out.reserve(out.size() + clearances.size() * CsvLine::kTypicalSize);
    for (const auto& c : clearances) {
        const auto& life = c.life;
        CsvLine line;
        line.text(schema::condition_name(schema::condition_class(life.condition_id)))
            .text(c.model_name)
            .text(life.item_id)
            .text(life.title)
            .text(clearance_kind_name(c.kind))
            .text(c.night)
            .number(c.price, 2)
            .text(c.best_offer ? "yes" : "no")
            .integer(c.nights_listed)
            .integer(c.days_listed)
            .text(life.item_url);
        line.append_to(out);
    }
    return out;
}

}  // namespace gpuprice::analysis
