// The page's one style sheet and one script, inlined into it (the page fetches nothing). The
// script only adds sorting: without it the page reads the same, tables in rank order.
#pragma once

#include <string_view>

namespace gpuprice::analysis {

// Light and dark (prefers-color-scheme), phone width (tables scroll sideways inside their
// frame), print (no navigation or buttons, listings opened).
std::string_view page_style();

// Turns each header of a table.sortable into a button (keyboard: Tab, Enter or Space) that sorts
// the rows by that column, numbers by their data-v value, empty values last; aria-sort says how
// the table is sorted. Opens every <details> before printing.
std::string_view page_script();

}  // namespace gpuprice::analysis
