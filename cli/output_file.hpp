// Writing report files so that a reader (a spreadsheet, a cron mail) never sees half of one:
// write to a temporary name in the same folder, then rename.
#pragma once

#include <string>

namespace gpuprice::cli {

// Creates the folder if needed; throws std::runtime_error naming the file on failure.
void write_file_atomically(const std::string& path, const std::string& content);

}  // namespace gpuprice::cli
