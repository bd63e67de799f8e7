#include "tests/test_context.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpuprice::test {

bool& current_test_failed() {
    static bool failed = false;
    return failed;
}

TempDir::TempDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "gpuprice-test-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
}

TempDir::~TempDir() {
    if (current_test_failed() || std::getenv("GPUPRICE_KEEP_TEST_DIRS")) {
        std::cerr << "test files kept in " << path_.string() << '\n';
        return;
    }
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

std::filesystem::path source_dir() {
    return GPUPRICE_SOURCE_DIR;
}

std::string catalog_dir() {
    return (source_dir() / "schema" / "catalog").string();
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path.string());
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

void write_file(const std::filesystem::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

namespace {
std::vector<std::string> csv_cells(std::string line) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::vector<std::string> cells;
    std::stringstream in(line);
    for (std::string cell; std::getline(in, cell, ',');) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    return cells;
}
}  // namespace

std::string csv_cell(const std::string& csv, const std::string& model, const std::string& column,
                     const std::string& condition) {
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);
    const auto names = csv_cells(line);
    const auto at = std::find(names.begin(), names.end(), column);
    const auto model_at = std::find(names.begin(), names.end(), "model");
    const auto condition_at = std::find(names.begin(), names.end(), "condition");
    if (at == names.end() || model_at == names.end()) return "<no column>";
    while (std::getline(in, line)) {
        const auto cells = csv_cells(line);
        const auto i = static_cast<std::size_t>(model_at - names.begin());
        const auto c = static_cast<std::size_t>(condition_at - names.begin());
        if (i < cells.size() && cells[i] == model &&
            (condition_at == names.end() || (c < cells.size() && cells[c] == condition))) {
            const auto k = static_cast<std::size_t>(at - names.begin());
            return k < cells.size() ? cells[k] : "";
        }
    }
    return "<no row>";
}

}  // namespace gpuprice::test
