#include "analysis/svg_chart.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "analysis/csv_format.hpp"
#include "analysis/support_caveat.hpp"
#include "schema/domain/market.hpp"

namespace gpuprice::analysis {

namespace {

constexpr int kWidth = 960;
constexpr int kLabelWidth = 250;
constexpr int kBarArea = 580;
constexpr int kRowHeight = 20;
constexpr int kTop = 70;
constexpr int kTicks = 5;
// One colour per VRAM class, in the order of the class table (Tableau 10), so 20-24 GB has
// the same colour in every chart; a class past the table is grey.
constexpr const char* kClassColors[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2",
                                        "#edc948", "#b07aa1", "#9c755f", "#ff9da7", "#79706e"};
constexpr const char* kOtherColor = "#999999";
// A bar more than this many times the next one in its class is cut at the axis's end and
// carries its value, so one module does not squash its class into slivers.
constexpr double kClipFactor = 2.0;
// About as many characters of the 11 px legend as the chart's width holds.
constexpr std::size_t kLegendChars = 150;

// A round axis maximum: 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten, each a fifth of
// it a round tick (0.3, 0.5, 0.8, 1.2 ...). The longest bar fills at least two thirds of the
// width; with 1, 2 and 5 a class whose best was 235 ran to 500 (UX N14).
double nice_ceiling(double value) {
    if (value <= 0) return 1;
    const double power = std::pow(10.0, std::floor(std::log10(value)));
    for (double step : {1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0}) {
        if (value <= step * power * (1 + 1e-12)) return step * power;
    }
    return 10 * power;
}

std::string num(double v) {
    return format_number(v, 1);
}

// "0", "400", "0.5", "0.04": as many decimals as the tick step needs, no more; the axis's start
// is "0" whatever the step (a "0.00" ran into the axis's name).
std::string tick_label(double value, double step) {
    if (value == 0) return "0";
    int decimals = 0;
    while (decimals < 3 && std::abs(step * std::pow(10.0, decimals) -
                                    std::round(step * std::pow(10.0, decimals))) > 1e-9) {
        ++decimals;
    }
    return format_number(value, decimals);
}

const char* class_color(const schema::VramClass& vram_class) {
    const int index = vram_class.index;
    if (index < 0 || index >= static_cast<int>(std::size(kClassColors))) return kOtherColor;
    return kClassColors[index];
}

// What the bars show: the report's rank key, turned so that a longer bar is always better
// (--rank-by vram ranks the lowest price per GB first; its bars are GB per 1,000 of the
// currency).
struct Metric {
    std::string title;  // the chart's title
    std::string axis;   // above each class's ticks
    std::optional<double> (*value)(const ReportRow& row);
    // The figure behind a bar of what a card does (training, generation), which says whether it
    // was measured or estimated; none for what a card promises or costs.
    const std::optional<PerfFigure>* (*figure)(const ReportRow& row) = nullptr;
};

const std::optional<PerfFigure>* training_figure(const ReportRow& row) {
    return &row.perf.train_rel;
}

const std::optional<PerfFigure>* generation_figure(const ReportRow& row) {
    return &row.perf.llm_tg_tok_s;
}

Metric training_metric(const std::string& currency) {
    return {"Training throughput (RTX 3090 = 1) per 1,000 " + currency, "per 1,000 " + currency,
            [](const ReportRow& r) { return r.train_per_kusd; }, training_figure};
}

Metric metric_of(RankBy rank_by, const std::string& currency) {
    switch (rank_by) {
        case RankBy::bandwidth:
            return {"Memory bandwidth per " + currency, "GB/s per " + currency,
                    [](const ReportRow& r) { return r.bandwidth_gbs_per_usd; }};
        case RankBy::vram:
            return {"VRAM per " + currency, "GB per 1,000 " + currency, [](const ReportRow& r) {
                        return r.usd_per_gb_vram && *r.usd_per_gb_vram > 0
                                   ? std::optional(1000.0 / *r.usd_per_gb_vram)
                                   : std::nullopt;
                    }};
        case RankBy::training:
            return training_metric(currency);
        case RankBy::inference:
            return {"llama.cpp tokens/s per 1,000 " + currency, "tok/s per 1,000 " + currency,
                    [](const ReportRow& r) { return r.llm_tg_per_kusd; }, generation_figure};
        case RankBy::tflops:
            break;
    }
    return {"Tensor GFLOPS per " + currency, "GFLOPS per " + currency,
            [](const ReportRow& r) { return r.no_matrix_units ? std::nullopt : r.gflops_per_usd; }};
}

// One class of one condition: its rows and its own axis.
struct Section {
    std::vector<const ReportRow*> rows;
    double axis_max = 1;
};

std::vector<Section> sections(const Report& report, const Metric& metric) {
    std::vector<Section> out;
    const ReportRow* previous = nullptr;
    for (const auto& row : report.rows) {
        if (!metric.value(row)) continue;
        if (!previous || row.condition != previous->condition ||
            row.vram_class.upper_gb != previous->vram_class.upper_gb) {
            out.emplace_back();
        }
        out.back().rows.push_back(&row);
        previous = &row;
    }
    // `used`, the tool's main market and the nightly chart's reason, first; the other
    // conditions after it in the report's order (UX N14: it was at the bottom of a tall chart).
    std::stable_partition(out.begin(), out.end(), [](const Section& section) {
        return section.rows.front()->condition == schema::ConditionClass::used;
    });
    for (auto& section : out) {
        // The scale is the ranked cards': an unranked one (too few listings, a module shown
        // apart) beyond it is cut off and labelled, so the longest bar is never the least
        // trustworthy (UX N14). A class with no ranked card scales to all of its bars.
        std::vector<double> values;
        for (const auto* row : section.rows)
            if (row->rank) values.push_back(*metric.value(*row));
        if (values.empty())
            for (const auto* row : section.rows) values.push_back(*metric.value(*row));
        std::sort(values.rbegin(), values.rend());
        double top = values.front();
        // Only a class of unranked cards clips its far outlier: a ranked #1 is the answer, and
        // drawn like an anomaly it read as one (UX P14).
        const bool ranked = std::any_of(section.rows.begin(), section.rows.end(),
                                        [](const ReportRow* row) { return row->rank.has_value(); });
        if (!ranked && values.size() > 1 && values[0] > kClipFactor * values[1]) top = values[1];
        section.axis_max = nice_ceiling(top);
    }
    return out;
}

}  // namespace

std::string xml_escape(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&apos;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

namespace {

// What a panel drew that the legend under the chart explains.
struct Drawn {
    std::string hatch_id;    // the id of the pattern that hatches unsupported cards' bars
    std::string marks;       // the support marks of its rows
    bool estimates = false;  // a hollow bar: an estimated figure
    bool hatched = false;    // a bar uses the hatch pattern
};

// The bars of one metric, class by class from `y` down; `y` ends below them.
std::string panel(const Report& report, const Metric& metric, const CsvContext& context, int& y,
                  Drawn& drawn) {
    std::string body;
    for (const auto& section : sections(report, metric)) {
        const auto& first = *section.rows.front();
        const char* color = class_color(first.vram_class);
        y += 8;
        body += "<text x=\"20\" y=\"" + std::to_string(y + 12) +
                "\" font-size=\"13\" font-weight=\"bold\" fill=\"" + color + "\">" +
                xml_escape(first.vram_class.label) + " - " +
                xml_escape(std::string(schema::condition_name(first.condition))) + "</text>\n";
        y += 20;
        // The class's own axis: tick labels above its bars, grid lines through them.
        const double step = section.axis_max / kTicks;
        const int grid_bottom = y + 4 + static_cast<int>(section.rows.size()) * kRowHeight;
        body += "<text x=\"" + std::to_string(kLabelWidth - 8) + "\" y=\"" +
                std::to_string(y + 10) +
                "\" font-size=\"10\" text-anchor=\"end\" fill=\"#555555\">" +
                xml_escape(metric.axis) + "</text>\n";
        for (int tick = 0; tick <= kTicks; ++tick) {
            const double value = step * tick;
            const double x = kLabelWidth + kBarArea * value / section.axis_max;
            body += "<line x1=\"" + num(x) + "\" y1=\"" + std::to_string(y + 14) + "\" x2=\"" +
                    num(x) + "\" y2=\"" + std::to_string(grid_bottom) + "\" stroke=\"#dddddd\"/>\n";
            body += "<text x=\"" + num(x) + "\" y=\"" + std::to_string(y + 10) +
                    "\" font-size=\"10\" text-anchor=\"middle\" fill=\"#555555\">" +
                    tick_label(value, step) + "</text>\n";
        }
        y += 14;
        for (const auto* row : section.rows) {
            const double value = *metric.value(*row);
            const auto row_marks = support_marks(row->support);
            drawn.marks += row_marks;
            // An estimate is hollow, its outline dashed: not what anyone measured the card doing.
            const auto* figure = metric.figure ? metric.figure(*row) : nullptr;
            const bool estimated = figure && *figure && (*figure)->basis == PerfBasis::estimated;
            drawn.estimates = drawn.estimates || estimated;
            const bool clipped = value > section.axis_max;
            const double width =
                std::max(1.0, kBarArea * std::min(value, section.axis_max) / section.axis_max);
            body += "<text x=\"" + std::to_string(kLabelWidth - 8) + "\" y=\"" +
                    std::to_string(y + 14) + "\" font-size=\"12\" text-anchor=\"end\">" +
                    xml_escape(row->model.name) +
                    (row->model.slots ? "" : " (" + xml_escape(row->model.form_factor) + ")") +
                    (row_marks.empty() ? "" : " [" + row_marks + "]") + "</text>\n";
            const std::string pale = row->low_sample ? "0.35" : "1";
            body += "<rect x=\"" + std::to_string(kLabelWidth) + "\" y=\"" + std::to_string(y + 3) +
                    "\" width=\"" + num(width) + "\" height=\"" + std::to_string(kRowHeight - 6) +
                    "\" fill=\"" + color + "\"" +
                    (estimated ? " fill-opacity=\"0.12\" stroke=\"" + std::string(color) +
                                     "\" stroke-width=\"1.5\" stroke-dasharray=\"4 2\" "
                                     "stroke-opacity=\"" +
                                     pale + "\" class=\"est\""
                     : row->low_sample ? " fill-opacity=\"0.35\""
                                       : "") +
                    "/>\n";
            if (!row->support.supported) {
                // Legacy cards hatched: current software no longer runs them.
                body += "<rect x=\"" + std::to_string(kLabelWidth) + "\" y=\"" +
                        std::to_string(y + 3) + "\" width=\"" + num(width) + "\" height=\"" +
                        std::to_string(kRowHeight - 6) + "\" fill=\"url(#" + drawn.hatch_id +
                        ")\"/>\n";
                drawn.hatched = true;
            }
            // Training per 1,000 of the currency runs about 0.1 to 5: two decimals there.
            const int decimals = metric.figure && value < 10 ? 2 : 1;
            const std::string figures =
                format_number(value, decimals) +
                (estimated ? ((*figure)->extrapolated ? " guess" : " est.") : "") + " (" +
                schema::format_money(row->basis_usd.value_or(row->median_usd), context.currency) +
                ", n=" + std::to_string(row->listings) + ")";
            if (clipped) {
                // A white break across the bar's end says it goes on; the value is on the bar.
                const double cut = kLabelWidth + width - 24;
                body += "<path d=\"M" + num(cut) + " " + std::to_string(y + 1) + " l6 0 l-6 " +
                        std::to_string(kRowHeight - 2) + " l-6 0 z\" fill=\"#ffffff\"/>\n";
                body += "<text x=\"" + num(cut - 14) + "\" y=\"" + std::to_string(y + 14) +
                        "\" font-size=\"11\" text-anchor=\"end\" fill=\"#111111\" "
                        "font-weight=\"bold\">" +
                        figures + ", off scale</text>\n";
            } else {
                body += "<text x=\"" + num(kLabelWidth + width + 6) + "\" y=\"" +
                        std::to_string(y + 14) + "\" font-size=\"11\" fill=\"#333333\">" + figures +
                        "</text>\n";
            }
            y += kRowHeight;
        }
        y += 6;
    }
    return body;
}

}  // namespace

std::string svg_chart(const Report& report, const CsvContext& context, std::string_view hatch_id) {
    const auto label = precision_label(context.precision, context.sparsity);
    const auto metric = metric_of(context.rank_by, context.currency);
    Drawn drawn;
    drawn.hatch_id = xml_escape(hatch_id);
    int y = kTop;
    std::string body = panel(report, metric, context, y, drawn);
    // What each card does beside what it promises or costs: training per 1,000 of the currency
    // for every card shown, whatever ranks (it is the chart itself when training ranks).
    if (context.rank_by != RankBy::training && !body.empty()) {
        const auto training = training_metric(context.currency);
        y += 16;
        body += "<text x=\"20\" y=\"" + std::to_string(y + 14) +
                "\" font-size=\"15\" font-weight=\"bold\">" + xml_escape(training.title) +
                "</text>\n";
        body += "<text x=\"20\" y=\"" + std::to_string(y + 32) +
                "\" font-size=\"12\" fill=\"#555555\">What each card does: measured (Lambda\u2019s "
                "PyTorch benchmarks) or, hollow with a dashed outline, estimated</text>\n";
        y += 36;
        body += panel(report, training, context, y, drawn);
    }
    if (body.empty()) {
        body = "<text x=\"20\" y=\"" + std::to_string(kTop + 20) +
               "\" font-size=\"14\">No priced cards with this precision.</text>\n";
        y = kTop + 40;
    }

    if (!drawn.marks.empty()) {
        // The marks' legend under the chart, a line per mark when all of them would run past the
        // chart's edge; hatched bars are the legacy (L) cards.
        const auto legend = support_marks_legend(drawn.marks);
        std::vector<std::string> lines{legend + " (hatched: L)"};
        if (lines.front().size() > kLegendChars) {
            lines.clear();
            for (std::size_t from = 0; from < legend.size();) {
                const auto end = legend.find("; ", from);
                lines.push_back(legend.substr(from, end == std::string::npos ? end : end - from));
                if (lines.back().starts_with("L ")) lines.back() += " (its bar hatched)";
                from = end == std::string::npos ? legend.size() : end + 2;
            }
        }
        for (const auto& line : lines) {
            body += "<text x=\"20\" y=\"" + std::to_string(y + 4) +
                    "\" font-size=\"11\" fill=\"#555555\">" + xml_escape(line) + "</text>\n";
            y += 16;
        }
    }
    if (drawn.estimates) {
        body += "<text x=\"20\" y=\"" + std::to_string(y + 4) +
                "\" font-size=\"11\" fill=\"#555555\">Hollow bars, dashed: estimated from peak "
                "FP16 and memory bandwidth, not measured (est.; guess: no card like it "
                "measured)</text>\n";
        y += 16;
    }
    // The last line drawn sits 4 below y; the margin under it.
    const int height = y + (drawn.marks.empty() && !drawn.estimates ? 20 : 8);
    std::string svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(kWidth) +
           "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(kWidth) +
           " " + std::to_string(height) + "\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n";
    if (drawn.hatched) {
        // Dark stripes: seen on a solid bar and on a hollow (estimated) one alike; white ones
        // vanished on the hollow bars, where most legacy cards are.
        svg += "<defs><pattern id=\"" + drawn.hatch_id +
               "\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
               "patternTransform=\"rotate(45)\"><rect width=\"3\" height=\"6\" fill=\"#000000\" "
               "fill-opacity=\"0.3\"/></pattern></defs>\n";
    }
    svg += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
    svg +=
        "<text x=\"20\" y=\"30\" font-size=\"18\" font-weight=\"bold\">" +
        xml_escape(metric.title) +
        // The precision bears on FLOPS only, not on GB or GB/s per unit of money (UX P14).
        (context.rank_by == RankBy::tflops
             ? " (" + xml_escape(label) + ", " + std::string(sparsity_note(context.sparsity)) + ")"
             : std::string()) +
        "</text>\n";
    svg += "<text x=\"20\" y=\"50\" font-size=\"12\" fill=\"#555555\">" +
           xml_escape(std::string(price_basis_label(context.basis))) +
           (context.shipping_included ? " incl. known shipping" : " without shipping") +
           ", as of " + xml_escape(context.as_of) +
           "; each VRAM class on its own scale; pale bars: fewer listings than the "
           "minimum</text>\n";
    return svg + body + "</svg>\n";
}

}  // namespace gpuprice::analysis
