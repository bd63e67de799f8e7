// Decides, for one eBay title, which catalog model it is (VRAM variant and form factor
// included), or why it is not a price for one card. A pure function of the title, optional item
// specifics and the rules from schema/catalog/, so it tests without I/O.
//
// Order of decisions, first that applies wins:
//   1. box-only, for-parts, system, lot, accessory: an exclusion phrase not neutralised by the
//      word before it ("no artifacting", "with waterblock", "for gaming PC" keep a card a card),
//      or a count pattern (2x RTX 3090, RTX 3090 x2, lot of 4, qty 3, 2 pcs, TWO RTX 3070).
//   2. No model named outside a "for"/"fits"/"want"/"than" mention or after a negator ("not
//      NVIDIA A100"): accessory if an accessory word is present, else not-a-gpu; no model named at
//      all: unknown-model if GPU words are present. Keyword lists ("3080 3090") name nothing, nor
//      does a shorter spelling of a name given in full, at the title's end or before a part
//      number ("RX 7900 XTX ... RX 7900 11322-02-20G").
//   3. Each named model's candidates are narrowed by a part number in the title (part_numbers.csv),
//      by variant words (excludes, then stated VRAM, then requires; a word right after a negator
//      counts as absent, and "no SXM" rules the SXM variants out), by the VRAM a part number
//      encodes, and last by the item's aspects; one left is `ok` (unless the same name is also
//      sold with a memory the catalog lacks and nothing states it: stated_vram.csv other-card, then
//      `ambiguous`), none is `unknown-model` (a variant the catalog does not know), several are
//      `ambiguous`. Never a guess.
//   4. Aspects only decide what the title left open: an aspect that contradicts the model the
//      title decided (another VRAM, an excluding form factor, another chipset) makes the listing
//      `ambiguous`. Aspect values "Not Specified" and the like are no evidence.
// Titles are cut into words twice: exclusion phrases read every word ("i7" in "i7-8700K"), model
// names are looked for only outside part-number words (tokenize_title), so that "ZT-T20700A-10P"
// never reads as an A10.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "analysis/phrase_index.hpp"
#include "analysis/title_tokens.hpp"
#include "analysis/word_prefilter.hpp"
#include "schema/domain/match_evidence.hpp"
#include "schema/domain/match_reason.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/match_rules.hpp"

namespace gpuprice::analysis {

// eBay item aspects (name, value), e.g. {"Memory Size", "12 GB"}, from getItem's
// localizedAspects or from the aspect_filter a listing was found under.
using ItemSpecifics = std::vector<std::pair<std::string, std::string>>;

struct MatchResult {
    schema::MatchReason reason = schema::MatchReason::not_a_gpu;
    const schema::GpuModel* model = nullptr;  // set exactly when reason is ok
    // The rule phrase that decided, if any: a copy, so a result outlives its matcher.
    std::string evidence;
    // Which kind of evidence decided: the title's words, a part number, or the aspects.
    schema::MatchEvidence decided_by = schema::MatchEvidence::title;
};

class TitleMatcher {
  public:
    // The catalog must outlive the matcher and its results (`model` points into it); the rules
    // are copied. Throws std::invalid_argument when a rule names a model the catalog lacks or a
    // phrase has no word to match (load_match_rules refuses both with file and line; this
    // guards every other caller).
    TitleMatcher(const schema::Catalog& catalog, const schema::MatchRules& rules);

    MatchResult match(std::string_view title, const ItemSpecifics* specifics = nullptr) const;

  private:
    // A target is an alias group or an exclusion rule's index.
    using Occurrence = PhraseIndex::Occurrence;
    using Overlap = PhraseIndex::Overlap;
    struct Variants {
        std::vector<std::vector<std::string>> required;   // any one of them
        std::vector<std::vector<std::string>> only_with;  // any one of them, or impossible
        std::vector<std::vector<std::string>> excluded;
        std::vector<double> extra_vram;
        // The same name is sold with a memory the catalog lacks: chosen only when stated.
        bool needs_stated_vram = false;
    };

