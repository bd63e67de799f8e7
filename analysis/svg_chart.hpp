// The report as a chart: GFLOPS per USD per model, horizontal bars grouped by VRAM class, like
// the plots buyers share. Each class has its own axis (cards are compared within a class) and
// its own colour in every chart; a bar over twice the next one of its class is cut off and
// labelled. Plain SVG 1.1, no scripts, no external resources.
#pragma once

#include <string>
#include <string_view>

#include "analysis/price_report.hpp"
#include "analysis/report_csv.hpp"

namespace gpuprice::analysis {

// `hatch_id` names the pattern that hatches unsupported cards' bars: an id, so unique on a page
// that inlines several charts (one per VRAM class).
std::string svg_chart(const Report& report, const CsvContext& context,
                      std::string_view hatch_id = "legacy");

// &, <, >, " and ' as XML entities.
std::string xml_escape(std::string_view text);

}  // namespace gpuprice::analysis
