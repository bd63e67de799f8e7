#include "analysis/title_matcher.hpp"
#include "schema/domain/ascii_case.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <stdexcept>

#include "analysis/title_tokens.hpp"

namespace gpuprice::analysis {

using schema::MatchReason;
using schema::WordKind;
using namespace std::string_view_literals;

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
constexpr std::string_view kNewListingBadge = "New Listing";
// eBay titles hold at most 80 characters: rarely more words than this, so one allocation.
constexpr std::size_t kTypicalTitleWords = 32;

std::optional<int> as_number(const std::string& word) {
    if (word.empty() || word.size() > 6) return std::nullopt;
    int value = 0;
    const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (ec != std::errc() || end != word.data() + word.size()) return std::nullopt;
    return value;
}

bool glob_match(std::string_view pattern, std::string_view text) {
    // Iterative '*' matching with one backtrack point: patterns are short and few.
    std::size_t p = 0, t = 0, star = std::string_view::npos, mark = 0;
    while (t < text.size()) {
        if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            mark = t;
        } else if (p < pattern.size() && pattern[p] == text[t]) {
            ++p;
            ++t;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            t = ++mark;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*') ++p;
    return p == pattern.size();
}

std::string join(const std::vector<std::string>& words) {
    std::string joined;
    for (const auto& w : words) {
        if (!joined.empty()) joined.push_back(' ');
        joined += w;
    }
    return joined;
}

// Aspect values that say nothing: eBay's "Not Specified", sellers' "N/A".
bool says_nothing(std::string_view value) {
    const auto v = schema::ascii_lower(value);
    return v.empty() || v == "not specified"sv || v == "does not apply"sv || v == "n/a"sv ||
           v == "na"sv || v == "unknown"sv || v == "-"sv;
}

bool name_has(std::string_view name, std::string_view part) {
    return schema::ascii_lower(name).find(part) != std::string::npos;
}

bool is_vram_unit(const std::string& word) {
    return word == "gb"sv || word == "g"sv;
}

// The VRAM figure stated at words[i] ("24" before "gb" or "g"), if it is one we believe.
std::optional<int> vram_at(const std::vector<std::string>& words, std::size_t i) {
    if (i + 1 >= words.size() || !is_vram_unit(words[i + 1])) return std::nullopt;
    const auto n = as_number(words[i]);
    if (!n || *n < kMinVramGb || *n > kMaxVramGb) return std::nullopt;
    return n;
}

// VRAM figures stated in `words`: "24 gb", "24 g".
std::vector<int> stated_vram(const std::vector<std::string>& words) {
    std::vector<int> vram;
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
        if (const auto gb = vram_at(words, i)) vram.push_back(*gb);
    }
    return vram;
}

}  // namespace

TitleMatcher::TitleMatcher(const schema::Catalog& catalog, const schema::MatchRules& rules)
    : catalog_(&catalog), variants_(catalog.models.size()) {
    auto model_index = [&](const std::string& key) {
        const auto* model = catalog.find_model(key);
        if (!model) {
            throw std::invalid_argument("the matcher's rules name SKU '" + key +
                                        "', which the catalog lacks");
        }
        return static_cast<int>(model - catalog.models.data());
    };
    auto learn = [&](const std::string& text) {
        for (auto& token : tokenize(text)) vocabulary_.insert(std::move(token));
    };
    // Words the code itself reads: VRAM units, the lot sign, model suffixes.
    for (const char* word : {"gb", "g", "x", "ti", "super"}) vocabulary_.insert(word);
    for (const auto& alias : rules.aliases) {
        std::vector<int> models;
        for (const auto& key : alias.skus) models.push_back(model_index(key));
        const int target = static_cast<int>(alias_models_.size());
        add_phrase(aliases_, alias.phrase, target);
        alias_models_.push_back(std::move(models));
        alias_text_.push_back(alias.phrase);
        alias_words_.push_back(tokenize(alias.phrase));
        alias_by_phrase_.emplace(join(alias_words_.back()), target);
        learn(alias.phrase);
    }
    for (const auto& rule : rules.exclusions) {
        add_phrase(exclusions_, rule.phrase, static_cast<int>(exclusion_rules_.size()));
        exclusion_rules_.push_back(rule);
        learn(rule.phrase);
    }
    for (const auto& word : rules.words) {
        // "inno3d" reads as inno 3 d: classify its letters, never a bare number.
        for (const auto& token : tokenize(word.word)) {
            if (!as_number(token)) {
                word_kinds_[token] |= bit(word.kind);
                kind_words_.add(token);
            }
        }
        learn(word.word);
    }
    for (const auto& variant : rules.variants) {
        auto& v = variants_[static_cast<std::size_t>(model_index(variant.sku))];
        switch (variant.effect) {
            case schema::VariantEffect::required:
                v.required.push_back(tokenize(variant.word));
                break;
            case schema::VariantEffect::excluded:
                v.excluded.push_back(tokenize(variant.word));
                break;
            case schema::VariantEffect::only_with:
                v.only_with.push_back(tokenize(variant.word));
                break;
        }
        learn(variant.word);
    }
    for (const auto& stated : rules.stated_vram) {
        auto& v = variants_[static_cast<std::size_t>(model_index(stated.sku))];
        if (stated.same_card) {
            v.extra_vram.push_back(stated.vram_gb);
        } else {
            v.needs_stated_vram = true;
        }
        // Titles state the figure as a word ("96GB"): the tokenizer knows it as it knows every
        // rule's words (a known number is no part number). Memory figures are whole gigabytes.
        learn(std::to_string(static_cast<long long>(stated.vram_gb)));
    }
    for (const auto& part : rules.part_numbers) {
        std::vector<int> models;
        for (const auto& key : part.skus) models.push_back(model_index(key));
        part_models_.push_back(std::move(models));
        part_rules_.push_back(part);
    }
}

