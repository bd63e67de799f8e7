// search_terms.csv: what the fetcher sends as Browse's `q` for each model family, the words
// sellers actually write (issue 21, audit E5/E12), and the rule by which eBay's keyword search
// returns a title for such a `q`, so that the terms can be measured on real titles.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace gpuprice::schema {

struct SearchTerm {
    std::string family;  // the family name coverage and reports use ("RTX 3080")
    std::string q;       // "(3080,RTX3080,3080Ti,RTX3080Ti)"
    std::string source;
};

// One keyword of a `q`: the words any one of which satisfies it (one word, or the alternatives of
// a parenthesised OR group), lowercased.
using KeywordAlternatives = std::vector<std::string>;

// Parses a Browse `q` as search_terms.csv writes it: keywords separated by spaces (ANDed), each a
// word or a group "(a,b,c)" without nesting or spaces inside (ORed). Throws std::invalid_argument
// naming what is wrong (an unclosed or empty group, an empty alternative).
std::vector<KeywordAlternatives> parse_keywords(std::string_view q);

// The words of a title as eBay's keyword search compares them, lowercased: runs of ASCII letters,
// digits and the joiners - . + & (eBay's own example: "police k-9" finds the word k-9), split at
// spaces, other ASCII punctuation and every non-ASCII character (RTX(TM) 4090 is the word rtx),
// joiners at either end dropped. Conservative: whether eBay also splits at a hyphen or matches
// item aspects is not assumed, so a measured share is a lower bound.
std::vector<std::string> title_words(std::string_view title);

// Whether a search for `keywords` returns a listing titled `title` by the rule above: every
// keyword has an alternative among the title's words.
bool keywords_match(const std::vector<KeywordAlternatives>& keywords, std::string_view title);

// The lowercased words of a family name ("RTX 3080" -> {rtx, 3080}): a family covers the models
// whose name holds every one of them.
std::set<std::string> family_words(std::string_view family);

// Reads <dir>/search_terms.csv; a bad row (no family, a q that does not parse, a family twice)
// throws DataFileError naming file, line and column.
std::vector<SearchTerm> load_search_terms(const std::string& dir);

// The row of `family`, or nullptr.
const SearchTerm* find_search_term(const std::vector<SearchTerm>& terms, std::string_view family);

}  // namespace gpuprice::schema
