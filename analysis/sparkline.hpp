// A model's last nights as a sparkline: its asking median as a line, the nights' cleared and
// sold medians as dots, on one price scale, in a small inline SVG. Its label says the same in
// words (first and last price, how many nights had cleared and sold prices), for screen readers
// and as a tooltip. Colours come from the page's CSS classes (sp-ask, sp-clr, sp-sold), so the
// sparkline follows light and dark.
#pragma once

#include <string>
#include <vector>

#include "analysis/price_history.hpp"

namespace gpuprice::analysis {

// Nights outside [from, to] are left out; `currency` names the prices in the label. Empty when
// no night of the window has a price.
std::string sparkline_svg(const std::vector<NightlyMedian>& nights, const std::string& from,
                          const std::string& to, const std::string& currency);

}  // namespace gpuprice::analysis