void TitleMatcher::add_phrase(PhraseIndex& index, const std::string& text, int target) {
    auto words = tokenize(text);
    if (words.empty()) {
        throw std::invalid_argument("the matcher's rule phrase '" + text +
                                    "' has no word to match");
    }
    index.add(std::move(words), target);
}

unsigned TitleMatcher::kinds(const std::string& word) const {
    if (!kind_words_.may_contain(word)) return 0;
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
        // "and", "+" join only their neighbours ("and OEM heatsink"): "Nickel + Plexi water
        // block" is a block.
        if ((allowed & bit(WordKind::inclusion)) && (k & bit(WordKind::joiner)) &&
            only_noise_between) {
            return true;
        }
        if (!(k & bit(WordKind::noise))) only_noise_between = false;
    }
    return false;
}

// "for RTX 3090", "fits NVIDIA 3090", "compatible with 3090": a model mentioned, not sold. A
// "for" that opens the title ("PNY For NVIDIA Tesla A40 48GB") names the card itself, unless
// the title sells a part that fits one (`part_sold`: "For RTX 3090 fan").
bool TitleMatcher::is_mention(const std::vector<std::string>& words, std::size_t start,
                              bool part_sold) const {
    for (std::size_t i = start; i-- > 0;) {
        const unsigned k = kinds(words[i]);
        if (k & bit(WordKind::purpose)) {
            if (part_sold) return true;
            for (std::size_t j = i; j-- > 0;) {
                if (!(kinds(words[j]) & bit(WordKind::noise))) return true;
            }
            return false;
        }
        if (!(k & (bit(WordKind::noise) | bit(WordKind::inclusion)))) return false;
    }
    return false;
}

bool TitleMatcher::negated_model(const std::vector<std::string>& words, std::size_t start) const {
    for (std::size_t i = start; i-- > 0;) {
        const unsigned k = kinds(words[i]);
        if (k & bit(WordKind::negator)) return true;
        if (!(k & bit(WordKind::gpu))) return false;  // "not RTX 4090", but "Non FE RTX 3080"
    }
    return false;
}

