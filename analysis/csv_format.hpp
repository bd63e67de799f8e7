// RFC 4180 CSV output that is safe to open in a spreadsheet: text cells that a spreadsheet would
// run as a formula are neutralised, numbers use '.' and no thousands separators whatever the
// locale.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuprice::analysis {

// A number printed with `decimals` digits after the point, locale-independent.
std::string format_number(double value, int decimals);
// The same, or "-" when there is none: a table's empty cell.
std::string dash_or(const std::optional<double>& value, int decimals);
// "1 listing", "2 listings".
std::string plural(long long n, const char* one, const char* many);
// A slot width as people write it: "2", "2.5" (UX N15: "2.0").
std::string format_width(double value);
// Display width in terminal columns: UTF-8 lead bytes, not continuation bytes.
std::size_t display_width(std::string_view s);

// One CSV line under construction. Text cells lose control characters, are quoted when needed
// and defused where a spreadsheet could start a formula: = + - @ at the start or after a ';'
// (see CsvLine::text). Number cells are written as numbers.
class CsvLine {
  public:
    // Room for a typical line (a listing's, with its title and URL: at a year the lines of
    // tonight's listings average 170 bytes), so that neither a line nor a file of them is
    // reallocated as it grows.
    static constexpr std::size_t kTypicalSize = 256;
    CsvLine() { line_.reserve(kTypicalSize); }
    CsvLine& text(std::string_view value);
    CsvLine& number(double value, int decimals);
    CsvLine& number(std::optional<double> value, int decimals);
    CsvLine& integer(long long value);
    CsvLine& empty();
    // The line with its CRLF terminator, as RFC 4180 asks.
    std::string str() const { return line_ + "\r\n"; }
    // The same, appended to `out`: a CSV of 80,000 lines is not built from a copy of each.
    void append_to(std::string& out) const {
        out += line_;
        out += "\r\n";
    }

  private:
    void separator();
    std::string line_;
    bool first_ = true;
};

// Columns padded to a common width, for terminals. A column of figures (most cells a number or
// money such as "$1,149") aligns right, any other left.
std::string format_table(const std::vector<std::string>& header,
                         const std::vector<std::vector<std::string>>& rows);

}  // namespace gpuprice::analysis
