#include "analysis/csv_format.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

#include "schema/domain/market.hpp"
#include "schema/domain/printable_text.hpp"

namespace gpuprice::analysis {

namespace {

bool looks_numeric(std::string_view s) {
    if (s.empty()) return false;
    double value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    return ec == std::errc() && end == s.data() + s.size();
}

// A figure as the tables print it: a number, or money ("$1,149", "£85", "C$1,200": a market's
// currency symbol, then digits with thousands separators), which aligns right like one. The
// symbols are the marketplace table's: a market added there aligns here too.
bool looks_like_figure(std::string_view s) {
    if (looks_numeric(s)) return true;
    for (const auto& market : schema::markets()) {
        const auto symbol = market.currency_symbol;
        if (!s.starts_with(symbol)) continue;
        std::string digits;
        for (char c : s.substr(symbol.size()))
            if (c != ',') digits.push_back(c);
        return looks_numeric(digits);
    }
    return false;
}

// Whether CsvLine::text leaves `raw` as it is: printable ASCII, with nothing to quote and no
// cell start to defuse. Most titles, ids and URLs are: they are copied without a scan per rule.
bool plain_cell(std::string_view raw) {
    if (raw.empty()) return true;
    const char first = raw.front();
    if (first == ' ' || raw.back() == ' ' || first == '=' || first == '+' || first == '-' ||
        first == '@')
        return false;
    return std::all_of(raw.begin(), raw.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u >= 0x20 && u < 0x7F && c != ',' && c != '"' && c != ';';
    });
}

}  // namespace

std::size_t display_width(std::string_view s) {
    return static_cast<std::size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string format_number(double value, int decimals) {
    if (!std::isfinite(value)) return "";
    std::array<char, 64> buffer{};
    const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value,
                                         std::chars_format::fixed, decimals);
    if (ec != std::errc()) return "";
    std::string result(buffer.data(), end);
    if (result.starts_with("-") && result.find_first_not_of("-0.") == std::string::npos) {
        result.erase(0, 1);  // no "-0.00"
    }
    return result;
}

std::string dash_or(const std::optional<double>& value, int decimals) {
    return value ? format_number(*value, decimals) : "-";
}

std::string plural(long long n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string format_width(double value) {
    return format_number(value, value == std::floor(value) ? 0 : 1);
}

namespace {

// The cell of a text that is not plain_cell.
std::string defused_cell(std::string_view raw) {
    // Control characters never reach a CSV: a NUL breaks readers, a tab or CR would split the
    // cell under another separator. Tabs and line breaks become spaces.
    const auto value = schema::printable_text(raw);
    std::string cell;
    // A cell is defused wherever one could start: at its beginning, and after each ';', the
    // separator Excel uses on double-click in many locales (tabs are gone already). A ' before
    // = + - @ (after any spaces) makes Excel, LibreOffice and Google Sheets show the text
    // instead of running it.
    bool cell_start = true;
    for (const char c : value) {
        if (cell_start && c != ' ') {
            if (c == '=' || c == '+' || c == '-' || c == '@') cell.push_back('\'');
            cell_start = false;
        }
        cell.push_back(c);
        if (c == ';') cell_start = true;
    }
    const bool needs_quotes = cell.find_first_of(",\"\r\n") != std::string::npos ||
                              (!cell.empty() && (cell.front() == ' ' || cell.back() == ' '));
    if (!needs_quotes) return cell;
    std::string quoted = "\"";
    for (char c : cell) {
        if (c == '"') quoted.push_back('"');
        quoted.push_back(c);
    }
    quoted.push_back('"');
    return quoted;
}

}  // namespace

void CsvLine::separator() {
    if (!first_) line_.push_back(',');
    first_ = false;
}

CsvLine& CsvLine::text(std::string_view value) {
    separator();
    if (plain_cell(value)) {
        line_ += value;
    } else {
        line_ += defused_cell(value);
    }
    return *this;
}

CsvLine& CsvLine::number(double value, int decimals) {
    separator();
    line_ += format_number(value, decimals);
    return *this;
}

CsvLine& CsvLine::number(std::optional<double> value, int decimals) {
    return value ? number(*value, decimals) : empty();
}

CsvLine& CsvLine::integer(long long value) {
    separator();
    line_ += std::to_string(value);
    return *this;
}

CsvLine& CsvLine::empty() {
    separator();
    return *this;
}

std::string format_table(const std::vector<std::string>& header,
                         const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::size_t> widths(header.size(), 0);
    // A column aligns right when most of its cells are figures: a word among them (SXM2 in
    // the slots column) no longer turns the whole column left (UX N15).
    std::vector<int> figures(header.size(), 0), words(header.size(), 0);
    for (std::size_t c = 0; c < header.size(); ++c) widths[c] = display_width(header[c]);
    for (const auto& row : rows) {
        for (std::size_t c = 0; c < row.size() && c < widths.size(); ++c) {
            widths[c] = std::max(widths[c], display_width(row[c]));
            if (row[c].empty() || row[c] == "-") continue;
            ++(looks_like_figure(row[c]) ? figures[c] : words[c]);
        }
    }
    std::vector<bool> numeric(header.size());
    for (std::size_t c = 0; c < header.size(); ++c) numeric[c] = figures[c] > words[c];
    auto emit = [&](const std::vector<std::string>& cells, std::string& out) {
        for (std::size_t c = 0; c < widths.size(); ++c) {
            const std::string& cell = c < cells.size() ? cells[c] : std::string();
            const std::size_t pad = widths[c] - std::min(widths[c], display_width(cell));
            if (c > 0) out += "  ";
            if (numeric[c]) out.append(pad, ' ');
            out += cell;
            if (!numeric[c] && c + 1 < widths.size()) out.append(pad, ' ');
        }
        while (!out.empty() && out.back() == ' ') out.pop_back();
        out += '\n';
    };
    std::string out;
    emit(header, out);
    for (const auto& row : rows) emit(row, out);
    return out;
}

}  // namespace gpuprice::analysis
