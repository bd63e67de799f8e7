#include "analysis/title_matcher.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>

#include "analysis/title_tokens.hpp"

namespace gpuprice::analysis {

using schema::MatchReason;
using schema::WordKind;

namespace {

constexpr unsigned bit(WordKind kind) {
    return 1u << static_cast<unsigned>(kind);
}

// How far back an inclusion word still binds: "with EK Quantum Vector waterblock".
constexpr std::size_t kInclusionReach = 4;
// Counts that make a lot: 2x .. 10x.
constexpr int kMinLotCount = 2;
constexpr int kMaxLotCount = 10;
// VRAM figures we believe in a title ("24GB"); others are part numbers.
constexpr int kMinVramGb = 2;
constexpr int kMaxVramGb = 256;

std::optional<int> as_number(const std::string& word) {
    if (word.empty() || word.size() > 6) return std::nullopt;
    int value = 0;
    const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (ec != std::errc() || end != word.data() + word.size()) return std::nullopt;
    return value;
}

bool contains_sequence(const std::vector<std::string>& words,
                       const std::vector<std::string>& sequence) {
    if (sequence.empty() || sequence.size() > words.size()) return false;
    return std::search(words.begin(), words.end(), sequence.begin(), sequence.end()) != words.end();
}

// VRAM figures stated in `words`: "24 gb", "24 g".
std::vector<int> stated_vram(const std::vector<std::string>& words) {
    std::vector<int> vram;
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
        if (words[i + 1] != "gb" && words[i + 1] != "g") continue;
        if (auto n = as_number(words[i]); n && *n >= kMinVramGb && *n <= kMaxVramGb) {
            vram.push_back(*n);
        }
    }
    return vram;
}

}  // namespace

TitleMatcher::TitleMatcher(const schema::Catalog& catalog, const schema::MatchRules& rules)
    : catalog_(&catalog), variants_(catalog.models.size()) {
    auto model_index = [&](const std::string& name) {
        const auto* model = catalog.find_model(name);
        return static_cast<int>(model - catalog.models.data());
    };
    for (const auto& alias : rules.aliases) {
        std::vector<int> models;
        for (const auto& name : alias.models) models.push_back(model_index(name));
        add_phrase(aliases_, alias.phrase, static_cast<int>(alias_models_.size()));
        alias_models_.push_back(std::move(models));
        alias_text_.push_back(alias.phrase);
    }
    for (const auto& rule : rules.exclusions) {
        add_phrase(exclusions_, rule.phrase, static_cast<int>(exclusion_rules_.size()));
        exclusion_rules_.push_back(rule);
    }
    for (const auto& word : rules.words) {
        // "inno3d" reads as inno 3 d: classify its letters, never a bare number.
        for (const auto& token : tokenize(word.word)) {
            if (!as_number(token)) word_kinds_[token] |= bit(word.kind);
        }
    }
    for (const auto& variant : rules.variants) {
        auto& v = variants_[static_cast<std::size_t>(model_index(variant.model))];
        switch (variant.effect) {
            case schema::VariantEffect::required:
                v.required.push_back(tokenize(variant.word));
                break;
            case schema::VariantEffect::excluded:
                v.excluded.push_back(tokenize(variant.word));
                break;
            case schema::VariantEffect::also_vram:
                v.extra_vram.push_back(variant.vram_gb);
                break;
        }
    }
}

void TitleMatcher::add_phrase(PhraseIndex& index, const std::string& text, int target) {
    Phrase phrase{tokenize(text), target};
    auto& bucket = index[phrase.words.front()];
    bucket.push_back(std::move(phrase));
    // Longest first, so that "rtx 3090 ti" wins over "rtx 3090".
    std::stable_sort(bucket.begin(), bucket.end(), [](const Phrase& a, const Phrase& b) {
        return a.words.size() > b.words.size();
    });
}

std::vector<TitleMatcher::Occurrence> TitleMatcher::find(const PhraseIndex& index,
                                                         const std::vector<std::string>& words) {
    std::vector<Occurrence> found;
    for (std::size_t i = 0; i < words.size();) {
        std::size_t advance = 1;
        if (const auto it = index.find(words[i]); it != index.end()) {
            for (const auto& phrase : it->second) {
                const auto n = phrase.words.size();
                if (i + n > words.size() ||
                    !std::equal(phrase.words.begin(), phrase.words.end(), words.begin() + i)) {
                    continue;
                }
                found.push_back({i, n, phrase.target});
                advance = n;
                break;
            }
        }
        i += advance;
    }
    return found;
}

unsigned TitleMatcher::kinds(const std::string& word) const {
    const auto it = word_kinds_.find(word);
    return it == word_kinds_.end() ? 0u : it->second;
}

