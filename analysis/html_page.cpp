#include "analysis/html_page.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>

#include "analysis/csv_format.hpp"
#include "analysis/html_assets.hpp"
#include "analysis/html_text.hpp"
#include "analysis/plan_output.hpp"
#include "analysis/sha256.hpp"
#include "analysis/sparkline.hpp"
#include "analysis/sparsity.hpp"
#include "analysis/support_caveat.hpp"
#include "analysis/svg_chart.hpp"
#include "schema/domain/market.hpp"

namespace gpuprice::analysis {

namespace {

// The builds shown per standard box.
constexpr std::size_t kPlansShown = 3;
// The sparkline's column follows this one.
constexpr std::string_view kSparklineAfter = "listings";
constexpr std::string_view kSparklineAbout =
    "asking median (line, first and last price at its ends), cleared median (dots) and sold "
    "median (squares) per night, on one price scale per model";
// "What moved": a model whose median changed at least this much in 7 days, the largest first.
constexpr double kMovedPct = 5.0;
constexpr std::size_t kMovedShown = 8;

// The figure of a CSV cell; nullopt for an empty or unreadable one.
std::optional<double> cell_value(const std::string& cell) {
    double v = 0;
    const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
    if (ec != std::errc() || end != cell.data() + cell.size()) return std::nullopt;
    return v;
}

// The CSV's cell as a person reads it: money as the CLI writes it ("$1,149", per-GB figures
// with cents), the rest with a unit after the number.
std::string with_unit(const std::string& number, PageUnit unit, const std::string& currency) {
    switch (unit) {
        case PageUnit::money:
        case PageUnit::money_cents:
            if (const auto v = cell_value(number))
                return schema::format_money(*v, currency, unit == PageUnit::money ? 0 : 2);
            return number;
        case PageUnit::gb:
            return number + " GB";
        case PageUnit::watts:
            return number + " W";
        case PageUnit::percent:
            return (number.starts_with('-') ? "" : "+") + number + "%";
        case PageUnit::none:
            break;
    }
    return number;
}

// A number cell: the CSV's figure as data-v (what sorting reads), shown with its unit; an empty
// cell sorts last and shows a dash.
std::string number_cell(const std::string& cell, PageUnit unit, const std::string& currency,
                        const std::string& classes = "num", const std::string& extra = {}) {
    if (cell.empty()) return "<td class=\"" + classes + "\" data-v=\"\">&ndash;</td>";
    return "<td class=\"" + classes + "\" data-v=\"" + html_text(cell) + "\">" +
           html_text(with_unit(cell, unit, currency)) + extra + "</td>";
}

// An amount as the CLI writes it ("$1,149"), or with cents for a single listing's price.
std::string money(double value, const std::string& currency, int decimals = 0) {
    return html_text(schema::format_money(value, currency, decimals));
}

std::string capitalized(std::string name) {
    if (!name.empty() && name[0] >= 'a' && name[0] <= 'z')
        name[0] = static_cast<char>(name[0] - 'a' + 'A');
    return name;
}

std::string condition_title(schema::ConditionClass condition) {
    return capitalized(std::string(schema::condition_name(condition)));
}

std::string section_id(schema::ConditionClass condition) {
    return html_id(schema::condition_name(condition));
}

std::string listings_id(schema::ConditionClass condition, const std::string& model) {
    return "l-" + section_id(condition) + "-" + html_id(model);
}

// The heading of a condition's VRAM class: what the summary links to.
std::string class_id(const ReportRow& row) {
    return section_id(row.condition) + "-" + std::to_string(row.vram_class.upper_gb);
}

std::string link(const std::string& url, const std::string& text_html) {
    const auto href = web_link(url);
    if (href.empty()) return text_html;
    return "<a href=\"" + href + "\" rel=\"noreferrer\">" + text_html + "</a>";
}

// ---- the ranked table of one condition and VRAM class ------------------------------------

std::string marks(const ReportRow& row) {
    std::string out;
    const auto mark = [&](const std::string& cls, const std::string& text,
                          const std::string& about) {
        out += " <span class=\"mark " + cls + "\" title=\"" + html_text(about) + "\">" +
               html_text(text) + "</span>";
    };
    // The terminal's marks (support_marks), in words: one vocabulary for both.
    for (const char letter : support_marks(row.support)) {
        const auto cls = letter == 'L' ? "legacy" : letter == 'l' ? "ending" : "nobf16";
        mark(cls, std::string(support_mark_words(letter)),
             row.support.warning.empty() ? row.support.status : row.support.warning);
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

// The CSV's cell of `column` in this row, exactly as report_csv writes it (numbers unquoted).
std::string csv_cell(const ReportColumn& column, const ReportRow& row, const CsvContext& context) {
    CsvLine line;
    column.write(line, row, context);
    auto cell = line.str();
    cell.resize(cell.size() - 2);  // CRLF
    return cell;
}

// What the filters read from a ranked row: its condition, VRAM, whether current software runs
// it, and the coolers its listings come with.
std::string filter_data(const ReportRow& row, const PageInput& page) {
    std::string coolers;
    if (const auto found = page.coolers.find(row.model.key); found != page.coolers.end()) {
        for (const auto c : found->second) {
            coolers += (coolers.empty() ? "" : " ") + std::string(schema::cooler_name(c));
        }
    }
    return " data-cond=\"" + html_text(schema::condition_name(row.condition)) + "\" data-vram=\"" +
           format_number(row.model.vram_gb, 0) + "\" data-ok=\"" +
           (row.support.supported ? "1" : "0") + "\" data-cool=\"" + html_text(coolers) + "\"";
}

std::string ranked_table(const std::vector<const ReportRow*>& rows, const CsvContext& context,
                         const PageInput& page, const std::string& caption) {
    const auto columns = page_columns(context);
    const auto key = rank_key_column(context.rank_by);
    const auto price = basis_column(context.basis);
    // The key and the price that divides it never fold away; the rest say whether they do.
    const auto classes_of = [&](const ReportColumn& c) {
        std::string classes = "num";
        if (c.name == key) classes += " key";
        if (c.name == price) classes += " basis";
        if (c.page.secondary && c.name != key && c.name != price) classes += " sec";
        return classes;
    };
    // The caption names the table for screen readers; the heading above shows it.
    std::string out =
        "<div class=\"scroll\"><table class=\"ranked sortable\">\n<caption class=\"sr-only\">" +
        html_text(caption) + "</caption>\n<thead><tr>";
    out += "<th scope=\"col\" class=\"num\" title=\"rank within the class\">#</th>";
    out += "<th scope=\"col\">Model</th>";
    for (const auto* c : columns) {
        const bool ranks = c->name == key || c->name == price;
        out += "<th scope=\"col\" class=\"" + classes_of(*c) + "\" title=\"" +
               html_text(std::string(c->page.about) + (ranks ? " (ranks)" : "")) + "\"" +
               (c->page.descending_first ? " data-first=\"desc\"" : "") + ">" +
               html_text(c->page.heading_for(context)) + "</th>";
        // The trend beside the figures it draws.
        if (c->name == kSparklineAfter) {
            out += "<th scope=\"col\" class=\"sec\" title=\"" + html_text(kSparklineAbout) +
                   "\">30 nights</th>";
        }
    }
    out += "</tr></thead>\n<tbody>\n";
    for (const auto* row : rows) {
        const auto rank = row->rank ? std::to_string(*row->rank) : std::string();
        out += "<tr" + filter_data(*row, page) + ">";
        out += rank.empty()
                   ? "<td class=\"num\" data-v=\"\">" +
                         html_text(row->module_apart ? row->model.form_factor : "-") + "</td>"
                   : "<td class=\"num\" data-v=\"" + rank + "\">" + rank + "</td>";
        out += "<th scope=\"row\"><a href=\"#" + listings_id(row->condition, row->model.key) +
               "\">" + html_text(row->model.name) + "</a>" + marks(*row) + "</th>";
        for (const auto* c : columns) {
            std::string extra;
            if (c->name == "cleared_median_usd" && row->cleared_median_usd) {
                extra = " <small>n=" + std::to_string(row->cleared_listings) + "</small>";
            }
            if (c->name == "train_per_kusd" && row->train_per_kusd && row->perf.train_rel &&
                row->perf.train_rel->basis == PerfBasis::estimated) {
                extra = " <small>est.</small>";
            }
            if (c->name == "sold_median_usd" && row->sold_median_usd) {
                extra = " <small>n=" + std::to_string(row->sold_listings.value_or(0)) + "</small>";
            }
            auto classes = classes_of(*c);
            if (c->page.unit == PageUnit::percent) {
                const auto pct = cell_value(csv_cell(*c, *row, context));
                if (pct && *pct > 0) classes += " up";
                if (pct && *pct < 0) classes += " down";
            }
            out += number_cell(csv_cell(*c, *row, context), c->page.unit, context.currency, classes,
                               extra);
            if (c->name == kSparklineAfter) {
                const auto series = page.series.find({row->model.key, row->condition});
                const auto spark = series == page.series.end()
                                       ? std::string()
                                       : sparkline_svg(series->second, page.series_from,
                                                       context.as_of, context.currency);
                out += "<td class=\"sec\">" + (spark.empty() ? std::string("&ndash;") : spark) +
                       "</td>";
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
    // The hatch pattern's id is the class's: ids are unique on the page (one chart per class).
    auto svg =
        svg_chart(one_class, context,
                  rows.empty() ? std::string("legacy") : "legacy-" + class_id(*rows.front()));
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
    std::string out = "<details><summary>" + html_text(row.model.name) + " <small>" +
                      plural(lines.size(), "listing", "listings") +
                      (outliers ? ", " + plural(outliers, "outlier", "outliers") : std::string()) +
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
        out += number_cell(format_number(price, 2), PageUnit::money_cents, context.currency);
        out += o.shipping_cents
                   ? number_cell(format_number(static_cast<double>(*o.shipping_cents) / 100.0, 2),
                                 PageUnit::money_cents, context.currency)
                   : std::string("<td class=\"num\" data-v=\"\">unknown</td>");
        out += number_cell(format_number(l->total_usd, 2), PageUnit::money_cents, context.currency);
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
    std::string out = "<section id=\"" + section_id(condition) + "\" data-cond=\"" +
                      html_text(schema::condition_name(condition)) + "\">\n<h2>" +
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
        // A class is one block, so that the filters hide it whole when none of its rows show.
        out += "<div class=\"cls\"><h3 id=\"" + class_id(*rows.front()) + "\">" + html_text(label) +
               " <small>" + html_text(schema::condition_name(condition)) + "</small></h3>\n";
        out += ranked_table(rows, context, page,
                            label + ", " + std::string(schema::condition_name(condition)) +
                                ": ranked by " + rank_by_label(context.rank_by, context.currency) +
                                " at the " + std::string(price_basis_label(context.basis)));
        out += class_chart(rows, context) + "</div>\n";
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

// ---- what the page leads with ------------------------------------------------------------

// The answer first: the night's state, each class's best buy per condition, what moved.
std::string summary_section(const Report& report, const CsvContext& context,
                            const std::vector<schema::ConditionClass>& conditions,
                            const PageInput& page) {
    const auto* key = [&]() -> const ReportColumn* {
        for (const auto& c : report_columns()) {
            if (c.name == rank_key_column(context.rank_by)) return &c;
        }
        return nullptr;
    }();
    const bool complete = context.nights_complete;
    std::string out = "<section id=\"summary\">\n<h2>At a glance</h2>\n<p>Night " +
                      html_text(context.as_of) + ": <a href=\"#night\" class=\"status " +
                      std::string(complete ? "complete\">complete" : "partial\">partial") + "</a>" +
                      (complete ? "" : " &mdash; " + html_text(context.night_status)) + "</p>\n";
    // What moved: the largest 7-day changes of the median, either way.
    std::vector<const ReportRow*> moved;
    for (const auto& row : report.rows) {
        if (row.change_7d_pct && std::abs(*row.change_7d_pct) >= kMovedPct) moved.push_back(&row);
    }
    std::stable_sort(moved.begin(), moved.end(), [](const ReportRow* a, const ReportRow* b) {
        return std::abs(*a->change_7d_pct) > std::abs(*b->change_7d_pct);
    });
    if (moved.size() > kMovedShown) moved.resize(kMovedShown);
    out += "<h3>What moved since last week</h3>\n";
    if (moved.empty()) {
        out += "<p class=\"muted\">No model's median moved " + format_number(kMovedPct, 0) +
               "% or more in 7 days.</p>\n";
    } else {
        out += "<ul class=\"moved\">\n";
        for (const auto* row : moved) {
            const auto pct = *row->change_7d_pct;
            out += "<li" + filter_data(*row, page) + "><a href=\"#" + class_id(*row) + "\">" +
                   html_text(row->model.name) + "</a> <small>" +
                   html_text(schema::condition_name(row->condition)) + "</small> <span class=\"" +
                   (pct > 0 ? "up" : "down") + "\">" + (pct > 0 ? "+" : "") +
                   html_text(format_number(pct, 1)) + "%</span> to " +
                   money(row->median_usd, context.currency) + "</li>\n";
        }
        out += "</ul>\n";
    }
    // Side by side where the screen is wide enough: a condition per column.
    out += "<div class=\"glance\">\n";
    for (const auto condition : conditions) {
        std::string rows;
        for (const auto& row : report.rows) {
            if (row.condition != condition || row.rank != 1) continue;
            rows += "<tr" + filter_data(row, page) + "><td>" + html_text(row.vram_class.label) +
                    "</td><th scope=\"row\"><a href=\"#" + class_id(row) + "\">" +
                    html_text(row.model.name) + "</a>" + marks(row) + "</th>";
            if (key) {
                rows += number_cell(csv_cell(*key, row, context), key->page.unit, context.currency,
                                    "num key");
            }
            rows += "<td class=\"num\">" +
                    (row.basis_usd ? money(*row.basis_usd, context.currency) : "&ndash;") +
                    "</td></tr>\n";
        }
        if (rows.empty()) continue;
        out += "<div data-cond=\"" + html_text(schema::condition_name(condition)) + "\"><h3>" +
               "Best buy per class, " + html_text(schema::condition_name(condition)) +
               "</h3>\n<div class=\"scroll\"><table class=\"summary\"><thead><tr>"
               "<th scope=\"col\">Class</th><th scope=\"col\">Card</th><th scope=\"col\" "
               "class=\"num\">" +
               (key ? html_text(key->page.heading_for(context)) : std::string()) +
               "</th><th scope=\"col\" class=\"num\">" +
               html_text(capitalized(std::string(price_basis_name(context.basis)))) +
               "</th></tr></thead>\n<tbody>\n" + rows + "</tbody></table></div></div>\n";
    }
    out += "</div>\n";
    return out + "</section>\n";
}

// The filter row: condition, minimum VRAM, supported only, cooling (the script shows them and
// hides what they leave out; without a script they stay hidden and the page shows everything),
// and "all columns", which shows the columns a narrow screen folds away, script or not.
std::string filters(const Report& report, const std::vector<schema::ConditionClass>& conditions,
                    const PageInput& page) {
    std::string out = "<div class=\"filters\" role=\"group\" aria-label=\"filters\">\n";
    out +=
        "<label class=\"js\" hidden>Condition <select id=\"f-cond\"><option value=\"\">all"
        "</option>";
    for (const auto c : conditions) {
        const auto name = html_text(schema::condition_name(c));
        out += "<option value=\"" + name + "\">" + name + "</option>";
    }
    out +=
        "</select></label>\n<label class=\"js\" hidden>Min VRAM <select id=\"f-vram\">"
        "<option value=\"0\">any</option>";
    std::vector<int> uppers;
    for (const auto& row : report.rows) {
        const int gb = row.vram_class.upper_gb;
        if (gb > 0 && std::find(uppers.begin(), uppers.end(), gb) == uppers.end())
            uppers.push_back(gb);
    }
    std::sort(uppers.begin(), uppers.end());
    for (const int gb : uppers) {
        out +=
            "<option value=\"" + std::to_string(gb) + "\">" + std::to_string(gb) + " GB</option>";
    }
    out +=
        "</select></label>\n<label class=\"js\" hidden><input type=\"checkbox\" id=\"f-ok\"> "
        "supported only</label>\n<label class=\"js\" hidden>Cooling <select id=\"f-cool\">"
        "<option value=\"\">any</option>";
    std::vector<schema::Cooler> coolers;
    for (const auto& [model, seen] : page.coolers) {
        for (const auto c : seen) {
            if (std::find(coolers.begin(), coolers.end(), c) == coolers.end()) coolers.push_back(c);
        }
    }
    std::sort(coolers.begin(), coolers.end());
    for (const auto c : coolers) {
        const auto name = html_text(schema::cooler_name(c));
        out += "<option value=\"" + name + "\">" + name + "</option>";
    }
    out +=
        "</select></label>\n<label class=\"narrow\"><input type=\"checkbox\" id=\"f-all\"> "
        "all columns</label>\n</div>\n";
    return out;
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

// One card: the best buy of each VRAM class within the budget, as `recommend --count 1`.
std::string one_card_table(const std::vector<CardAdvice>& advice, const CsvContext& context) {
    std::string out =
        "<p class=\"muted\">The best-ranked card of each VRAM class within the budget "
        "(gpuprice recommend --count 1).</p>\n<div class=\"scroll\"><table class=\"plans\">"
        "<thead><tr><th scope=\"col\">Class</th><th scope=\"col\">Card</th>"
        "<th scope=\"col\" class=\"num\">Rank</th><th scope=\"col\">Cooler</th>"
        "<th scope=\"col\" class=\"num\">" +
        html_text(capitalized(std::string(price_basis_name(context.basis)))) +
        "</th><th scope=\"col\">Cheapest listing</th><th scope=\"col\">Caveats</th></tr>"
        "</thead>\n<tbody>\n";
    for (const auto& a : advice) {
        const auto& o = a.cheapest.observation;
        const bool no_shipping = context.shipping_included && !o.shipping_cents;
        out += "<tr data-cond=\"" + html_text(schema::condition_name(a.row.condition)) +
               "\" data-vram=\"" + format_number(a.row.model.vram_gb, 0) + "\" data-ok=\"" +
               (a.row.support.supported ? "1" : "0") + "\" data-cool=\"" +
               html_text(schema::cooler_name(a.build.cooler)) + "\"><td>" +
               html_text(a.row.vram_class.label) + "</td><th scope=\"row\">" +
               html_text(a.row.model.name) + " <small>" +
               html_text(schema::condition_name(a.row.condition)) + "</small>" + marks(a.row) +
               "</th><td class=\"num\">" +
               (a.row.rank ? std::to_string(*a.row.rank) : std::string("-")) + " of " +
               std::to_string(a.ranked_in_class) + "</td><td>" +
               html_text(schema::cooler_name(a.build.cooler)) + "</td><td class=\"num\">" +
               (a.row.basis_usd ? money(*a.row.basis_usd, context.currency) : "&ndash;") +
               "</td><td>" + link(o.item_url, money(a.cheapest.total_usd, context.currency, 2)) +
               (no_shipping ? " + shipping?" : "") + "</td><td>";
        for (std::size_t j = 0; j < a.caveats.size(); ++j) {
            out += (j ? "; " : "") + html_text(a.caveats[j]);
        }
        out += "</td></tr>\n";
    }
    return out + "</tbody></table></div>\n";
}

std::string boxes_section(const PageInput& page, const CsvContext& context) {
    std::string out =
        "<section id=\"builds\">\n<h2>Builds</h2>\n<p class=\"muted\">The "
        "planner's best builds for a few standard boxes, priced from the cheapest "
        "real listings of the night (gpuprice recommend).</p>\n";
    for (const auto& box : page.boxes) {
        out += "<h3>" + html_text(box.name) + "</h3>\n";
        if (!box.advice.empty()) {
            out += one_card_table(box.advice, context);
            continue;
        }
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
            out += "<tr data-cond=\"" + html_text(schema::condition_name(p.condition)) +
                   "\" data-vram=\"" + format_number(p.model.vram_gb, 0) + "\" data-ok=\"" +
                   (p.supported ? "1" : "0") + "\" data-cool=\"" +
                   html_text(schema::cooler_name(p.cooler)) + "\"><td class=\"num\">" +
                   std::to_string(p.rank) + "</td><th scope=\"row\">" + std::to_string(p.count) +
                   " &times; " + html_text(p.model.name) + " <small>" +
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
                // As the CLI marks it: the budget counts shipping, this listing states none.
                const bool no_shipping = context.shipping_included && !l.observation.shipping_cents;
                out += (j ? ", " : "") +
                       link(l.observation.item_url, money(l.total_usd, context.currency, 2)) +
                       (no_shipping ? " + shipping?" : "");
            }
            out += "</td><td>";
            const auto caveats = buyer_caveats(p, context);
            for (std::size_t j = 0; j < caveats.size(); ++j) {
                out += (j ? "; " : "") + html_text(caveats[j]);
            }
            out += "</td></tr>\n";
        }
        out += "</tbody></table></div>\n";
        for (const auto& better : box.result.better_with) {
            out += "<p class=\"hint\">" + html_text(better) + "</p>\n";
        }
    }
    return out + "</section>\n";
}

std::string firing_text(const WatchFiring& f, const CsvContext& context) {
    std::string out;
    for (const auto& c : f.crossings) {
        out += "<li>" + html_text(schema::condition_name(c.condition)) + " " +
               html_text(f.watch.price) + " crossed the line: " +
               (c.before ? money(*c.before, context.currency, 2) + " &rarr; " : std::string()) +
               money(c.now, context.currency, 2) + "</li>\n";
    }
    for (const auto& l : f.listings) {
        out += "<li>" + money(l.total_usd, context.currency, 2) + ": " +
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
    for (const auto* c : page_columns(context)) {
        out += "<dt>" + html_text(c->page.heading_for(context)) + "</dt><dd>" +
               html_text(c->page.about) + "</dd>\n";
    }
    out +=
        "<dt>30 nights</dt><dd><span class=\"legend\"><span class=\"sp-ask\">line</span>: "
        "asking median; <span class=\"sp-clr\">dots</span>: cleared median; <span "
        "class=\"sp-sold\">squares</span>: sold median; each night on one price scale per "
        "model, the first and last asking price at the line's ends (hover for the dates)."
        "</span></dd>\n";
    out += "<dt>Marks</dt><dd>" + html_text(support_marks_legend("Llbf")) +
           "; low sample: fewer listings than the minimum, not ranked; a module: needs an SXM/OAM "
           "server board, shown apart, not ranked. On a narrow screen the secondary columns fold "
           "away: tick \u201call columns\u201d to show them.</dd>\n";
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
    out += "<nav aria-label=\"sections\"><ul>\n<li><a href=\"#summary\">At a glance</a></li>\n";
    for (const auto c : conditions) {
        out += "<li><a href=\"#" + section_id(c) + "\">" + html_text(condition_title(c)) +
               "</a></li>\n";
    }
    out +=
        "<li><a href=\"#left-out\">Left out</a></li>\n<li><a href=\"#night\">The night</a>"
        "</li>\n<li><a href=\"#builds\">Builds</a></li>\n<li><a href=\"#watches\">Watches</a>"
        "</li>\n<li><a href=\"#columns\">Columns</a></li>\n</ul></nav>\n";
    out += filters(report, conditions, page) + "</header>\n<main>\n";
    out += fired_alert(page, context);
    if (!complete) {
        out += "<p class=\"alert\">" + html_text(context.night_status) + "</p>\n";
    }
    out += summary_section(report, context, conditions, page);
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
