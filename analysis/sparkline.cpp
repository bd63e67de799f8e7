#include "analysis/sparkline.hpp"

#include <algorithm>
#include <optional>

#include "analysis/csv_format.hpp"
#include "analysis/html_text.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/market.hpp"

namespace gpuprice::analysis {

namespace {

constexpr double kWidth = 120;
constexpr double kHeight = 32;
constexpr double kPad = 3;

std::string num(double v) {
    return format_number(v, 1);
}

}  // namespace

std::string sparkline_svg(const std::vector<NightlyMedian>& nights, const std::string& from,
                          const std::string& to, const std::string& currency) {
    std::vector<const NightlyMedian*> shown;
    double low = 0, high = 0;
    bool any = false;
    const auto widen = [&](double v) {
        low = any ? std::min(low, v) : v;
        high = any ? std::max(high, v) : v;
        any = true;
    };
    for (const auto& n : nights) {
        if (n.night < from || n.night > to) continue;
        shown.push_back(&n);
        if (n.listings > 0) widen(n.median_usd);
        if (n.cleared_median_usd) widen(*n.cleared_median_usd);
        if (n.sold_median_usd) widen(*n.sold_median_usd);
    }
    if (!any) return {};
    const int span = std::max(1, schema::days_between(from, to));
    const auto x = [&](const std::string& night) {
        return kPad + (kWidth - 2 * kPad) * schema::days_between(from, night) / span;
    };
    const auto y = [&](double v) {
        if (high <= low) return kHeight / 2;
        return kHeight - kPad - (kHeight - 2 * kPad) * (v - low) / (high - low);
    };

    std::vector<std::pair<double, double>> points;
    std::string dots;
    std::optional<double> first_asking, last_asking;
    int cleared_nights = 0, sold_nights = 0;
    for (const auto* n : shown) {
        if (n->listings > 0) {
            points.emplace_back(x(n->night), y(n->median_usd));
            if (!first_asking) first_asking = n->median_usd;
            last_asking = n->median_usd;
        }
        if (n->cleared_median_usd) {
            ++cleared_nights;
            dots += "<circle class=\"sp-clr\" cx=\"" + num(x(n->night)) + "\" cy=\"" +
                    num(y(*n->cleared_median_usd)) + "\" r=\"2\"/>";
        }
        if (n->sold_median_usd) {
            ++sold_nights;
            const double cx = x(n->night), cy = y(*n->sold_median_usd);
            dots += "<rect class=\"sp-sold\" x=\"" + num(cx - 2) + "\" y=\"" + num(cy - 2) +
                    "\" width=\"4\" height=\"4\"/>";
        }
    }
    std::string label;
    if (first_asking) {
        label = "asking median " + schema::format_money(*first_asking, currency) + " on " +
                shown.front()->night + ", " + schema::format_money(*last_asking, currency) +
                " on " + shown.back()->night;
    } else {
        label = "no asking price";
    }
    label += "; cleared prices on " + std::to_string(cleared_nights) + " nights, sold on " +
             std::to_string(sold_nights) + "; range " + schema::format_money(low, currency) +
             " to " + schema::format_money(high, currency);
    // One point is no line: a short dash at its place.
    if (points.size() == 1) {
        const auto [px, py] = points.front();
        points = {{px - 3, py}, {px + 3, py}};
    }
    std::string line;
    for (const auto& [px, py] : points) line += (line.empty() ? "" : " ") + num(px) + "," + num(py);
    std::string svg = "<svg class=\"spark\" viewBox=\"0 0 " + num(kWidth) + " " + num(kHeight) +
                      "\" width=\"" + num(kWidth) + "\" height=\"" + num(kHeight) +
                      "\" role=\"img\" aria-label=\"" + html_text(label) + "\"><title>" +
                      html_text(label) + "</title>";
    if (!line.empty()) svg += "<polyline class=\"sp-ask\" points=\"" + line + "\"/>";
    return svg + dots + "</svg>";
}

}  // namespace gpuprice::analysis