// Is the phrase at `start` defused by the word before it ("no artifacting", "with backplate",
// "for gaming pc")? Noise words in between are skipped; inclusion words reach a little further.
bool TitleMatcher::neutralized(const std::vector<std::string>& words, std::size_t start,
                               const schema::ExclusionRule& rule) const {
    unsigned allowed = 0;
    for (auto kind : rule.neutralized_by) allowed |= bit(kind);
    if (allowed == 0) return false;
    bool only_noise_between = true;
    std::size_t looked = 0;
    for (std::size_t i = start; i-- > 0 && looked < kInclusionReach; ++looked) {
        const unsigned k = kinds(words[i]);
        if ((k & allowed & (bit(WordKind::negator) | bit(WordKind::purpose))) &&
            only_noise_between) {
            return true;
        }
        if (k & allowed & bit(WordKind::inclusion)) return true;
        // "and", "+" join only their neighbours: "Nickel + Plexi water block" is a block.
        if ((allowed & bit(WordKind::inclusion)) && (k & bit(WordKind::joiner)) && looked == 0) {
            return true;
        }
        if (!(k & bit(WordKind::noise))) only_noise_between = false;
    }
    return false;
}

// "for RTX 3090", "fits NVIDIA 3090", "compatible with 3090": a model mentioned, not sold.
bool TitleMatcher::is_mention(const std::vector<std::string>& words, std::size_t start) const {
    for (std::size_t i = start; i-- > 0;) {
        const unsigned k = kinds(words[i]);
        if (k & bit(WordKind::purpose)) return true;
        if (!(k & (bit(WordKind::noise) | bit(WordKind::inclusion)))) return false;
    }
    return false;
}

// 2x RTX 3090 (at the start), RTX 3090 24GB x2, qty 3, 4 pcs. Not "Ventus 3X" (a cooler) nor
// "PCIe 4.0 x8" (lanes).
bool TitleMatcher::count_pattern(const std::vector<std::string>& words,
                                 const std::vector<Occurrence>& models) const {
    auto is_lot_count = [](const std::string& word) {
        const auto n = as_number(word);
        return n && *n >= kMinLotCount && *n <= kMaxLotCount;
    };
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
        if ((kinds(words[i]) & bit(WordKind::count_prefix)) && is_lot_count(words[i + 1])) {
            return true;
        }
        if (is_lot_count(words[i]) && (kinds(words[i + 1]) & bit(WordKind::count_unit))) {
            return true;
        }
        const bool vram_follows =
            i + 2 < words.size() && (words[i + 2] == "g" || words[i + 2] == "gb");  // "X 8G"
        if (i > 0 && words[i] == "x" && is_lot_count(words[i + 1]) && !as_number(words[i - 1]) &&
            !(kinds(words[i - 1]) & bit(WordKind::lanes)) && !vram_follows) {
            return true;
        }
    }
    std::size_t first = 0;
    while (first < words.size() && (kinds(words[first]) & bit(WordKind::noise))) ++first;
    if (first + 2 < words.size() && is_lot_count(words[first]) && words[first + 1] == "x") {
        std::size_t next = first + 2;
        while (next < words.size() && (kinds(words[next]) & bit(WordKind::noise))) ++next;
        return std::any_of(models.begin(), models.end(), [&](const Occurrence& m) {
            return m.start >= first + 2 && m.start <= next;  // "rtx" may open the model or be noise
        });
    }
    return false;
}

std::vector<int> TitleMatcher::filter_by_words(std::vector<int> candidates,
                                               const std::vector<std::string>& words) const {
    // Excluding words are hard: "RTX 4000 SFF Ada" is not the RTX 4000 Ada.
    std::erase_if(candidates, [&](int m) {
        const auto& excluded = variants_[static_cast<std::size_t>(m)].excluded;
        return std::any_of(excluded.begin(), excluded.end(),
                           [&](const auto& seq) { return contains_sequence(words, seq); });
    });
    return candidates;
}

