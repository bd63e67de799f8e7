#include "analysis/phrase_index.hpp"

#include <algorithm>
#include <utility>

namespace gpuprice::analysis {

void PhraseIndex::add(std::vector<std::string> words, int target) {
    first_words_.add(words.front());
    auto& bucket = by_first_word_[words.front()];
    bucket.push_back({std::move(words), target});
    // Longest first, so that "rtx 3090 ti" wins over "rtx 3090".
    std::stable_sort(bucket.begin(), bucket.end(), [](const Phrase& a, const Phrase& b) {
        return a.words.size() > b.words.size();
    });
}

std::vector<PhraseIndex::Occurrence> PhraseIndex::find(const std::vector<std::string>& words,
                                                       Overlap overlap) const {
    std::vector<Occurrence> found;
    for (std::size_t i = 0; i < words.size();) {
        std::size_t advance = 1;
        if (!first_words_.may_contain(words[i])) {
            ++i;
            continue;
        }
        if (const auto it = by_first_word_.find(words[i]); it != by_first_word_.end()) {
            for (const auto& phrase : it->second) {
                const auto n = phrase.words.size();
                if (i + n > words.size() ||
                    !std::equal(phrase.words.begin(), phrase.words.end(), words.begin() + i)) {
                    continue;
                }
                found.push_back({i, n, phrase.target});
                if (overlap == Overlap::none) advance = n;
                break;
            }
        }
        i += advance;
    }
    return found;
}

}  // namespace gpuprice::analysis
