// RFC 4180 reading for the data files under schema/ (catalog, aliases, exclusions), keeping the
// line each record starts on so that errors can name file, line and column.
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gpuprice::schema {

// A malformed data file; what() reads "file:line: column 'x': problem".
class DataFileError : public std::runtime_error {
  public:
    DataFileError(const std::string& file, std::size_t line, const std::string& column,
                  const std::string& problem);
    const std::string& file() const { return file_; }
    std::size_t line() const { return line_; }
    const std::string& column() const { return column_; }

  private:
    std::string file_;
    std::size_t line_;
    std::string column_;
};

struct CsvRecord {
    std::size_t line = 0;
    std::vector<std::string> fields;
};

// Records of `text`. Blank lines and lines starting with '#' are skipped (comments say where a
// figure comes from). Throws DataFileError on an unterminated quote.
std::vector<CsvRecord> parse_csv(std::string_view text, const std::string& file);

// The one separator of list cells in every data file ("fp16;bf16", "rtx-3090;rtx-3090-ti").
inline constexpr char kListSeparator = ';';

// A CSV file with a header row, read by column name.
class CsvTable {
  public:
    CsvTable(std::string_view text, std::string file);

    const std::string& file() const { return file_; }
    const std::vector<CsvRecord>& rows() const { return rows_; }
    // Throws DataFileError if the header lacks `name`.
    std::size_t column(std::string_view name) const;
    std::optional<std::size_t> optional_column(std::string_view name) const;

    // Typed access to one cell; errors name file, line and column.
    const std::string& text(const CsvRecord& row, std::string_view name) const;
    std::string required_text(const CsvRecord& row, std::string_view name) const;
    double number(const CsvRecord& row, std::string_view name) const;
    std::optional<double> optional_number(const CsvRecord& row, std::string_view name) const;
    int integer(const CsvRecord& row, std::string_view name) const;
    std::optional<int> optional_integer(const CsvRecord& row, std::string_view name) const;
    // A list cell: items separated by kListSeparator, each trimmed, empty ones dropped. A '|'
    // (the separator of catalogs before SKU keys) fails, naming the one to use.
    std::vector<std::string> list(const CsvRecord& row, std::string_view name) const;

    [[noreturn]] void fail(const CsvRecord& row, std::string_view column,
                           const std::string& problem) const;

  private:
    std::string file_;
    std::vector<std::string> header_;
    std::vector<CsvRecord> rows_;
};

// Reads a whole file; throws std::runtime_error naming it if it cannot.
std::string read_text_file(const std::string& path);

}  // namespace gpuprice::schema