// What makes a lot: a count before a model ("2x RTX 3090", "(2) RTX 3090", "x10 Tesla P100") at
// the title's opening or after an inclusion word ("HGX board w/ 4x A100"); "x N" right
// after a VRAM figure or a model name ("RTX 3090 24GB x2", "12GB GDDR6X x2"); "qty 3"; "4 pcs".
// A count may be spelled ("TWO RTX 3070", "two pcs"). Not "Ventus 3X RTX 3080" mid-title (a
// cooler's name), "iCHILL X4" nor "PCIe 4.0 x8" (lanes).
bool TitleMatcher::count_pattern(const std::vector<std::string>& words,
                                 const std::vector<Occurrence>& models) const {
    // Each word's kinds, looked up once: every rule below reads its neighbours'.
    std::vector<unsigned> kind(words.size());
    for (std::size_t i = 0; i < words.size(); ++i) kind[i] = kinds(words[i]);
    auto is_count = [&](std::size_t i) {
        if (kind[i] & bit(WordKind::count_word)) return true;
        const auto& word = words[i];
        if (word.empty() || word.size() > 2 || word[0] < '0' || word[0] > '9') return false;
        const auto n = as_number(word);
        return n && *n >= kMinLotCount && *n <= kMaxLotCount;
    };
    auto ends_model = [&](std::size_t end) {
        return std::any_of(models.begin(), models.end(),
                           [&](const Occurrence& m) { return m.start + m.length == end; });
    };
    const bool multi_gpu_board =
        std::any_of(models.begin(), models.end(), [&](const Occurrence& m) {
            const auto& named = alias_models_[static_cast<std::size_t>(m.target)];
            return !named.empty() && std::all_of(named.begin(), named.end(), [&](int k) {
                return catalog_->models[static_cast<std::size_t>(k)].devices > 1;
            });
        });
    auto in_model = [&](std::size_t i) {
        return std::any_of(models.begin(), models.end(), [&](const Occurrence& m) {
            return i >= m.start && i < m.start + m.length;
        });
    };
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
        if ((kind[i] & bit(WordKind::count_prefix)) && is_count(i + 1)) return true;
        if ((kind[i + 1] & bit(WordKind::count_unit)) && is_count(i)) return true;
        // "3 graphics cards", "(All 3 GPU's)": GPU words between the count and its unit, or a
        // plural written with an apostrophe. Never a model's own number ("A10 GPU's"), nor the
        // GPUs of a board that holds several ("Tesla K80 24GB 2 GPU's").
        if (is_count(i) && !in_model(i) && !multi_gpu_board) {
            std::size_t j = i + 1;
            while (j < words.size() && (kind[j] & bit(WordKind::gpu))) ++j;
            if (j > i + 1 && j < words.size() &&
                ((kind[j] & bit(WordKind::count_unit)) || words[j] == "s"sv)) {
                return true;
            }
        }
        const bool vram_follows = i + 2 < words.size() && is_vram_unit(words[i + 2]);  // "X 8G"
        if (i > 0 && words[i] == "x"sv && is_count(i + 1) && !vram_follows &&
            (is_vram_unit(words[i - 1]) || words[i - 1].starts_with("gddr") ||
             words[i - 1].starts_with("hbm") || ends_model(i))) {
            return true;
        }
    }
    // A single letter after the number is a brand's tail ("Inno3D" reads as inno 3 d), no count.
    auto counts_model_at = [&](std::size_t at) {
        if (at + 1 >= words.size()) return false;
        std::size_t after = 0;
        if (words[at] == "x"sv && is_count(at + 1)) {
            after = at + 2;
        } else if (is_count(at) && (words[at + 1] == "x"sv || words[at + 1].size() > 1)) {
            after = words[at + 1] == "x"sv ? at + 2 : at + 1;
        } else {
            return false;
        }
        std::size_t next = after;
        while (next < words.size() && (kind[next] & bit(WordKind::noise))) ++next;
        return std::any_of(models.begin(), models.end(), [&](const Occurrence& m) {
            return m.start >= after && m.start <= next;  // "rtx" may open the model or be noise
        });
    };
    std::size_t first = 0;
    while (first < words.size() && (kind[first] & bit(WordKind::noise))) ++first;
    if (counts_model_at(first)) return true;
    for (std::size_t i = first + 1; i < words.size(); ++i) {
        if ((kind[i - 1] & bit(WordKind::inclusion)) && counts_model_at(i)) return true;
    }
    return false;
}

bool TitleMatcher::negated(const std::vector<std::string>& words, std::size_t at) const {
    return at > 0 && (kinds(words[at - 1]) & bit(WordKind::negator));
}

bool TitleMatcher::occurs(const std::vector<std::string>& words,
                          const std::vector<std::string>& sequence, Negation negation) const {
    if (sequence.empty() || sequence.size() > words.size()) return false;
    for (auto it = words.begin();; ++it) {
        it = std::search(it, words.end(), sequence.begin(), sequence.end());
        if (it == words.end()) return false;
        if (negated(words, static_cast<std::size_t>(it - words.begin())) ==
            (negation == Negation::negated)) {
            return true;
        }
    }
}

