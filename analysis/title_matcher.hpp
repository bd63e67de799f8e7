// Decides, for one eBay title, which catalog model it is (VRAM variant and form factor
// included), or why it is not a price for one card. A pure function of the title, optional item
// specifics and the rules from schema/catalog/, so it tests without I/O.
//
// Order of decisions, first that applies wins:
//   1. box-only, for-parts, system, lot, accessory: an exclusion phrase not neutralised by the
//      word before it ("no artifacting", "with waterblock", "for gaming PC" keep a card a card),
//      or a count pattern (2x RTX 3090, RTX 3090 x2, lot of 4, qty 3, 2 pcs).
//   2. No model named outside a "for"/"fits" mention: accessory if an accessory word is present,
//      else not-a-gpu; no model named at all: unknown-model if GPU words are present.
//   3. Each named model's candidates are narrowed by variant words (excludes, then stated VRAM,
//      then requires), then by item specifics; one left is `ok`, none is `unknown-model`
//      (a variant the catalog does not know), several are `ambiguous`. Never a guess.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "schema/rules/catalog.hpp"
#include "schema/domain/match_reason.hpp"
#include "schema/rules/match_rules.hpp"

namespace gpuprice::analysis {

// eBay item specifics (aspect name, value), e.g. {"Memory Size", "12 GB"}.
using ItemSpecifics = std::vector<std::pair<std::string, std::string>>;

struct MatchResult {
    schema::MatchReason reason = schema::MatchReason::not_a_gpu;
    const schema::GpuModel* model = nullptr;  // set exactly when reason is ok
    std::string_view evidence;                // the rule phrase that decided, if any
};

class TitleMatcher {
  public:
    // Both must outlive the matcher.
    TitleMatcher(const schema::Catalog& catalog, const schema::MatchRules& rules);

    MatchResult match(std::string_view title, const ItemSpecifics* specifics = nullptr) const;

  private:
    struct Phrase {
        std::vector<std::string> words;
        int target = 0;  // alias group or exclusion rule index
    };
    using PhraseIndex = std::unordered_map<std::string, std::vector<Phrase>>;
    struct Occurrence {
        std::size_t start = 0;
        std::size_t length = 0;
        int target = 0;
    };
    struct Variants {
        std::vector<std::vector<std::string>> required;  // any one of them
        std::vector<std::vector<std::string>> excluded;
        std::vector<double> extra_vram;
    };

    static void add_phrase(PhraseIndex& index, const std::string& text, int target);
    // Longest phrase at each position, left to right, not overlapping.
    static std::vector<Occurrence> find(const PhraseIndex& index,
                                        const std::vector<std::string>& words);
    unsigned kinds(const std::string& word) const;
    bool neutralized(const std::vector<std::string>& words, std::size_t start,
                     const schema::ExclusionRule& rule) const;
    bool is_mention(const std::vector<std::string>& words, std::size_t start) const;
    bool count_pattern(const std::vector<std::string>& words,
                       const std::vector<Occurrence>& models) const;
    std::vector<int> narrow(std::vector<int> candidates, const std::vector<std::string>& words,
                            const ItemSpecifics* specifics, bool& vram_conflict) const;
    std::vector<int> filter_by_words(std::vector<int> candidates,
                                     const std::vector<std::string>& words) const;

    const schema::Catalog* catalog_;
    PhraseIndex aliases_;
    PhraseIndex exclusions_;
    std::vector<std::vector<int>> alias_models_;  // per alias: catalog model indices
    std::vector<std::string> alias_text_;
    std::vector<schema::ExclusionRule> exclusion_rules_;
    std::unordered_map<std::string, unsigned> word_kinds_;
    std::vector<Variants> variants_;  // per catalog model index
};

}  // namespace gpuprice::analysis
