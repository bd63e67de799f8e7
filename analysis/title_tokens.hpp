// How titles (and the phrases in the matcher's data files) are cut into words, so that
// "RTX3090Ti", "rtx 3090 ti" and "RTX-3090-TI" all read the same.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpuprice::analysis {

// Lowercases ASCII letters; splits on anything that is not an ASCII letter or digit, and again
// where letters meet digits ("rtx3090ti" -> rtx 3090 ti, "24gb" -> 24 gb). '+' and '&' are kept
// as words of their own, since they join a card to what comes with it. Other bytes (UTF-8 symbols,
// invalid bytes) only separate words.
void tokenize(std::string_view text, std::vector<std::string>& words);
std::vector<std::string> tokenize(std::string_view text);

}  // namespace gpuprice::analysis
