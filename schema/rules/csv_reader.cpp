#include "schema/rules/csv_reader.hpp"

#include "schema/domain/trim.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <sstream>

namespace gpuprice::schema {

DataFileError::DataFileError(const std::string& file, std::size_t line, const std::string& column,
                             const std::string& problem)
    : std::runtime_error(file + ":" + std::to_string(line) +
                         (column.empty() ? "" : ": column '" + column + "'") + ": " + problem),
      file_(file),
      line_(line),
      column_(column) {}

std::vector<CsvRecord> parse_csv(std::string_view text, const std::string& file) {
    std::vector<CsvRecord> records;
    std::size_t line = 1;
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (i < n) {
        // At the start of a record: skip blank and comment lines.
        if (text[i] == '\n' || text[i] == '\r') {
            if (text[i] == '\n') ++line;
            ++i;
            continue;
        }
        if (text[i] == '#') {
            while (i < n && text[i] != '\n') ++i;
            continue;
        }
        CsvRecord record;
        record.line = line;
        std::string field;
        bool end_of_record = false;
        while (!end_of_record) {
            field.clear();
            if (i < n && text[i] == '"') {
                const std::size_t quote_line = line;
                ++i;
                for (;;) {
                    if (i >= n) throw DataFileError(file, quote_line, "", "unterminated quote");
                    const char c = text[i++];
                    if (c == '"') {
                        if (i < n && text[i] == '"') {
                            field.push_back('"');
                            ++i;
                        } else {
                            break;
                        }
                    } else {
                        if (c == '\n') ++line;
                        field.push_back(c);
                    }
                }
                while (i < n && text[i] != ',' && text[i] != '\n') ++i;  // tolerate \r
            } else {
                while (i < n && text[i] != ',' && text[i] != '\n') field.push_back(text[i++]);
                if (!field.empty() && field.back() == '\r') field.pop_back();
            }
            record.fields.push_back(field);
            if (i < n && text[i] == ',') {
                ++i;
            } else {
                if (i < n) {
                    ++i;
                    ++line;
                }
                end_of_record = true;
            }
        }
        records.push_back(std::move(record));
    }
    return records;
}

CsvTable::CsvTable(std::string_view text, std::string file) : file_(std::move(file)) {
    auto records = parse_csv(text, file_);
    if (records.empty()) throw DataFileError(file_, 1, "", "no header row");
    for (auto& name : records.front().fields) header_.push_back(std::string(trim(name)));
    const std::size_t header_line = records.front().line;
    records.erase(records.begin());
    for (auto& record : records) {
        if (record.fields.size() != header_.size()) {
            throw DataFileError(file_, record.line, "",
                                "has " + std::to_string(record.fields.size()) +
                                    " columns, the header on line " + std::to_string(header_line) +
                                    " has " + std::to_string(header_.size()));
        }
        for (auto& field : record.fields) field = std::string(trim(field));
    }
    rows_ = std::move(records);
}

std::optional<std::size_t> CsvTable::optional_column(std::string_view name) const {
    const auto it = std::find(header_.begin(), header_.end(), name);
    if (it == header_.end()) return std::nullopt;
    return static_cast<std::size_t>(it - header_.begin());
}

std::size_t CsvTable::column(std::string_view name) const {
    if (auto index = optional_column(name)) return *index;
    throw DataFileError(file_, 1, std::string(name), "missing from the header");
}

void CsvTable::fail(const CsvRecord& row, std::string_view column,
                    const std::string& problem) const {
    throw DataFileError(file_, row.line, std::string(column), problem);
}

const std::string& CsvTable::text(const CsvRecord& row, std::string_view name) const {
    return row.fields[column(name)];
}

std::string CsvTable::required_text(const CsvRecord& row, std::string_view name) const {
    const auto& value = text(row, name);
    if (value.empty()) fail(row, name, "is empty");
    return value;
}

std::optional<double> CsvTable::optional_number(const CsvRecord& row, std::string_view name) const {
    const auto& value = text(row, name);
    if (value.empty()) return std::nullopt;
    double result = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), result);
    if (ec != std::errc() || end != value.data() + value.size() || !(result >= 0)) {
        fail(row, name, "'" + value + "' is not a non-negative number");
    }
    return result;
}

double CsvTable::number(const CsvRecord& row, std::string_view name) const {
    auto value = optional_number(row, name);
    if (!value) fail(row, name, "is empty");
    return *value;
}

std::vector<std::string> CsvTable::list(const CsvRecord& row, std::string_view name) const {
    const auto& value = text(row, name);
    if (value.find('|') != std::string::npos) {
        fail(row, name,
             "'" + value + "': list items are separated by '" + std::string(1, kListSeparator) +
                 "'");
    }
    std::vector<std::string> items;
    std::size_t start = 0;
    while (start <= value.size()) {
        auto end = value.find(kListSeparator, start);
        if (end == std::string::npos) end = value.size();
        const auto item = trim(std::string_view(value).substr(start, end - start));
        if (!item.empty()) items.emplace_back(item);
        start = end + 1;
    }
    return items;
}

std::optional<int> CsvTable::optional_integer(const CsvRecord& row, std::string_view name) const {
    const auto& value = text(row, name);
    if (value.empty()) return std::nullopt;
    int result = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), result);
    if (ec != std::errc() || end != value.data() + value.size() || result < 0) {
        fail(row, name, "'" + value + "' is not a non-negative whole number");
    }
    return result;
}

int CsvTable::integer(const CsvRecord& row, std::string_view name) const {
    auto value = optional_integer(row, name);
    if (!value) fail(row, name, "is empty");
    return *value;
}

std::string read_text_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path + ": " + std::strerror(errno));
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

}  // namespace gpuprice::schema
