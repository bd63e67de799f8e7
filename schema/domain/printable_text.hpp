// Text from strangers (eBay titles, eBay error bodies, a user's titles) made safe to print,
// log, store and put in a CSV. Removed: C0 and C1 control characters (escape sequences that
// retitle or clear a terminal, NUL, CR/LF that forge a log line) and the Unicode bidirectional
// overrides and isolates (which make a terminal or spreadsheet show text in another order than
// it is). A tab or line break becomes a space, so words stay apart. Everything else, invalid
// UTF-8 included, passes unchanged.
#pragma once

#include <string>
#include <string_view>

namespace gpuprice::schema {

std::string printable_text(std::string_view text);

// The same, keeping '\n' between lines: for multi-line messages (a run's stored problems).
std::string printable_lines(std::string_view text);

}  // namespace gpuprice::schema
