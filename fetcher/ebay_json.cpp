#include "fetcher/ebay_json.hpp"

#include <algorithm>
#include <charconv>

#include "fetcher/browse_parser.hpp"
#include "schema/domain/condition_names.hpp"
#include "schema/domain/printable_text.hpp"

namespace gpuprice::fetcher {

namespace dom = simdjson::dom;
using schema::SkipReason;

namespace {

constexpr std::string_view kReplacementChar = "\xEF\xBF\xBD";

// Replaces invalid UTF-8 sequences with U+FFFD so one bad title cannot sink a whole page;
// items that carry the replacement character are then skipped as invalid-utf8.
std::string repair_utf8(std::string_view in) {
    std::string out;
    out.reserve(in.size());
    std::size_t i = 0;
    while (i < in.size()) {
        const auto c = static_cast<unsigned char>(in[i]);
        std::size_t len = c < 0x80           ? 1
                          : (c >> 5) == 0x6  ? 2
                          : (c >> 4) == 0xE  ? 3
                          : (c >> 3) == 0x1E ? 4
                                             : 0;
        bool valid = len > 0 && i + len <= in.size();
        for (std::size_t k = 1; valid && k < len; ++k) {
            valid = (static_cast<unsigned char>(in[i + k]) & 0xC0) == 0x80;
        }
        if (valid && len == 2 && c < 0xC2) valid = false;  // overlong
        if (valid) {
            out.append(in.substr(i, len));
            i += len;
        } else {
            out.append(kReplacementChar);
            ++i;
        }
    }
    return out;
}

bool is_hex4(std::string_view s) {
    return s.size() >= 4 && std::all_of(s.begin(), s.begin() + 4, [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
           });
}

// The UTF-16 unit of a \uXXXX escape's four hex digits.
unsigned hex4(std::string_view s) {
    unsigned value = 0;
    for (char c : s.substr(0, 4)) {
        value = value * 16 + static_cast<unsigned>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
    }
    return value;
}

// Replaces each \uD800-\uDFFF escape that is not half of a surrogate pair with \uFFFD. A
// serializer that cut an emoji in half writes one, and simdjson rightly refuses the whole page
// for it; repaired, only that item is skipped (as invalid-utf8). Escaped backslashes are
// skipped whole, so "\\ud83d" (a backslash, then text) is left alone.
std::string repair_lone_surrogates(std::string_view in) {
    std::string out;
    out.reserve(in.size());
    std::size_t i = 0;
    while (i < in.size()) {
        if (in[i] != '\\' || i + 1 >= in.size()) {
            out.push_back(in[i++]);
            continue;
        }
        if (in[i + 1] != 'u' || !is_hex4(in.substr(i + 2))) {
            out.append(in.substr(i, 2));
            i += 2;
            continue;
        }
        const unsigned unit = hex4(in.substr(i + 2));
        const bool high = unit >= 0xD800 && unit <= 0xDBFF;
        const bool low = unit >= 0xDC00 && unit <= 0xDFFF;
        const auto next = in.substr(i + 6);
        const bool paired = high && next.size() >= 6 && next[0] == '\\' && next[1] == 'u' &&
                            is_hex4(next.substr(2)) && hex4(next.substr(2)) >= 0xDC00 &&
                            hex4(next.substr(2)) <= 0xDFFF;
        if (paired) {
            out.append(in.substr(i, 12));
            i += 12;
        } else if (high || low) {
            out.append("\\uFFFD");
            i += 6;
        } else {
            out.append(in.substr(i, 6));
            i += 6;
        }
    }
    return out;
}

}  // namespace

simdjson::error_code parse_repaired(dom::parser& parser, std::string_view body,
                                    simdjson::padded_string& json, dom::element& root) {
    json = simdjson::padded_string(body);
    auto error = parser.parse(json).get(root);
    if (error == simdjson::UTF8_ERROR) {
        json = simdjson::padded_string(repair_utf8(body));
        error = parser.parse(json).get(root);
    }
    if (error == simdjson::STRING_ERROR) {
        json = simdjson::padded_string(
            repair_lone_surrogates(std::string_view(json.data(), json.size())));
        error = parser.parse(json).get(root);
    }
    return error;
}

std::optional<SkipReason> read_title(dom::object item, std::string& title) {
    dom::element value;
    if (item["title"].get(value) || value.is_null()) return SkipReason::missing_title;
    std::string_view raw;
    if (value.get(raw)) return SkipReason::bad_title;
    if (raw.size() > kMaxTitleBytes) return SkipReason::bad_title;
    title = schema::printable_text(raw);
    if (title.find_first_not_of(' ') == std::string::npos) return SkipReason::missing_title;
    if (title.find(kReplacementChar) != std::string::npos) return SkipReason::invalid_utf8;
    return std::nullopt;
}

std::optional<int> read_condition_id(dom::object item) {
    std::string_view id_text;
    if (!item["conditionId"].get(id_text)) {
        int id = 0;
        const auto [end, ec] = std::from_chars(id_text.data(), id_text.data() + id_text.size(), id);
        if (ec == std::errc() && end == id_text.data() + id_text.size()) return id;
    }
    std::string_view name;
    if (!item["condition"].get(name)) return schema::condition_id_of_name(name);
    return std::nullopt;
}

}  // namespace gpuprice::fetcher