bool TitleMatcher::fits_vram(int m, const std::vector<int>& vram) const {
    const auto& model = catalog_->models[static_cast<std::size_t>(m)];
    const auto& extra = variants_[static_cast<std::size_t>(m)].extra_vram;
    return std::any_of(vram.begin(), vram.end(), [&](int gb) {
        return gb == model.vram_gb || std::find(extra.begin(), extra.end(), gb) != extra.end();
    });
}

// Excluding words are hard: "RTX 4000 SFF Ada" is not the RTX 4000 Ada. A required word that is
// negated ("not SXM version") rules its model out too, as does a title without any of its
// only-with words ("V100 SXM2 ... PCIe" without an adapter is no adapter board); aspects without
// them say nothing (see WordSource).
bool TitleMatcher::excluded_by(int m, const std::vector<std::string>& words,
                               WordSource source) const {
    const auto& v = variants_[static_cast<std::size_t>(m)];
    const auto present = [&](const auto& seq) { return occurs(words, seq, Negation::not_negated); };
    return std::any_of(v.excluded.begin(), v.excluded.end(), present) ||
           std::any_of(v.required.begin(), v.required.end(),
                       [&](const auto& seq) { return occurs(words, seq, Negation::negated); }) ||
           (source == WordSource::title && !v.only_with.empty() &&
            std::none_of(v.only_with.begin(), v.only_with.end(), present));
}

std::vector<int> TitleMatcher::filter_by_words(std::vector<int> candidates,
                                               const std::vector<std::string>& words,
                                               WordSource source) const {
    std::erase_if(candidates, [&](int m) { return excluded_by(m, words, source); });
    return candidates;
}

// Required words are soft: they pick among candidates, but never empty the set (then the
// listing stays ambiguous rather than becoming another model).
std::vector<int> TitleMatcher::apply_required(std::vector<int> candidates,
                                              const std::vector<std::string>& words) const {
    std::vector<int> kept;
    for (int m : candidates) {
        const auto& required = variants_[static_cast<std::size_t>(m)].required;
        if (required.empty() || std::any_of(required.begin(), required.end(), [&](const auto& seq) {
                return occurs(words, seq, Negation::not_negated);
            })) {
            kept.push_back(m);
        }
    }
    return kept.empty() ? candidates : kept;
}

TitleMatcher::PartNumberEvidence TitleMatcher::part_numbers(
    const std::vector<std::string>& words) const {
    PartNumberEvidence evidence;
    bool models_set = false;
    for (const auto& word : words) {
        if (!is_part_number(word)) continue;
        for (std::size_t r = 0; r < part_rules_.size(); ++r) {
            const auto& rule = part_rules_[r];
            if (!glob_match(rule.pattern, word)) continue;
            if (rule.outside_catalog) evidence.outside_catalog = true;
            if (rule.vram_gb) evidence.vram.push_back(static_cast<int>(*rule.vram_gb));
            if (part_models_[r].empty()) continue;
            // Several numbers (a board and its product number) narrow each other.
            if (!models_set) {
                evidence.models = part_models_[r];
                models_set = true;
            } else {
                std::erase_if(evidence.models, [&](int m) {
                    return std::find(part_models_[r].begin(), part_models_[r].end(), m) ==
                           part_models_[r].end();
                });
            }
        }
    }
    return evidence;
}

void TitleMatcher::extend_past_vram(std::vector<Occurrence>& models,
                                    const std::vector<std::string>& words) const {
    for (auto& m : models) {
        const auto end = m.start + m.length;
        if (end + 2 >= words.size() || !as_number(words[end]) || !is_vram_unit(words[end + 1])) {
            continue;
        }
        const auto it = alias_by_phrase_.find(
            join(alias_words_[static_cast<std::size_t>(m.target)]) + ' ' + words[end + 2]);
        if (it == alias_by_phrase_.end()) continue;
        m.target = it->second;
        m.length += 3;
    }
}