std::vector<int> TitleMatcher::narrow(std::vector<int> candidates,
                                      const std::vector<std::string>& words,
                                      const ItemSpecifics* specifics, bool& vram_conflict) const {
    vram_conflict = false;
    auto fits_vram = [&](int m, const std::vector<int>& vram) {
        const auto& model = catalog_->models[static_cast<std::size_t>(m)];
        const auto& extra = variants_[static_cast<std::size_t>(m)].extra_vram;
        return std::any_of(vram.begin(), vram.end(), [&](int gb) {
            return gb == model.vram_gb || std::find(extra.begin(), extra.end(), gb) != extra.end();
        });
    };
    // Required words are soft: they pick among candidates, but never empty the set (then the
    // listing stays ambiguous rather than becoming another model).
    auto apply_required = [&](std::vector<int> set, const std::vector<std::string>& text) {
        std::vector<int> kept;
        for (int m : set) {
            const auto& required = variants_[static_cast<std::size_t>(m)].required;
            if (required.empty() ||
                std::any_of(required.begin(), required.end(),
                            [&](const auto& seq) { return contains_sequence(text, seq); })) {
                kept.push_back(m);
            }
        }
        return kept.empty() ? set : kept;
    };

    candidates = filter_by_words(std::move(candidates), words);
    if (const auto vram = stated_vram(words); !vram.empty() && !candidates.empty()) {
        std::erase_if(candidates, [&](int m) { return !fits_vram(m, vram); });
        if (candidates.empty()) {
            vram_conflict = true;
            return candidates;
        }
    }
    candidates = apply_required(std::move(candidates), words);
    if (candidates.size() <= 1 || !specifics) return candidates;

    // Item specifics only break ties the title left open.
    std::vector<std::string> spec_words;
    std::vector<int> spec_vram;
    for (const auto& [name, value] : *specifics) {
        auto value_words = tokenize(value);
        std::string lower_name;
        for (char c : name) lower_name.push_back(static_cast<char>(std::tolower(c)));
        if (lower_name.find("memory") != std::string::npos) {
            for (int gb : stated_vram(value_words)) spec_vram.push_back(gb);
        }
        spec_words.insert(spec_words.end(), value_words.begin(), value_words.end());
    }
    candidates = filter_by_words(std::move(candidates), spec_words);
    if (!spec_vram.empty()) {
        auto kept = candidates;
        std::erase_if(kept, [&](int m) { return !fits_vram(m, spec_vram); });
        if (!kept.empty()) candidates = std::move(kept);
    }
    return apply_required(std::move(candidates), spec_words);
}

MatchResult TitleMatcher::match(std::string_view title, const ItemSpecifics* specifics) const {
    const auto words = tokenize(title);

    // 1. Exclusions, strongest reason first.
    constexpr MatchReason kOrder[] = {MatchReason::box_only,  MatchReason::for_parts,
                                      MatchReason::system,    MatchReason::lot,
                                      MatchReason::accessory, MatchReason::not_a_gpu};
    const schema::ExclusionRule* hits[std::size(kOrder)] = {};
    const schema::ExclusionRule* mention_accessory = nullptr;
    for (const auto& occurrence : find(exclusions_, words)) {
        const auto& rule = exclusion_rules_[static_cast<std::size_t>(occurrence.target)];
        if (neutralized(words, occurrence.start, rule)) continue;
        if (rule.only_when_mentioned) {
            if (!mention_accessory) mention_accessory = &rule;
            continue;
        }
        for (std::size_t r = 0; r < std::size(kOrder); ++r) {
            if (kOrder[r] == rule.reason && !hits[r]) hits[r] = &rule;
        }
    }
    const auto models = find(aliases_, words);
    for (std::size_t r = 0; r < std::size(kOrder); ++r) {
        if (kOrder[r] == MatchReason::lot && !hits[r] && count_pattern(words, models)) {
            return {MatchReason::lot, nullptr, "count"};
        }
        if (hits[r]) return {kOrder[r], nullptr, hits[r]->phrase};
    }

    // 2. Models named for what they are, not mentioned as what something fits.
    std::vector<Occurrence> named;
    for (const auto& m : models) {
        if (!is_mention(words, m.start)) named.push_back(m);
    }
    if (named.empty()) {
        if (!models.empty()) {
            return mention_accessory
                       ? MatchResult{MatchReason::accessory, nullptr, mention_accessory->phrase}
                       : MatchResult{MatchReason::not_a_gpu, nullptr,
                                     alias_text_[static_cast<std::size_t>(models[0].target)]};
        }
        const bool gpu_words = std::any_of(words.begin(), words.end(), [&](const auto& w) {
            return (kinds(w) & bit(WordKind::gpu)) != 0;
        });
        return {gpu_words ? MatchReason::unknown_model : MatchReason::not_a_gpu, nullptr, {}};
    }

    // 3. One named model ("RTX 4090 ... = 5090" names two), narrowed to one catalog SKU.
    const auto target = static_cast<std::size_t>(named.front().target);
    const std::string_view evidence = alias_text_[target];
    for (const auto& occurrence : named) {
        if (static_cast<std::size_t>(occurrence.target) != target) {
            return {MatchReason::ambiguous, nullptr, evidence};
        }
    }
    if (alias_models_[target].empty()) return {MatchReason::unknown_model, nullptr, evidence};
    bool vram_conflict = false;
    const auto candidates = narrow(alias_models_[target], words, specifics, vram_conflict);
    if (vram_conflict) return {MatchReason::unknown_model, nullptr, evidence};
    if (candidates.size() != 1) return {MatchReason::ambiguous, nullptr, evidence};
    return {MatchReason::ok, &catalog_->models[static_cast<std::size_t>(candidates.front())],
            evidence};
}

}  // namespace gpuprice::analysis
