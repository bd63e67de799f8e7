#include "schema/domain/printable_text.hpp"

namespace gpuprice::schema {

namespace {

enum class Lines { Join, Keep };

// The byte length of an invisible formatting character at the start of `s`, else 0:
// C1 controls U+0080-U+009F, ALM U+061C, LRM/RLM U+200E-U+200F, the embeddings and overrides
// U+202A-U+202E and the isolates U+2066-U+2069.
std::size_t invisible_format_length(std::string_view s) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    if (s.size() >= 2 && byte(0) == 0xC2 && byte(1) >= 0x80 && byte(1) <= 0x9F) return 2;
    if (s.size() >= 2 && byte(0) == 0xD8 && byte(1) == 0x9C) return 2;
    if (s.size() >= 3 && byte(0) == 0xE2 && byte(1) == 0x80 &&
        (byte(2) == 0x8E || byte(2) == 0x8F || (byte(2) >= 0xAA && byte(2) <= 0xAE))) {
        return 3;
    }
    if (s.size() >= 3 && byte(0) == 0xE2 && byte(1) == 0x81 && byte(2) >= 0xA6 && byte(2) <= 0xA9) {
        return 3;
    }
    return 0;
}

std::string clean(std::string_view text, Lines lines) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n' && lines == Lines::Keep) {
            out.push_back('\n');
            ++i;
        } else if (c == '\t' || c == '\n' || c == '\r') {
            out.push_back(' ');
            ++i;
        } else if (c < 0x20 || c == 0x7F) {
            ++i;
        } else if (const auto skip = invisible_format_length(text.substr(i))) {
            i += skip;
        } else {
            out.push_back(text[i]);
            ++i;
        }
    }
    return out;
}

}  // namespace

std::string printable_text(std::string_view text) {
    return clean(text, Lines::Join);
}

std::string printable_lines(std::string_view text) {
    return clean(text, Lines::Keep);
}

}  // namespace gpuprice::schema