    static void add_phrase(PhraseIndex& index, const std::string& text, int target);
    unsigned kinds(const std::string& word) const;
    bool neutralized(const std::vector<std::string>& words, std::size_t start,
                     const schema::ExclusionRule& rule) const;
    bool is_mention(const std::vector<std::string>& words, std::size_t start, bool part_sold) const;
    // A negator before the model, GPU words between: "not NVIDIA A100".
    bool negated_model(const std::vector<std::string>& words, std::size_t start) const;
    bool count_pattern(const std::vector<std::string>& words,
                       const std::vector<Occurrence>& models) const;
    // What the part-number words of a title decide.
    struct PartNumberEvidence {
        std::vector<int> models;  // catalog model indices, empty if none decided
        bool outside_catalog = false;
        std::vector<int> vram;
    };
    PartNumberEvidence part_numbers(const std::vector<std::string>& words) const;
    std::optional<std::size_t> card_memory_at(const std::vector<std::string>& words) const;
    // Drops what is not the listing's own model: keyword runs ("... 3080 3090"), a title cut
    // off after a shorter name of a model it named in full ("RTX 5070 Ti ... RTX 5070") and such
    // a shorter name before a part number ("RX 7900 XTX ... RX 7900 11322-02-20G").
    void drop_noise(std::vector<Occurrence>& named, const std::vector<std::string>& words) const;
    std::vector<Occurrence> models_in_part_numbers(const std::vector<std::string>& words) const;
    // "4080 16GB SUPER": a suffix after the VRAM still belongs to the model name.
    void extend_past_vram(std::vector<Occurrence>& models,
                          const std::vector<std::string>& words) const;
    bool negated(const std::vector<std::string>& words, std::size_t at) const;
    // Where an occurrence of a sequence is asked for: right after a negator ("no box"), or not.
    enum class Negation { not_negated, negated };
    // Is `sequence` in `words` with the negation asked for?
    bool occurs(const std::vector<std::string>& words, const std::vector<std::string>& sequence,
                Negation negation) const;
    bool fits_vram(int model, const std::vector<int>& vram) const;
    // Where words come from. A title that lacks every only-with word of a variant rules it out
    // (sellers say what sets a modded card apart); aspects that lack them say nothing: most
    // items carry none, and an absent aspect is unknown, not a contradiction.
    enum class WordSource { title, aspects };
    bool excluded_by(int model, const std::vector<std::string>& words, WordSource source) const;
    std::vector<int> filter_by_words(std::vector<int> candidates,
                                     const std::vector<std::string>& words,
                                     WordSource source) const;
    std::vector<int> apply_required(std::vector<int> candidates,
                                    const std::vector<std::string>& words) const;
    MatchResult decide(std::vector<int> candidates, const std::vector<std::string>& words,
                       const PartNumberEvidence& parts, bool part_number_chose,
                       const ItemSpecifics* aspects, const std::string& evidence) const;

    const schema::Catalog* catalog_;
    PhraseIndex aliases_;
    PhraseIndex exclusions_;
    std::vector<std::vector<int>> alias_models_;  // per alias: catalog model indices
    std::vector<std::string> alias_text_;
    std::vector<std::vector<std::string>> alias_words_;
    std::unordered_map<std::string, int> alias_by_phrase_;  // words joined by ' ' -> alias
    TokenVocabulary vocabulary_;
    std::vector<schema::PartNumberRule> part_rules_;
    std::vector<std::vector<int>> part_models_;  // per part-number rule: model indices
    std::vector<schema::ExclusionRule> exclusion_rules_;
    std::unordered_map<std::string, unsigned> word_kinds_;
    WordPrefilter kind_words_;
    std::vector<Variants> variants_;  // per catalog model index
};

}  // namespace gpuprice::analysis
