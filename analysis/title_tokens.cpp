#include "analysis/title_tokens.hpp"

#include <array>

namespace gpuprice::analysis {

namespace {

enum class CharClass { Letter, Digit, Joiner, Separator };

constexpr std::array<CharClass, 256> kClasses = [] {
    std::array<CharClass, 256> classes{};
    classes.fill(CharClass::Separator);
    for (int c = 'a'; c <= 'z'; ++c) classes[static_cast<std::size_t>(c)] = CharClass::Letter;
    for (int c = 'A'; c <= 'Z'; ++c) classes[static_cast<std::size_t>(c)] = CharClass::Letter;
    for (int c = '0'; c <= '9'; ++c) classes[static_cast<std::size_t>(c)] = CharClass::Digit;
    classes['+'] = CharClass::Joiner;
    classes['&'] = CharClass::Joiner;
    // Kept too: "RTX 4090 ... = 5090" compares, it sells no second card (match_words.csv purpose).
    classes['='] = CharClass::Joiner;
    return classes;
}();

CharClass classify(unsigned char c) {
    return kClasses[c];
}

bool is_alnum(unsigned char c) {
    const auto cls = classify(c);
    return cls == CharClass::Letter || cls == CharClass::Digit;
}

// Separators that hold a part number together: "ZT-T20700A-10P", "A2-4/A4905-1".
bool is_inner_separator(unsigned char c) {
    return c == '-' || c == '/' || c == '.' || c == '_';
}

char lower(unsigned char c) {
    return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
}

// Numbers at most this long may be ordinary words ("4", "3090"); longer ones in a segment of
// their own mark a board or inventory number unless the rules know them.
constexpr std::size_t kShortNumber = 2;
// Digit-only chunks need this many segments to be a board number ("900-21010-0000-000"), so
// that dates ("10/5") and versions ("4.0") stay numbers.
constexpr int kMinNumericSegments = 3;

// Is `chunk` (letters, digits and inner separators, starting and ending with a letter or digit)
// a part number?
bool part_number_chunk(std::string_view chunk, const TokenVocabulary& vocabulary) {
    int segments = 1, alternations = 0;
    bool digit = false, letter = false, separated = false;
    CharClass previous = CharClass::Separator;
    // Cheap first look: most chunks ("NVIDIA", "3090", "24GB") cannot be part numbers.
    for (unsigned char c : chunk) {
        if (is_inner_separator(c)) {
            separated = true;
            ++segments;
            previous = CharClass::Separator;
            continue;
        }
        const auto cls = classify(c);
        if (cls != previous && previous != CharClass::Separator) ++alternations;
        previous = cls;
        (cls == CharClass::Digit ? digit : letter) = true;
    }
    if (!digit || (!separated && (alternations < 2 || !letter))) return false;

    bool foreign = false, long_number = false;
    std::string lowered;
    for (std::string_view rest = chunk; !rest.empty();) {
        std::size_t cut = 0;
        while (cut < rest.size() && !is_inner_separator(static_cast<unsigned char>(rest[cut]))) {
            ++cut;
        }
        const auto segment = rest.substr(0, cut);
        rest.remove_prefix(cut == rest.size() ? cut : cut + 1);
        // The segment's runs: its letter words and its (last) number.
        std::string_view number;
        int letters = 0;
        bool vram_unit = false;
        for (std::size_t i = 0; i < segment.size();) {
            const auto cls = classify(static_cast<unsigned char>(segment[i]));
            std::size_t j = i;
            while (j < segment.size() && classify(static_cast<unsigned char>(segment[j])) == cls) {
                ++j;
            }
            const auto run = segment.substr(i, j - i);
            if (cls == CharClass::Letter) {
                ++letters;
                lowered.clear();
                for (unsigned char c : run) lowered.push_back(lower(c));
                if (!vocabulary.contains(std::string_view(lowered))) foreign = true;
                if (lowered == "g" || lowered == "gb") vram_unit = true;
            } else if (cls == CharClass::Digit) {
                number = run;
            }
            i = j;
        }
        // A number is an ordinary word when the rules know it or it is a VRAM figure ("16GB");
        // a segment of digits alone is a model number ("RTX-3090-Ti") or a code ("L4-9").
        if (!number.empty() && !vram_unit) {
            const bool known = vocabulary.contains(number);
            if (!known && number.size() > kShortNumber) long_number = true;
            const bool bare = letters == 0;
            if (!known || (bare && separated && number.size() <= kShortNumber)) {
                foreign = foreign || separated || number.size() > kShortNumber;
            }
        }
    }
    if (!letter) return segments >= kMinNumericSegments && long_number;
    return foreign;
}

// Appends the words of `text` (see tokenize): runs of letters (lowered) or of digits, and each
// joiner on its own. Each word is built once from its run (no growing by characters).
void append_words(std::string_view text, std::vector<std::string>& words) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto cls = classify(static_cast<unsigned char>(text[i]));
        if (cls == CharClass::Separator) {
            ++i;
            continue;
        }
        if (cls == CharClass::Joiner) {
            words.emplace_back(1, text[i++]);
            continue;
        }
        std::size_t end = i + 1;
        while (end < text.size() && classify(static_cast<unsigned char>(text[end])) == cls) ++end;
        auto& word = words.emplace_back(text.substr(i, end - i));
        if (cls == CharClass::Letter) {
            for (auto& c : word) c = lower(static_cast<unsigned char>(c));
        }
        i = end;
    }
}

}  // namespace

void tokenize(std::string_view text, std::vector<std::string>& words) {
    words.clear();
    append_words(text, words);
}

std::vector<std::string> tokenize(std::string_view text) {
    std::vector<std::string> words;
    tokenize(text, words);
    return words;
}

int tokenize_title(std::string_view text, const TokenVocabulary& vocabulary,
                   std::vector<std::string>& words) {
    words.clear();
    int part_numbers = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (!is_alnum(c)) {
            if (classify(c) == CharClass::Joiner) words.emplace_back(1, static_cast<char>(c));
            ++i;
            continue;
        }
        // The chunk: letters, digits and inner separators between them.
        std::size_t end = i;
        while (end < text.size()) {
            const auto d = static_cast<unsigned char>(text[end]);
            if (is_alnum(d)) {
                ++end;
            } else if (is_inner_separator(d) && end + 1 < text.size() &&
                       is_alnum(static_cast<unsigned char>(text[end + 1]))) {
                end += 2;
            } else {
                break;
            }
        }
        const auto chunk = text.substr(i, end - i);
        if (part_number_chunk(chunk, vocabulary)) {
            std::string word;
            word.reserve(chunk.size());
            for (unsigned char d : chunk) word.push_back(lower(d));
            words.push_back(std::move(word));
            ++part_numbers;
        } else {
            append_words(chunk, words);
        }
        i = end;
    }
    return part_numbers;
}

bool is_part_number(std::string_view word) {
    bool letter = false, digit = false;
    for (unsigned char c : word) {
        const auto cls = classify(c);
        if (cls == CharClass::Letter) letter = true;
        if (cls == CharClass::Digit) digit = true;
        if (is_inner_separator(c)) return true;
    }
    return letter && digit;
}

}  // namespace gpuprice::analysis
