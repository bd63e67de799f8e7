// A quick "surely not in the set" answer before a word is hashed: most words of a title ("gaming",
// "nvidia", "new") start no phrase and have no kind, and hashing every one of them twice or
// three times was a tenth of the matcher's time.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

namespace gpuprice::analysis {

class WordPrefilter {
  public:
    void add(std::string_view word) {
        if (!word.empty()) slots_[slot(word)] |= length_bit(word.size());
    }
    // False only when `word` was never added; true may still be a miss.
    bool may_contain(std::string_view word) const {
        return !word.empty() && (slots_[slot(word)] & length_bit(word.size())) != 0;
    }

  private:
    // Keyed by the first and last letters and the length.
    static std::size_t slot(std::string_view word) {
        const auto first = static_cast<unsigned char>(word.front());
        const auto last = static_cast<unsigned char>(word.back());
        return (static_cast<std::size_t>(first) * 31u + last) % kSlots;
    }
    static std::uint64_t length_bit(std::size_t length) {
        return std::uint64_t{1} << std::min<std::size_t>(length, 63);
    }
    static constexpr std::size_t kSlots = 1024;
    std::array<std::uint64_t, kSlots> slots_{};
};

}  // namespace gpuprice::analysis
