// Shared test helpers: a temporary folder that survives a failing test, and paths to fixtures.
#pragma once

#include <filesystem>
#include <string>

namespace gpuprice::test {

bool& current_test_failed();

// A fresh folder under the system temp dir; removed afterwards unless the test failed (then its
// path is printed so the evidence can be read) or GPUPRICE_KEEP_TEST_DIRS is set.
class TempDir {
  public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    std::string file(const std::string& name) const { return (path_ / name).string(); }

  private:
    std::filesystem::path path_;
};

std::filesystem::path source_dir();
std::string catalog_dir();
std::string read_file(const std::filesystem::path& path);
void write_file(const std::filesystem::path& path, const std::string& text);

// A cell of a report CSV (CRLF lines, no quoted commas in the columns read): the row whose
// `model` column is `model` (in `condition`), the column named `column`; "<no row>" or
// "<no column>" when absent.
std::string csv_cell(const std::string& csv, const std::string& model, const std::string& column,
                     const std::string& condition = "used");

}  // namespace gpuprice::test
