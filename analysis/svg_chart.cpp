#include "analysis/svg_chart.hpp"

#include <algorithm>
#include <cmath>

#include "analysis/csv_format.hpp"

namespace gpuprice::analysis {

namespace {

constexpr int kWidth = 960;
constexpr int kLabelWidth = 250;
constexpr int kBarArea = 580;
constexpr int kRowHeight = 20;
constexpr int kTop = 70;
constexpr const char* kColors[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759",
                                   "#76b7b2", "#edc948", "#b07aa1", "#9c755f"};

// A round axis maximum: 1, 2 or 5 times a power of ten.
double nice_ceiling(double value) {
    if (value <= 0) return 1;
    const double power = std::pow(10.0, std::floor(std::log10(value)));
    for (double step : {1.0, 2.0, 5.0, 10.0}) {
        if (value <= step * power) return step * power;
    }
    return 10 * power;
}

std::string num(double v) {
    return format_number(v, 1);
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

std::string svg_chart(const Report& report, const CsvContext& context) {
    std::vector<const ReportRow*> rows;
    for (const auto& row : report.rows) {
        if (row.gflops_per_usd && !row.no_matrix_units) rows.push_back(&row);
    }
    double max_value = 0;
    for (const auto* row : rows) max_value = std::max(max_value, *row->gflops_per_usd);
    const double axis_max = nice_ceiling(max_value);

    int groups = 0;
    {
        std::optional<schema::ConditionClass> condition;
        int upper = -1;
        for (const auto* row : rows) {
            if (row->condition != condition || row->vram_class.upper_gb != upper) ++groups;
            condition = row->condition;
            upper = row->vram_class.upper_gb;
        }
    }
    const int height = kTop + static_cast<int>(rows.size()) * kRowHeight + groups * 28 + 60;
    const auto label = precision_label(context.precision, context.sparsity);
    std::string svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(kWidth) +
           "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(kWidth) +
           " " + std::to_string(height) + "\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n";
    svg += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
    svg += "<text x=\"20\" y=\"30\" font-size=\"18\" font-weight=\"bold\">Tensor GFLOPS per USD (" +
           xml_escape(label) + ", " + std::string(sparsity_note(context.sparsity)) + ")</text>\n";
    svg +=
        "<text x=\"20\" y=\"50\" font-size=\"12\" fill=\"#555555\">Median eBay price incl. known "
        "shipping, as of " +
        xml_escape(context.as_of) +
        "; bars grouped by VRAM class; pale bars: fewer listings than the minimum</text>\n";

    // Grid lines and axis labels.
    const int plot_bottom = height - 40;
    for (int tick = 0; tick <= 5; ++tick) {
        const double value = axis_max * tick / 5;
        const double x = kLabelWidth + kBarArea * value / axis_max;
        svg += "<line x1=\"" + num(x) + "\" y1=\"" + std::to_string(kTop - 10) + "\" x2=\"" +
               num(x) + "\" y2=\"" + std::to_string(plot_bottom) + "\" stroke=\"#dddddd\"/>\n";
        svg += "<text x=\"" + num(x) + "\" y=\"" + std::to_string(plot_bottom + 16) +
               "\" font-size=\"11\" text-anchor=\"middle\" fill=\"#555555\">" +
               format_number(value, value < 10 ? 1 : 0) + "</text>\n";
    }

    svg += "<text x=\"" + num(kLabelWidth + kBarArea / 2.0) + "\" y=\"" +
           std::to_string(plot_bottom + 32) +
           "\" font-size=\"11\" text-anchor=\"middle\" fill=\"#555555\">GFLOPS per USD</text>\n";
    int y = kTop;
    int color = -1;
    std::optional<schema::ConditionClass> condition;
    int upper = -1;
    for (const auto* row : rows) {
        if (row->condition != condition || row->vram_class.upper_gb != upper) {
            condition = row->condition;
            upper = row->vram_class.upper_gb;
            color = (color + 1) % static_cast<int>(std::size(kColors));
            y += 8;
            svg += "<text x=\"20\" y=\"" + std::to_string(y + 12) +
                   "\" font-size=\"13\" font-weight=\"bold\" fill=\"" + kColors[color] + "\">" +
                   xml_escape(row->vram_class.label) + " - " +
                   xml_escape(std::string(schema::condition_name(*condition))) + "</text>\n";
            y += 20;
        }
        const double value = *row->gflops_per_usd;
        const double width = std::max(1.0, kBarArea * value / axis_max);
        svg += "<text x=\"" + std::to_string(kLabelWidth - 8) + "\" y=\"" + std::to_string(y + 14) +
               "\" font-size=\"12\" text-anchor=\"end\">" + xml_escape(row->model.model) +
               (row->model.slots ? "" : " (SXM)") + "</text>\n";
        svg += "<rect x=\"" + std::to_string(kLabelWidth) + "\" y=\"" + std::to_string(y + 3) +
               "\" width=\"" + num(width) + "\" height=\"" + std::to_string(kRowHeight - 6) +
               "\" fill=\"" + kColors[color] + "\"" +
               (row->low_sample ? " fill-opacity=\"0.35\"" : "") + "/>\n";
        svg += "<text x=\"" + num(kLabelWidth + width + 6) + "\" y=\"" + std::to_string(y + 14) +
               "\" font-size=\"11\" fill=\"#333333\">" + format_number(value, 1) + " ($" +
               format_number(row->median_usd, 0) + ", n=" + std::to_string(row->listings) +
               ")</text>\n";
        y += kRowHeight;
    }
    if (rows.empty()) {
        svg += "<text x=\"20\" y=\"" + std::to_string(kTop + 20) +
               "\" font-size=\"14\">No priced cards with this precision.</text>\n";
    }
    svg += "</svg>\n";
    return svg;
}

}  // namespace gpuprice::analysis
