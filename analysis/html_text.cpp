#include "analysis/html_text.hpp"

#include "analysis/svg_chart.hpp"
#include "schema/domain/ascii_case.hpp"
#include "schema/domain/printable_text.hpp"

namespace gpuprice::analysis {

std::string html_text(std::string_view text) {
    // &apos; is HTML5's as much as XML's: one escaping for the chart and the page.
    return xml_escape(schema::printable_text(text));
}

std::string web_link(std::string_view url) {
    std::string lower;
    for (char c : url.substr(0, 8)) lower += schema::ascii_lower(c);
    if (!lower.starts_with("https://") && !lower.starts_with("http://")) return {};
    for (unsigned char c : url) {
        if (c <= ' ' || c == 0x7f) return {};
    }
    return html_text(url);
}

std::string html_id(std::string_view text) {
    std::string out;
    for (char c : text) {
        const char lower = schema::ascii_lower(c);
        if ((lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9')) {
            out += lower;
        } else if (!out.empty() && out.back() != '-') {
            out += '-';
        }
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out;
}

}  // namespace gpuprice::analysis