// "ASUS ROG-STRIX-RTX4090-O24G-GAMING": an AIB number whose segment is exactly "RTX" and a model
// name. Read only when the title names no model elsewhere, so a code never outvotes the title.
std::vector<TitleMatcher::Occurrence> TitleMatcher::models_in_part_numbers(
    const std::vector<std::string>& words) const {
    std::vector<Occurrence> found;
    std::vector<std::string> segment_words;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (!is_part_number(words[i])) continue;
        std::string_view rest = words[i];
        while (!rest.empty()) {
            const auto cut = rest.find_first_of("-/._");
            const auto segment = rest.substr(0, cut);
            rest.remove_prefix(cut == std::string_view::npos ? rest.size() : cut + 1);
            if (!segment.starts_with("rtx")) continue;
            tokenize(segment.substr(3), segment_words);
            const auto it = alias_by_phrase_.find(join(segment_words));
            if (it != alias_by_phrase_.end()) found.push_back({i, 1, it->second});
        }
    }
    return found;
}

void TitleMatcher::drop_noise(std::vector<Occurrence>& named,
                              const std::vector<std::string>& words) const {
    const std::size_t word_count = words.size();
    if (named.size() < 2) return;
    std::vector<bool> drop(named.size(), false);
    // Keyword runs: names back to back, of different models ("Brand New 3080 3090").
    for (std::size_t i = 0; i < named.size();) {
        std::size_t j = i;
        bool different = false;
        while (j + 1 < named.size() && named[j].start + named[j].length == named[j + 1].start) {
            different = different || named[j + 1].target != named[i].target;
            ++j;
        }
        if (j > i && different) {
            for (std::size_t k = i; k <= j; ++k) drop[k] = true;
        }
        i = j + 1;
    }
    // Does `shorter`'s alias start `fuller`'s ("rx 7900" starts "rx 7900 xtx")?
    auto starts = [&](const Occurrence& shorter, const Occurrence& fuller) {
        const auto& short_words = alias_words_[static_cast<std::size_t>(shorter.target)];
        const auto& full_words = alias_words_[static_cast<std::size_t>(fuller.target)];
        return full_words.size() > short_words.size() &&
               std::equal(short_words.begin(), short_words.end(), full_words.begin());
    };
    // A title cut off after the start of a model's full name: "... Graphics Card RTX 5070".
    const auto& last = named.back();
    if (last.start + last.length == word_count) {
        for (std::size_t i = 0; i + 1 < named.size(); ++i) {
            if (starts(last, named[i])) drop.back() = true;
        }
    }
    // A shorter spelling of a fuller name elsewhere, right before a part number, that leaves
    // its models open: "RX 7900 XTX ... Radeon RX 7900 11322-02-20G" names one card. Followed by
    // other words it may name another variant ("H200 SXM or H200 NVL"), and "RTX 3080 ... 3080
    // Ti" is two cards (unless the title ends in the shorter one: cut off, above).
    auto covers = [&](const Occurrence& shorter, const Occurrence& fuller) {
        const auto& open = alias_models_[static_cast<std::size_t>(shorter.target)];
        const auto& named_models = alias_models_[static_cast<std::size_t>(fuller.target)];
        return !named_models.empty() &&
               std::all_of(named_models.begin(), named_models.end(), [&](int m) {
                   return std::find(open.begin(), open.end(), m) != open.end();
               });
    };
    for (std::size_t i = 0; i < named.size(); ++i) {
        for (std::size_t j = 0; j < named.size() && !drop[i]; ++j) {
            const std::size_t end = named[i].start + named[i].length;
            if (j != i && !drop[j] && end < word_count && is_part_number(words[end]) &&
                starts(named[i], named[j]) && covers(named[i], named[j])) {
                drop[i] = true;
            }
        }
    }
    if (std::all_of(drop.begin(), drop.end(), [](bool d) { return d; })) return;
    std::vector<Occurrence> kept;
    for (std::size_t i = 0; i < named.size(); ++i) {
        if (!drop[i]) kept.push_back(named[i]);
    }
    named = std::move(kept);
}

