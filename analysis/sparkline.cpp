#include "analysis/sparkline.hpp"

#include <algorithm>
#include <optional>

#include "analysis/csv_format.hpp"
#include "analysis/html_text.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/market.hpp"

namespace gpuprice::analysis {

namespace {

// The line's box, with the first and last asking prices printed beside it.
constexpr double kBoxWidth = 176;
constexpr double kHeight = 32;
constexpr double kPad = 3;
constexpr double kLabel = 44;  // room for "$1,149" each side
// The price scale spans at least this share of the prices' middle either way: a 6 % dip is a
// small dip, not the box's full height.
constexpr double kMinSpread = 0.15;

std::string coordinate(double v) {
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
    // The time axis starts at the first night with asks (sold data often goes back further):
    // the line fills the box instead of a corner of it.
    std::string start;
    for (const auto& n : nights) {
        if (n.night < from || n.night > to) continue;
        if (n.listings > 0 && (start.empty() || n.night < start)) start = n.night;
    }
    if (start.empty()) start = from;
    for (const auto& n : nights) {
        if (n.night < start || n.night > to) continue;
        shown.push_back(&n);
        if (n.listings > 0) widen(n.median_usd);
        if (n.cleared_median_usd) widen(*n.cleared_median_usd);
        if (n.sold_median_usd) widen(*n.sold_median_usd);
    }
    if (!any) return {};
    const double middle = (low + high) / 2;
    const double bottom = std::min(low, middle * (1 - kMinSpread));
    const double top = std::max(high, middle * (1 + kMinSpread));
    const int span = std::max(1, schema::days_between(start, to));
    const double left = kLabel, right = kBoxWidth - kLabel;
    const auto x = [&](const std::string& night) {
        return left + kPad + (right - left - 2 * kPad) * schema::days_between(start, night) / span;
    };
    const auto y = [&](double v) {
        if (top <= bottom) return kHeight / 2;
        return kHeight - kPad - (kHeight - 2 * kPad) * (v - bottom) / (top - bottom);
    };

    std::vector<std::pair<double, double>> points;
    std::string dots;
    std::optional<double> first_asking, last_asking;
    std::string first_night, last_night;
    int cleared_nights = 0, sold_nights = 0;
    bool weekly = false;
    for (const auto* n : shown) {
        if (n->listings > 0) {
            points.emplace_back(x(n->night), y(n->median_usd));
            if (!first_asking) {
                first_asking = n->median_usd;
                first_night = n->night;
            }
            last_asking = n->median_usd;
            last_night = n->night;
        }
        if (n->cleared_median_usd) {
            ++cleared_nights;
            dots += "<circle class=\"sp-clr\" cx=\"" + coordinate(x(n->night)) + "\" cy=\"" +
                    coordinate(y(*n->cleared_median_usd)) + "\" r=\"2\"/>";
        }
        if (n->sold_median_usd) {
            ++sold_nights;
            weekly = weekly || n->sold_days == 7;
            const double cx = x(n->night), cy = y(*n->sold_median_usd);
            dots += "<rect class=\"sp-sold\" x=\"" + coordinate(cx - 2) + "\" y=\"" +
                    coordinate(cy - 2) + "\" width=\"4\" height=\"4\"/>";
        }
    }
    std::string label;
    if (first_asking) {
        label = "asking median " + schema::format_money(*first_asking, currency) + " on " +
                first_night + ", " + schema::format_money(*last_asking, currency) + " on " +
                last_night;
    } else {
        label = "no asking price";
    }
    label += "; cleared prices on " + std::to_string(cleared_nights) + " nights, " +
             (weekly ? "weekly sold medians of " + std::to_string(sold_nights) + " weeks"
                     : "sold on " + std::to_string(sold_nights)) +
             "; range " + schema::format_money(low, currency) + " to " +
             schema::format_money(high, currency);
    // One point is no line: a short dash at its place.
    if (points.size() == 1) {
        const auto [px, py] = points.front();
        points = {{px - 3, py}, {px + 3, py}};
    }
    std::string line;
    for (const auto& [px, py] : points)
        line += (line.empty() ? "" : " ") + coordinate(px) + "," + coordinate(py);
    std::string svg = "<svg class=\"spark\" viewBox=\"0 0 " + coordinate(kBoxWidth) + " " +
                      coordinate(kHeight) + "\" width=\"" + coordinate(kBoxWidth) + "\" height=\"" +
                      coordinate(kHeight) + "\" role=\"img\" aria-label=\"" + html_text(label) +
                      "\"><title>" + html_text(label) + "</title>";
    // The first and last asking prices in figures, at the line's ends: readable without hover.
    if (first_asking) {
        svg += "<text class=\"sp-txt\" x=\"" + coordinate(left - 2) + "\" y=\"" +
               coordinate(std::clamp(points.front().second + 4, 11.0, kHeight - 2)) +
               "\" text-anchor=\"end\">" +
               html_text(schema::format_money(*first_asking, currency)) +
               "</text><text class=\"sp-txt\" x=\"" + coordinate(right + 2) + "\" y=\"" +
               coordinate(std::clamp(points.back().second + 4, 11.0, kHeight - 2)) + "\">" +
               html_text(schema::format_money(*last_asking, currency)) + "</text>";
    }
    if (!line.empty()) svg += "<polyline class=\"sp-ask\" points=\"" + line + "\"/>";
    return svg + dots + "</svg>";
}

}  // namespace gpuprice::analysis
