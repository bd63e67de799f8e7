// How titles (and the phrases in the matcher's data files) are cut into words, so that
// "RTX3090Ti", "rtx 3090 ti" and "RTX-3090-TI" all read the same, while a part or inventory
// number ("ZT-T20700A-10P", "L4-9", "699-2G500-0200-300") stays one word in which no model
// name can be found.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace gpuprice::analysis {

// Lowercases ASCII letters; splits on anything that is not an ASCII letter or digit, and again
// where letters meet digits ("rtx3090ti" -> rtx 3090 ti, "24gb" -> 24 gb). '+' and '&' are kept
// as words of their own, since they join a card to what comes with it, and so is '=', which
// compares it with another ("= 5090"). Other bytes (UTF-8 symbols, invalid bytes) only separate
// words.
void tokenize(std::string_view text, std::vector<std::string>& words);
std::vector<std::string> tokenize(std::string_view text);

// Lets a set of std::string be asked about a std::string_view without building a string.
struct TransparentStringHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const noexcept {
        return std::hash<std::string_view>{}(text);
    }
};

// The words the matcher's rules know (every word of an alias, variant, exclusion or word class).
using TokenVocabulary = std::unordered_set<std::string, TransparentStringHash, std::equal_to<>>;

// As tokenize, but a part-number-like chunk becomes one lowercased word with its inner '-', '/',
// '.' and '_' kept. A chunk (a run of letters, digits and those separators) is a part number
// when it holds a digit and either
//   - is cut by a separator and one of its segments is foreign: a letter word the vocabulary does
//     not know, or a number not known and not a VRAM figure ("ZT-T20700A-10P", "L4-9",
//     "A2-4/A4905-1"), or it is digits only in three or more segments with a long one
//     ("900-21010-0000-000"); or
//   - is one segment in which letters and digits alternate at least twice and a letter word is
//     foreign ("PRIMERTX5070TIO16G", "VCG4070TS16TFXPB1").
// "RTX-3090-Ti", "V100-SXM2-16GB", "PCI-E", "4.0" and "RTX3090Ti" stay ordinary words.
// Returns how many part-number words it kept whole.
int tokenize_title(std::string_view text, const TokenVocabulary& vocabulary,
                   std::vector<std::string>& words);

// A word tokenize_title kept whole as a part number: it mixes letters and digits or holds a
// separator.
bool is_part_number(std::string_view word);

}  // namespace gpuprice::analysis
