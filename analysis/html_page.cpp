#include "analysis/html_page.hpp"

#include <algorithm>
#include <map>

#include "analysis/csv_format.hpp"
#include "analysis/html_assets.hpp"
#include "analysis/html_text.hpp"
#include "analysis/sha256.hpp"
#include "analysis/sparkline.hpp"
#include "analysis/sparsity.hpp"
#include "analysis/svg_chart.hpp"
#include "schema/domain/market.hpp"

namespace gpuprice::analysis {

namespace {

// The builds shown per standard box.
constexpr std::size_t kPlansShown = 3;
// The sparkline's column follows the last price column.
constexpr std::string_view kSparklineAfter = "sold_median_usd";
constexpr std::string_view kSparklineAbout =
    "asking median (line), cleared median (dots) and sold median (squares) per night, on one "
    "price scale per model";

// How a column's CSV cell shows: money gets the currency, the rest a unit after the number.
enum class Unit { none, money, gb, watts, percent };

// One column of the ranked table: its heading, a note on what it is (the heading's title and the
// legend), the CSV column whose cell it shows (so the page rounds as the CSV does), and whether
// a first click sorts it high to low.
struct PageColumn {
    std::string_view heading;
    std::string_view about;
    std::string_view csv;
    Unit unit = Unit::none;
    bool descending_first = false;
};

const std::vector<PageColumn>& numeric_columns() {
    static const std::vector<PageColumn> columns = {
        {"VRAM", "memory on the card", "vram_gb", Unit::gb, true},
        {"Listings", "usable listings behind the median, after outliers", "listings", Unit::none,
         true},
        {"Median", "median asking price", "median_price_usd", Unit::money},
        {"p25", "25th percentile of asking prices", "p25_price_usd", Unit::money},
        {"Lowest 3", "mean of the three cheapest listings", "lowest3_mean_usd", Unit::money},
        {"Cleared", "median last price of listings that left the market in the window",
         "cleared_median_usd", Unit::money},
        {"Sold", "median eBay sold price in the window", "sold_median_usd", Unit::money},
        {"TFLOPS", "dense tensor TFLOPS at the report's precision", "tflops", Unit::none, true},
        {"GFLOPS/$", "GFLOPS per unit of the ranking price", "gflops_per_usd", Unit::none, true},
        {"Train/k$",
         "training throughput (RTX 3090 = 1) per 1,000 of the ranking price: measured (Lambda's "
         "PyTorch benchmarks) or, marked est., estimated from peak FP16 and bandwidth",
         "train_per_kusd", Unit::none, true},
        {"GB/s per $", "memory bandwidth per unit of the ranking price", "bandwidth_gbs_per_usd",
         Unit::none, true},
        {"$/GB", "ranking price per GB of VRAM", "usd_per_gb_vram", Unit::money},
        {"TDP", "board power", "tdp_w", Unit::watts},
        {"Slots", "slot width of the reference design", "slots", Unit::none},
        {"7 d", "change of the median over 7 days", "change_7d_pct", Unit::percent},
        {"30 d", "change of the median over 30 days", "change_30d_pct", Unit::percent},
    };
    return columns;
}

// The CSV's cell for `name` in this row, exactly as report_csv writes it (numbers unquoted).
std::string csv_cell(const ReportRow& row, const CsvContext& context, std::string_view name) {
    for (const auto& column : report_columns()) {
        if (column.name != name) continue;
        CsvLine line;
        column.write(line, row, context);
        auto cell = line.str();
        cell.resize(cell.size() - 2);  // CRLF
        return cell;
    }
    return {};
}

std::string with_unit(const std::string& number, Unit unit, const std::string& currency) {
    switch (unit) {
        case Unit::money:
            return schema::currency_symbol(currency) + number;
        case Unit::gb:
            return number + " GB";
        case Unit::watts:
            return number + " W";
        case Unit::percent:
            return (number.starts_with('-') ? "" : "+") + number + "%";
        case Unit::none:
            break;
    }
    return number;
}

// A number cell: the CSV's figure as data-v (what sorting reads), shown with its unit; an empty
// cell sorts last and shows a dash.
std::string number_cell(const std::string& cell, Unit unit, const std::string& currency,
                        const std::string& classes = "num", const std::string& extra = {}) {
    if (cell.empty()) return "<td class=\"" + classes + "\" data-v=\"\">&ndash;</td>";
    return "<td class=\"" + classes + "\" data-v=\"" + html_text(cell) + "\">" +
           html_text(with_unit(cell, unit, currency)) + extra + "</td>";
}

std::string money(double value, const std::string& currency) {
    return html_text(schema::format_money(value, currency, 2));
}

std::string condition_title(schema::ConditionClass condition) {
    auto name = std::string(schema::condition_name(condition));
    if (!name.empty()) name[0] = static_cast<char>(name[0] - 'a' + 'A');
    return name;
}

std::string section_id(schema::ConditionClass condition) {
    return html_id(schema::condition_name(condition));
}

std::string listings_id(schema::ConditionClass condition, const std::string& model) {
    return "l-" + section_id(condition) + "-" + html_id(model);
}

std::string link(const std::string& url, const std::string& text_html) {
    const auto href = web_link(url);
    if (href.empty()) return text_html;
    return "<a href=\"" + href + "\" rel=\"noreferrer\">" + text_html + "</a>";
}

std::string plural(std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// ---- the ranked table of one condition and VRAM class ------------------------------------

std::string marks(const ReportRow& row) {
    std::string out;
    const auto mark = [&](const std::string& cls, const std::string& text,
                          const std::string& about) {
        out += " <span class=\"mark " + cls + "\" title=\"" + html_text(about) + "\">" +
               html_text(text) + "</span>";
    };
    if (!row.support.supported) {
        mark("legacy", row.support.status, row.support.warning);
    } else if (!row.support.bf16) {
        mark("nobf16", row.support.status, row.support.warning);
    }
    if (row.low_sample) mark("low", "low sample", "fewer listings than the minimum: not ranked");
    if (row.module_apart) {
        mark("module", row.model.form_factor + " module",
             "needs an SXM/OAM server board: shown apart, not ranked");
    }
    if (const auto note = overstated_peak_note(row.perf)) mark("peak", "peak overstates", *note);
    if (row.no_matrix_units) {
        mark("fp32", row.figure_precision + " only", "no matrix units: its vector figure");
    }
    return out;
}

std::string ranked_table(const std::vector<const ReportRow*>& rows, const CsvContext& context,
                         const PageInput& page, const std::string& caption) {
    const auto basis_column = [&]() -> std::string_view {
        switch (context.basis) {
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
    }();
    // The caption names the table for screen readers; the heading above shows it.
    std::string out =
        "<div class=\"scroll\"><table class=\"ranked sortable\">\n<caption class=\"sr-only\">" +
        html_text(caption) + "</caption>\n<thead><tr>";
    out += "<th scope=\"col\" class=\"num\" title=\"rank within the class\">#</th>";
    out += "<th scope=\"col\">Model</th>";
    for (const auto& c : numeric_columns()) {
        const bool ranks = c.csv == basis_column;
        out += "<th scope=\"col\" class=\"num" + std::string(ranks ? " basis" : "") +
               "\" title=\"" + html_text(std::string(c.about) + (ranks ? " (ranks)" : "")) + "\"" +
               (c.descending_first ? " data-first=\"desc\"" : "") + ">" +
               html_text(std::string(c.heading)) + "</th>";
        // The trend beside the prices it draws.
        if (c.csv == kSparklineAfter) {
            out += "<th scope=\"col\" title=\"" + html_text(kSparklineAbout) + "\">30 nights</th>";
        }
    }
    out += "</tr></thead>\n<tbody>\n";
    for (const auto* row : rows) {
        const auto rank = row->rank ? std::to_string(*row->rank) : std::string();
        out += "<tr>";
        out += rank.empty()
                   ? "<td class=\"num\" data-v=\"\">" +
                         html_text(row->module_apart ? row->model.form_factor : "-") + "</td>"
                   : "<td class=\"num\" data-v=\"" + rank + "\">" + rank + "</td>";
        out += "<th scope=\"row\"><a href=\"#" + listings_id(row->condition, row->model.key) +
               "\">" + html_text(row->model.name) + "</a>" + marks(*row) + "</th>";
        for (const auto& c : numeric_columns()) {
            std::string extra;
            if (c.csv == "cleared_median_usd" && row->cleared_median_usd) {
                extra = " <small>n=" + std::to_string(row->cleared_listings) + "</small>";
            }
            if (c.csv == "train_per_kusd" && row->train_per_kusd && row->perf.train_rel &&
                row->perf.train_rel->basis == PerfBasis::estimated) {
                extra = " <small>est.</small>";
            }
            if (c.csv == "sold_median_usd" && row->sold_median_usd) {
                extra = " <small>n=" + std::to_string(row->sold_listings.value_or(0)) + "</small>";
            }
            std::string classes = "num";
            if (c.unit == Unit::percent) {
                const auto pct =
                    c.csv == "change_7d_pct" ? row->change_7d_pct : row->change_30d_pct;
                if (pct && *pct > 0) classes += " up";
                if (pct && *pct < 0) classes += " down";
            }
            out += number_cell(csv_cell(*row, context, c.csv), c.unit, context.currency, classes,
                               extra);
            if (c.csv == kSparklineAfter) {
                const auto series = page.series.find({row->model.key, row->condition});
                const auto spark = series == page.series.end()
                                       ? std::string()
                                       : sparkline_svg(series->second, page.series_from,
                                                       context.as_of, context.currency);
                out += "<td>" + (spark.empty() ? std::string("&ndash;") : spark) + "</td>";
            }
        }
        out += "</tr>\n";
    }
    return out + "</tbody></table></div>\n";
}

// The class's chart: the SVG chart writer's, for this class alone.
std::string class_chart(const std::vector<const ReportRow*>& rows, const CsvContext& context) {
    Report one_class;
    for (const auto* row : rows) one_class.rows.push_back(*row);
    auto svg = svg_chart(one_class, context);
    if (svg.starts_with("<?xml")) svg.erase(0, svg.find('\n') + 1);  // inline: no declaration
    return "<figure class=\"chart\">" + svg + "</figure>\n";
}

// ---- the listings behind each model's price ----------------------------------------------

std::string listings_block(const ReportRow& row, std::vector<const ListingLine*> lines,
                           const CsvContext& context) {
    std::sort(lines.begin(), lines.end(), [](const ListingLine* a, const ListingLine* b) {
        return a->total_usd < b->total_usd;
    });
    const auto outliers =
        std::count_if(lines.begin(), lines.end(), [](const ListingLine* l) { return l->outlier; });
    // The anchor is inside: following a link to it opens the details, script or not.
    std::string out =
        "<details><summary>" + html_text(row.model.name) + " <small>" +
        plural(lines.size(), "listing", "listings") +
        (outliers ? ", " + plural(static_cast<std::size_t>(outliers), "outlier", "outliers")
                  : std::string()) +
        "</small></summary>\n";
    out += "<div class=\"scroll\" id=\"" + listings_id(row.condition, row.model.key) +
           "\"><table class=\"listings sortable\"><thead><tr>"
           "<th scope=\"col\">Title</th><th scope=\"col\" class=\"num\">Price</th>"
           "<th scope=\"col\" class=\"num\">Shipping</th><th scope=\"col\" class=\"num\">Total</th>"
           "<th scope=\"col\">In median</th><th scope=\"col\">Seen</th>"
           "<th scope=\"col\">Matched by</th></tr></thead>\n<tbody>\n";
    for (const auto* l : lines) {
        const auto& o = l->observation;
        const double price = static_cast<double>(o.price_cents) / 100.0;
        out += "<tr><td class=\"title\">" + link(o.item_url, html_text(o.title)) + "</td>";
        out += number_cell(format_number(price, 2), Unit::money, context.currency);
        out += o.shipping_cents
                   ? number_cell(format_number(static_cast<double>(*o.shipping_cents) / 100.0, 2),
                                 Unit::money, context.currency)
                   : std::string("<td class=\"num\" data-v=\"\">unknown</td>");
        out += number_cell(format_number(l->total_usd, 2), Unit::money, context.currency);
        out += l->outlier ? "<td><span class=\"mark outlier\">outlier</span></td>"
                          : std::string("<td>yes</td>");
        out += "<td>" + html_text(o.observed_on) + "</td><td>" +
               html_text(schema::match_evidence_name(o.decided_by)) + "</td></tr>\n";
    }
    return out + "</tbody></table></div></details>\n";
}

// ---- the sections ------------------------------------------------------------------------

// The condition's section: its classes' tables and charts as one piece, then each model's
// listings as a piece of its own (the listings are most of a page).
void condition_section(schema::ConditionClass condition, const Report& report,
                       const CsvContext& context, const PageInput& page, const HtmlSink& sink) {
    std::string out = "<section id=\"" + section_id(condition) + "\">\n<h2>" +
                      html_text(condition_title(condition)) + "</h2>\n";
    // Rows come by condition, then VRAM class, then rank.
    std::vector<std::vector<const ReportRow*>> classes;
    for (const auto& row : report.rows) {
        if (row.condition != condition) continue;
        if (classes.empty() ||
            classes.back().front()->vram_class.upper_gb != row.vram_class.upper_gb) {
            classes.emplace_back();
        }
        classes.back().push_back(&row);
    }
    std::map<std::string, std::vector<const ListingLine*>> lines_by_model;
    for (const auto& line : report.listings) {
        if (line.condition == condition) lines_by_model[line.observation.model].push_back(&line);
    }
    for (const auto& rows : classes) {
        const auto& label = rows.front()->vram_class.label;
        out += "<h3 id=\"" + section_id(condition) + "-" +
               std::to_string(rows.front()->vram_class.upper_gb) + "\">" + html_text(label) +
               " <small>" + html_text(schema::condition_name(condition)) + "</small></h3>\n";
        out += ranked_table(rows, context, page,
                            label + ", " + std::string(schema::condition_name(condition)) +
                                ": ranked by " + std::string(price_basis_label(context.basis)));
        out += class_chart(rows, context);
    }
    out +=
        "<h3>Listings behind the prices</h3>\n<p class=\"muted\">Each model's listings of the "
        "night, cheapest first, with their links to eBay. Outliers are shown but kept out of "
        "the median.</p>\n";
    sink(out);
    for (const auto& rows : classes) {
        for (const auto* row : rows) {
            const auto found = lines_by_model.find(row->model.key);
            if (found != lines_by_model.end()) sink(listings_block(*row, found->second, context));
        }
    }
    sink("</section>\n");
}

std::string left_out_section(const PageInput& page) {
    std::string out =
        "<section id=\"left-out\">\n<h2>Left out of the prices</h2>\n<div class=\"scroll\">"
        "<table><thead><tr><th scope=\"col\">What</th><th scope=\"col\" class=\"num\">Listings"
        "</th><th scope=\"col\">Why</th></tr></thead>\n<tbody>\n";
    for (const auto& l : page.left_out) {
        out += "<tr><th scope=\"row\">" + html_text(l.what) + "</th><td class=\"num\">" +
               std::to_string(l.count) + "</td><td>" + html_text(l.why) + "</td></tr>\n";
    }
    return out + "</tbody></table></div>\n</section>\n";
}

std::string night_section(const CsvContext& context, const PageInput& page) {
    const bool complete = context.nights_complete;
    std::string out =
        "<section id=\"night\">\n<h2>The night</h2>\n<p>Status: <span class=\"status " +
        std::string(complete ? "complete" : "partial") + "\">" +
        html_text(complete ? "complete" : "partial") + "</span>";
    if (!complete) out += " &mdash; " + html_text(context.night_status);
    out += "</p>\n";
    const auto& c = page.coverage;
    out += "<p>" + std::to_string(c.complete_queries) + " of " + std::to_string(c.queries) +
           " queries complete (every listing eBay serves for them seen).</p>\n";
    if (!c.incomplete.empty()) {
        out += "<ul>\n";
        for (const auto& q : c.incomplete) out += "<li>" + html_text(q) + "</li>\n";
        out += "</ul>\n";
    }
    if (!c.runs.empty()) {
        out += "<ul class=\"muted\">\n";
        for (const auto& r : c.runs) out += "<li>" + html_text(r) + "</li>\n";
        out += "</ul>\n";
    }
    return out + "</section>\n";
}

std::string boxes_section(const PageInput& page, const CsvContext& context) {
    std::string out =
        "<section id=\"builds\">\n<h2>Builds</h2>\n<p class=\"muted\">The "
        "planner's best builds for a few standard boxes, priced from the cheapest "
        "real listings of the night (gpuprice recommend).</p>\n";
    for (const auto& box : page.boxes) {
        out += "<h3>" + html_text(box.name) + "</h3>\n";
        if (box.result.plans.empty()) {
            out += "<p>Nothing fits: " + html_text(box.result.nothing_fits) + "</p>\n";
            continue;
        }
        out +=
            "<div class=\"scroll\"><table class=\"plans\"><thead><tr>"
            "<th scope=\"col\" class=\"num\">#</th><th scope=\"col\">Build</th>"
            "<th scope=\"col\">Cooler</th><th scope=\"col\" class=\"num\">Total</th>"
            "<th scope=\"col\" class=\"num\">TFLOPS</th><th scope=\"col\" class=\"num\">VRAM"
            "</th><th scope=\"col\" class=\"num\">Watts</th><th scope=\"col\" class=\"num\">"
            "Slots</th><th scope=\"col\">Listings</th><th scope=\"col\">Caveats</th></tr>"
            "</thead>\n<tbody>\n";
        for (std::size_t i = 0; i < box.result.plans.size() && i < kPlansShown; ++i) {
            const auto& p = box.result.plans[i];
            out += "<tr><td class=\"num\">" + std::to_string(p.rank) + "</td><th scope=\"row\">" +
                   std::to_string(p.count) + " &times; " + html_text(p.model.name) + " <small>" +
                   html_text(schema::condition_name(p.condition)) + "</small></th><td>" +
                   html_text(schema::cooler_name(p.cooler)) + "</td>";
            out += "<td class=\"num\">" + money(p.total_usd, context.currency) + "</td>";
            out += "<td class=\"num\">" +
                   (p.total_tflops ? format_number(*p.total_tflops, 1) : std::string("&ndash;")) +
                   "</td>";
            out += "<td class=\"num\">" + format_number(p.total_vram_gb, 0) + " GB</td>";
            out += "<td class=\"num\">" + std::to_string(p.total_watts) + " W</td>";
            out += "<td class=\"num\">" + std::to_string(p.slots_used) + "</td><td>";
            for (std::size_t j = 0; j < p.listings.size(); ++j) {
                const auto& l = p.listings[j].listing;
                out += (j ? ", " : "") +
                       link(l.observation.item_url, money(l.total_usd, context.currency));
            }
            out += "</td><td>";
            for (std::size_t j = 0; j < p.caveats.size(); ++j) {
                out += (j ? "; " : "") + html_text(p.caveats[j]);
            }
            out += "</td></tr>\n";
        }
        out += "</tbody></table></div>\n";
    }
    return out + "</section>\n";
}

std::string firing_text(const WatchFiring& f, const CsvContext& context) {
    std::string out;
    for (const auto& c : f.crossings) {
        out += "<li>" + html_text(schema::condition_name(c.condition)) + " " +
               html_text(f.watch.price) + " crossed the line: " +
               (c.before ? money(*c.before, context.currency) + " &rarr; " : std::string()) +
               money(c.now, context.currency) + "</li>\n";
    }
    for (const auto& l : f.listings) {
        out += "<li>" + money(l.total_usd, context.currency) + ": " +
               link(l.observation.item_url,
                    html_text(l.observation.title.empty() ? l.observation.item_id
                                                          : l.observation.title)) +
               "</li>\n";
    }
    return "<ul>\n" + out + "</ul>\n";
}

std::string fired_alert(const PageInput& page, const CsvContext& context) {
    std::string out;
    for (const auto& w : page.watches) {
        if (!w.fired) continue;
        out += "<p><strong>Watch " + std::to_string(w.watch.id) + " fired</strong> (" +
               html_text(watch_summary(w.watch, w.model_name, context.currency)) + ")</p>\n" +
               firing_text(*w.fired, context);
    }
    if (out.empty()) return {};
    return "<div class=\"alert\" role=\"status\">\n" + out + "</div>\n";
}

std::string watches_section(const PageInput& page, const CsvContext& context) {
    std::string out = "<section id=\"watches\">\n<h2>Watches</h2>\n";
    if (page.watches.empty()) {
        return out +
               "<p>No watches. Set one with <code>gpuprice watch add \"RTX 3090\" --below "
               "700</code>: gpuprice-nightly then prints a line when a listing under the "
               "line appears or the median crosses it.</p>\n</section>\n";
    }
    out +=
        "<div class=\"scroll\"><table><thead><tr><th scope=\"col\" class=\"num\">Id</th>"
        "<th scope=\"col\">Model</th><th scope=\"col\">Condition</th>"
        "<th scope=\"col\" class=\"num\">Below</th><th scope=\"col\">Price</th>"
        "<th scope=\"col\">Tonight</th></tr></thead>\n<tbody>\n";
    for (const auto& w : page.watches) {
        out += "<tr><td class=\"num\">" + std::to_string(w.watch.id) + "</td><th scope=\"row\">" +
               html_text(w.model_name) + "</th><td>" + html_text(w.watch.condition) +
               "</td><td class=\"num\">" +
               money(static_cast<double>(w.watch.below_cents) / 100.0, context.currency) +
               "</td><td>" + html_text(w.watch.price) + "</td><td>" +
               (w.fired ? "fired" + firing_text(*w.fired, context) : std::string("quiet")) +
               "</td></tr>\n";
    }
    return out + "</tbody></table></div>\n</section>\n";
}

std::string legend(const CsvContext& context) {
    std::string out =
        "<section id=\"columns\">\n<h2>What the columns mean</h2>\n<dl class=\"columns\">\n";
    for (const auto& c : numeric_columns()) {
        out += "<dt>" + html_text(c.heading) + "</dt><dd>" + html_text(c.about) + "</dd>\n";
    }
    out +=
        "<dt>30 nights</dt><dd><span class=\"legend\"><span class=\"sp-ask\">line</span>: "
        "asking median; <span class=\"sp-clr\">dots</span>: cleared median; <span "
        "class=\"sp-sold\">squares</span>: sold median; each night on one price scale per "
        "model (hover for the figures).</span></dd>\n";
    out +=
        "<dt>Marks</dt><dd>legacy: current CUDA/ROCm and PyTorch no longer run the card; no "
        "bf16: no hardware BF16; low sample: fewer listings than the minimum, not ranked; a "
        "module: needs an SXM/OAM server board, shown apart, not ranked.</dd>\n";
    out += "</dl>\n<p class=\"muted\">Prices in " + html_text(context.currency) + ", " +
           (context.shipping_included ? "known shipping included" : "without shipping") +
           ", rounded as in the CSV. TFLOPS: " +
           html_text(precision_label(context.precision, context.sparsity)) + " (" +
           html_text(sparsity_note(context.sparsity)) + ").</p>\n</section>\n";
    return out;
}

}  // namespace

void write_html_page(const Report& report, const CsvContext& context, const PageInput& page,
                     const HtmlSink& sink) {
    std::vector<schema::ConditionClass> conditions;
    for (const auto& row : report.rows) {
        if (std::find(conditions.begin(), conditions.end(), row.condition) == conditions.end()) {
            conditions.push_back(row.condition);
        }
    }
    // Used cards first, the market most buyers of deep-learning cards shop in; then the
    // report's order.
    std::stable_partition(conditions.begin(), conditions.end(), [](schema::ConditionClass c) {
        return c == schema::ConditionClass::used;
    });
    const auto style = std::string(page_style());
    const auto script = std::string(page_script());
    const bool complete = context.nights_complete;
    std::string names;
    for (const auto c : conditions) {
        names += (names.empty() ? "" : ", ") + std::string(schema::condition_name(c));
    }

    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    // Nothing but the page's own style and script, by hash: not even a script a title smuggled
    // in would run, and nothing is fetched.
    out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src " +
           csp_hash_source(style) + "; script-src " + csp_hash_source(script) +
           "; img-src data:; base-uri 'none'; form-action 'none'\">\n";
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out += "<meta name=\"color-scheme\" content=\"light dark\">\n";
    out += "<title>gpuprice " + html_text(context.as_of) + ": " + html_text(names) +
           " GPUs</title>\n<style>" + style + "</style>\n</head>\n<body>\n<header>\n";
    out += "<h1>GPU prices for deep learning, " + html_text(context.as_of) + "</h1>\n";
    out += "<p>" + html_text(names) + " cards, ranked within VRAM classes by " +
           html_text(precision_label(context.precision, context.sparsity)) + " GFLOPS per " +
           html_text(price_basis_label(context.basis)) + " (" +
           (context.shipping_included ? "known shipping included" : "without shipping") +
           "), nights " + html_text(context.window_start) + " to " + html_text(context.as_of) +
           ". Night: <a href=\"#night\" class=\"status " +
           std::string(complete ? "complete\">complete" : "partial\">partial") + "</a></p>\n";
    out += "<nav aria-label=\"sections\"><ul>\n";
    for (const auto c : conditions) {
        out += "<li><a href=\"#" + section_id(c) + "\">" + html_text(condition_title(c)) +
               "</a></li>\n";
    }
    out +=
        "<li><a href=\"#left-out\">Left out</a></li>\n<li><a href=\"#night\">The night</a>"
        "</li>\n<li><a href=\"#builds\">Builds</a></li>\n<li><a href=\"#watches\">Watches</a>"
        "</li>\n<li><a href=\"#columns\">Columns</a></li>\n</ul></nav>\n</header>\n<main>\n";
    out += fired_alert(page, context);
    if (!complete) {
        out += "<p class=\"alert\">" + html_text(context.night_status) + "</p>\n";
    }
    sink(out);
    for (const auto c : conditions) condition_section(c, report, context, page, sink);
    out = left_out_section(page);
    out += night_section(context, page);
    out += boxes_section(page, context);
    out += watches_section(page, context);
    out += legend(context);
    out += "</main>\n<footer class=\"muted\"><p>gpuprice " + html_text(page.version) +
           ", written " + html_text(page.generated_at) +
           ". This page loads nothing from the network; its links lead to eBay.</p></footer>\n";
    out += "<script>" + script + "</script>\n</body>\n</html>\n";
    sink(out);
}

std::string html_page(const Report& report, const CsvContext& context, const PageInput& page) {
    std::string text;
    write_html_page(report, context, page, [&](std::string_view piece) { text += piece; });
    return text;
}

}  // namespace gpuprice::analysis
