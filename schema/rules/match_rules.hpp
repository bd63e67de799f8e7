// The title matcher's data, read from schema/catalog/: aliases (title phrases naming catalog
// models), variant words, exclusion phrases and word classes. Kept as files so that a user can
// teach gpuprice a new card without recompiling.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "schema/domain/match_reason.hpp"
#include "schema/rules/catalog.hpp"

namespace gpuprice::schema {

// aliases.csv: a phrase and the catalog SKUs (keys) it may mean. An empty list names a GPU that
// is deliberately not in the catalog (RTX 4090 D, Titan Xp ...).
struct AliasRule {
    std::string phrase;
    std::vector<std::string> skus;
};

// variants.csv: a word that a SKU `requires` (one of them; soft), a word that `excludes` it, or a
// word it is `only-with` (one of them; without any, the SKU is impossible).
enum class VariantEffect { required, excluded, only_with };
struct VariantRule {
    std::string sku;
    std::string word;
    VariantEffect effect = VariantEffect::required;
};

// stated_vram.csv: a memory figure a title may state for a SKU's name besides its own vram_gb.
// `same_card`: sellers state it for this very card (a board's total, e.g. A16 64 GB); else the
// name is also sold with that memory as a card the catalog lacks (Arc A770 8 GB), and the SKU is
// chosen only when its own memory is stated (the matcher needs only to know there is one).
struct StatedVramRule {
    std::string sku;
    double vram_gb = 0;
    bool same_card = false;
};

// match_words.csv classes. purpose, negator and inclusion words neutralise an exclusion phrase
// after them (joiners only right after them); noise words are skipped when looking back; gpu
// words make an unmatched title an unknown model rather than not a GPU; count words make "qty 3"
// and "2 pcs" a lot, and a spelled count ("TWO RTX 3070") counts like a digit; lanes words make
// "PCIe x8" not a lot of eight.
enum class WordKind {
    noise,
    purpose,
    negator,
    inclusion,
    joiner,
    gpu,
    count_prefix,
    count_unit,
    count_word,
    lanes,
    accessory_maker,
    duration,
    sold_alone
};

// exclusions.csv `when`: where a phrase rejects a listing.
enum class ExclusionWhen {
    always,
    // only when the GPU is merely mentioned ("fan for RTX 3090"; "triple fan" is a card's cooler)
    mentioned,
    // never: a longer phrase that keeps the phrases inside it from firing ("desktop graphics
    // card" is a card, "see picture" is not a picture), not one that runs past it ("damaged box
    // only" is a box)
    never,
    // not when it follows the card's memory ("10GB GDDR6X ... Metal Backplate") in a title that
    // mentions nothing it fits and opens with no accessory maker
    unless_card_stated
};

// exclusions.csv: a phrase that rejects a listing with `reason`, unless one of the word kinds in
// `neutralized_by` stands right before it ("no artifacting", "with waterblock").
struct ExclusionRule {
    MatchReason reason = MatchReason::not_a_gpu;
    std::string phrase;
    std::vector<WordKind> neutralized_by;
    ExclusionWhen when = ExclusionWhen::always;
};

// part_numbers.csv: a board, AIB or OEM part number pattern ('*' any run of characters, matched
// against a part-number word of the title, lowercased) and what it decides: the catalog SKUs
// (keys) it can be, or that it is a GPU the catalog lacks, and/or the VRAM it encodes.
struct PartNumberRule {
    std::string pattern;
    std::vector<std::string> skus;
    bool outside_catalog = false;  // models column `-`: a GPU the catalog does not have
    std::optional<double> vram_gb;
};

// match_words.csv
struct WordRule {
    WordKind kind = WordKind::noise;
    std::string word;
};

struct MatchRules {
    std::vector<AliasRule> aliases;
    std::vector<VariantRule> variants;
    std::vector<StatedVramRule> stated_vram;
    std::vector<ExclusionRule> exclusions;
    std::vector<WordRule> words;
    std::vector<PartNumberRule> part_numbers;
};

// Reads the six files from `dir`, checking every SKU key against `catalog`. Throws
// DataFileError naming file, line and column.
MatchRules load_match_rules(const std::string& dir, const Catalog& catalog);

}  // namespace gpuprice::schema