MatchResult TitleMatcher::decide(std::vector<int> candidates, const std::vector<std::string>& words,
                                 const PartNumberEvidence& parts, bool part_number_chose,
                                 const ItemSpecifics* aspects, const std::string& evidence) const {
    using schema::MatchEvidence;
    const MatchEvidence by_parts =
        part_number_chose ? MatchEvidence::part_number : MatchEvidence::title;
    candidates = filter_by_words(std::move(candidates), words, WordSource::title);
    // Every variant ruled out by a word: one the catalog does not have ("V100 SXM3").
    if (candidates.empty()) return {MatchReason::unknown_model, nullptr, evidence, by_parts};
    const auto vram = stated_vram(words);
    if (!vram.empty()) {
        std::erase_if(candidates, [&](int m) { return !fits_vram(m, vram); });
        if (candidates.empty()) return {MatchReason::unknown_model, nullptr, evidence, by_parts};
    }
    candidates = apply_required(std::move(candidates), words);
    MatchEvidence decided_by = by_parts;
    if (candidates.size() > 1 && !parts.vram.empty()) {
        std::erase_if(candidates, [&](int m) { return !fits_vram(m, parts.vram); });
        if (candidates.empty()) {
            return {MatchReason::ambiguous, nullptr, evidence, MatchEvidence::part_number};
        }
        decided_by = MatchEvidence::part_number;
    }

    // Aspects: what eBay holds about the item, beside its title.
    std::vector<std::string> aspect_words;
    std::vector<int> aspect_vram;
    std::vector<std::vector<int>> aspect_chipsets;  // per Chipset/GPU Model value: its models
    if (aspects) {
        std::vector<std::string> value_words;
        for (const auto& [name, value] : *aspects) {
            if (says_nothing(value)) continue;
            tokenize(value, value_words);
            if (name_has(name, "memory")) {
                for (int gb : stated_vram(value_words)) aspect_vram.push_back(gb);
            }
            if (name_has(name, "chipset") || name_has(name, "gpu model")) {
                for (const auto& o : aliases_.find(value_words)) {
                    aspect_chipsets.push_back(alias_models_[static_cast<std::size_t>(o.target)]);
                }
            }
            aspect_words.insert(aspect_words.end(), value_words.begin(), value_words.end());
        }
    }
    auto in_chipsets = [&](int m) {
        return std::all_of(aspect_chipsets.begin(), aspect_chipsets.end(), [&](const auto& set) {
            return std::find(set.begin(), set.end(), m) != set.end();
        });
    };
    if (candidates.size() > 1 && aspects) {
        const auto before = candidates.size();
        auto kept = filter_by_words(candidates, aspect_words, WordSource::aspects);
        if (!aspect_vram.empty()) {
            std::erase_if(kept, [&](int m) { return !fits_vram(m, aspect_vram); });
        }
        std::erase_if(kept, [&](int m) { return !in_chipsets(m); });
        if (kept.empty()) return {MatchReason::ambiguous, nullptr, evidence, MatchEvidence::aspect};
        kept = apply_required(std::move(kept), aspect_words);
        if (kept.size() < before) decided_by = MatchEvidence::aspect;
        candidates = std::move(kept);
    }
    if (candidates.size() != 1) return {MatchReason::ambiguous, nullptr, evidence, decided_by};
    const int m = candidates.front();
    // "Intel Arc A770" is sold with 8 GB too: the memory must be stated somewhere.
    if (variants_[static_cast<std::size_t>(m)].needs_stated_vram && vram.empty() &&
        parts.vram.empty() && aspect_vram.empty()) {
        return {MatchReason::ambiguous, nullptr, evidence, decided_by};
    }
    // The title (or a part number) decided; an aspect that says otherwise is a contradiction.
    if (aspects && ((!aspect_vram.empty() && !fits_vram(m, aspect_vram)) ||
                    excluded_by(m, aspect_words, WordSource::aspects) || !in_chipsets(m))) {
        return {MatchReason::ambiguous, nullptr, evidence, MatchEvidence::aspect};
    }
    return {MatchReason::ok, &catalog_->models[static_cast<std::size_t>(m)], evidence, decided_by};
}

// Where the title first states the card's memory ("10GB", "10G-P5-..." read as words, "GDDR6X"),
// if it also says nothing it fits ("for", "want"), sells nothing alone ("only", "kit") and does
// not open with an accessory maker's name ("Alphacool Eisblock ... 32GB GDDR6 water block").
// Parts built onto a card named after that point are its features: "EVGA RTX 3080 XC3 10GB
// GDDR6X Metal Backplate" (exclusions.csv marks which phrases may be read so).
std::optional<std::size_t> TitleMatcher::card_memory_at(
    const std::vector<std::string>& words) const {
    if (words.empty() || (kinds(words.front()) & bit(WordKind::accessory_maker))) return {};
    if (std::any_of(words.begin(), words.end(), [&](const std::string& w) {
            return (kinds(w) & (bit(WordKind::purpose) | bit(WordKind::sold_alone))) != 0;
        })) {
        return {};
    }
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (words[i].starts_with("gddr") || vram_at(words, i)) return i;
    }
    return {};
}

