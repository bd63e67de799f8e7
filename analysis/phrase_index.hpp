// Phrases of words found in a title's words, longest first: the title matcher's model aliases
// and exclusion phrases, and the listing attributes' cooler and width phrases. Pure.
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

#include "analysis/word_prefilter.hpp"

namespace gpuprice::analysis {

class PhraseIndex {
  public:
    // A phrase found: words [start, start + length) of the title, and what it stands for.
    struct Occurrence {
        std::size_t start = 0;
        std::size_t length = 0;
        int target = 0;
    };
    // Longest phrase at each position, left to right: not overlapping (a phrase found is
    // skipped past), or at every start (where a phrase hides only what lies inside it).
    enum class Overlap { none, every_start };

    // `words` (already tokenized, at least one) stand for `target`. Of two phrases of one length
    // at one position, the one added first is found.
    void add(std::vector<std::string> words, int target);
    std::vector<Occurrence> find(const std::vector<std::string>& words,
                                 Overlap overlap = Overlap::none) const;

  private:
    struct Phrase {
        std::vector<std::string> words;
        int target = 0;
    };
    std::unordered_map<std::string, std::vector<Phrase>> by_first_word_;  // longest first
    WordPrefilter first_words_;
};

}  // namespace gpuprice::analysis
