#include "tests/test_context.hpp"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>

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

}  // namespace gpuprice::test