MatchResult TitleMatcher::match(std::string_view title, const ItemSpecifics* specifics) const {
    using schema::MatchEvidence;
    // eBay's result pages put a "New Listing" badge before a fresh title; titles copied from
    // them (the sold sets, `match --stdin` input) carry it glued on: "New ListingPhoto of ...".
    if (title.starts_with(kNewListingBadge)) title.remove_prefix(kNewListingBadge.size());
    // Every word for exclusion phrases; model names only outside part numbers.
    std::vector<std::string> words;
    words.reserve(kTypicalTitleWords);
    const bool has_part_numbers = tokenize_title(title, vocabulary_, words) > 0;
    std::vector<std::string> split_words;
    if (has_part_numbers) tokenize(title, split_words);
    const auto& plain = split_words.empty() ? words : split_words;

    // 1. Exclusions, strongest reason first.
    constexpr MatchReason kOrder[] = {MatchReason::box_only,  MatchReason::for_parts,
                                      MatchReason::system,    MatchReason::lot,
                                      MatchReason::accessory, MatchReason::not_a_gpu};
    const schema::ExclusionRule* hits[std::size(kOrder)] = {};
    const schema::ExclusionRule* mention_accessory = nullptr;
    // Where the card states its memory (nullopt: nowhere): read once, and only when an
    // unless-card-stated phrase asks.
    bool memory_read = false;
    std::optional<std::size_t> memory_at;
    // A phrase inside one read before it is not read on its own: a never-phrase ("see picture")
    // or a defused one ("no missing parts") keeps it quiet; one that runs past ("damaged box
    // only") is read, and what defuses the first phrase of such a chain defuses it too ("not for
    // parts or repair", "for gaming pc build"). A never-phrase starting inside another ("damaged
    // box damaged") neither fires nor hides.
    std::size_t shadow_end = 0;
    std::size_t chain_start = 0;
    for (const auto& occurrence : exclusions_.find(plain, Overlap::every_start)) {
        const auto& rule = exclusion_rules_[static_cast<std::size_t>(occurrence.target)];
        using schema::ExclusionWhen;
        const auto end = occurrence.start + occurrence.length;
        if (end <= shadow_end) continue;
        const bool inside = occurrence.start < shadow_end;
        if (inside && rule.when == ExclusionWhen::never) continue;
        if (!inside) chain_start = occurrence.start;
        shadow_end = end;
        if (rule.when == ExclusionWhen::never || neutralized(plain, occurrence.start, rule) ||
            (inside && neutralized(plain, chain_start, rule))) {
            continue;
        }
        if (rule.when == ExclusionWhen::unless_card_stated) {
            if (!memory_read) {
                memory_at = card_memory_at(plain);
                memory_read = true;
            }
            if (memory_at && occurrence.start > *memory_at) continue;
        }
        if (rule.when == ExclusionWhen::mentioned) {
            if (!mention_accessory) mention_accessory = &rule;
            continue;
        }
        for (std::size_t r = 0; r < std::size(kOrder); ++r) {
            if (kOrder[r] == rule.reason && !hits[r]) hits[r] = &rule;
        }
    }
    auto models = aliases_.find(words);
    // A number right before "GB" is a VRAM figure, not the end of a model name ("Triple Fan
    // M 10GB" is no Tesla M10), when it is one a card could have: "GTX 1070 G1 Gaming" (Gigabyte's
    // G1 line, cut as "1070 g 1") names the 1070. Before "year" or "day" a number is a time
    // ("with a 2 year warranty" is no A2, "a 30 day return" no A30).
    std::erase_if(models, [&](const Occurrence& m) {
        const auto end = m.start + m.length;
        return end < words.size() && as_number(words[end - 1]) &&
               (vram_at(words, end - 1) || (kinds(words[end]) & bit(WordKind::duration)));
    });
    extend_past_vram(models, words);
    for (std::size_t r = 0; r < std::size(kOrder); ++r) {
        if (kOrder[r] == MatchReason::lot && !hits[r] && count_pattern(words, models)) {
            return {MatchReason::lot, nullptr, "count"};
        }
        if (hits[r]) return {kOrder[r], nullptr, hits[r]->phrase};
    }

    // 2. Models named for what they are, not mentioned as what something fits.
    std::vector<Occurrence> named;
    bool last_mentioned = false;
    for (std::size_t i = 0; i < models.size(); ++i) {
        const auto& m = models[i];
        // A list after a purpose word is mentioned whole: "Comparable RTX 3080/3090", "fits
        // 3080 or 3090" (only noise or joiner words, or "or", between the names).
        bool mentioned = is_mention(words, m.start, mention_accessory != nullptr);
        if (!mentioned && last_mentioned && i > 0) {
            const auto end = models[i - 1].start + models[i - 1].length;
            mentioned =
                end <= m.start &&
                std::all_of(words.begin() + static_cast<std::ptrdiff_t>(end),
                            words.begin() + static_cast<std::ptrdiff_t>(m.start),
                            [&](const std::string& w) {
                                return w == "or"sv ||
                                       (kinds(w) & (bit(WordKind::noise) | bit(WordKind::joiner)));
                            });
        }
        last_mentioned = mentioned;
        if (!mentioned) named.push_back(m);
    }
    drop_noise(named, words);
    // "A10 24GB, not NVIDIA A100" sells no A100. After drop_noise: "not 3080 3090" is a keyword
    // list, dropped whole. Only GPU words between: "Non FE RTX 3080" is an RTX 3080.
    std::erase_if(named, [&](const Occurrence& m) { return negated_model(words, m.start); });
    if (models.empty() && has_part_numbers) named = models_in_part_numbers(words);
    const auto parts = has_part_numbers ? part_numbers(words) : PartNumberEvidence{};
    if (named.empty()) {
        if (!models.empty()) {
            return mention_accessory
                       ? MatchResult{MatchReason::accessory, nullptr, mention_accessory->phrase}
                       : MatchResult{MatchReason::not_a_gpu, nullptr,
                                     alias_text_[static_cast<std::size_t>(models[0].target)]};
        }
        // A board number alone can name the card ("900-21010-0000-000 80GB").
        if (parts.outside_catalog) {
            return {MatchReason::unknown_model, nullptr, {}, MatchEvidence::part_number};
        }
        if (!parts.models.empty()) {
            return decide(parts.models, words, parts, true, specifics, "part number");
        }
        const bool gpu_words = std::any_of(words.begin(), words.end(), [&](const auto& w) {
            return (kinds(w) & bit(WordKind::gpu)) != 0;
        });
        return {gpu_words ? MatchReason::unknown_model : MatchReason::not_a_gpu, nullptr, {}};
    }

    // 3. One named model ("RTX 4090 ... = 5090" names two), narrowed to one catalog SKU.
    const auto target = static_cast<std::size_t>(named.front().target);
    const std::string& evidence = alias_text_[target];
    // Two spellings of one card ("4080 SUPER ... 4080S") name the same models; cards the
    // catalog lacks ("RX 6800 XT ... 6800XT") are unknown however they are spelled.
    for (const auto& occurrence : named) {
        if (alias_models_[static_cast<std::size_t>(occurrence.target)] != alias_models_[target]) {
            return {MatchReason::ambiguous, nullptr, evidence};
        }
    }
    if (alias_models_[target].empty()) return {MatchReason::unknown_model, nullptr, evidence};
    auto candidates = alias_models_[target];
    bool part_number_chose = false;
    if (parts.outside_catalog) {
        return {MatchReason::unknown_model, nullptr, evidence, MatchEvidence::part_number};
    }
    if (!parts.models.empty()) {
        const auto before = candidates.size();
        std::erase_if(candidates, [&](int m) {
            return std::find(parts.models.begin(), parts.models.end(), m) == parts.models.end();
        });
        // The title names one card, its part number another: nothing to trust.
        if (candidates.empty()) {
            return {MatchReason::ambiguous, nullptr, evidence, MatchEvidence::part_number};
        }
        part_number_chose = candidates.size() < before;
    }
    return decide(std::move(candidates), words, parts, part_number_chose, specifics, evidence);
}

}  // namespace gpuprice::analysis
