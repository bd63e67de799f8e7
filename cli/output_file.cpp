#include "cli/output_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace gpuprice::cli {

void write_file_atomically(const std::string& path, const std::string& content) {
    const std::filesystem::path target(path);
    std::error_code error;
    if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path(), error);
    if (error)
        throw std::runtime_error("cannot create " + target.parent_path().string() + ": " +
                                 error.message());
    const auto temp = target.string() + ".tmp";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        out << content;
        out.flush();
        if (!out) {
            std::filesystem::remove(temp, error);
            throw std::runtime_error("cannot write " + temp + ": " + std::strerror(errno));
        }
    }
    std::filesystem::rename(temp, target, error);
    if (error) throw std::runtime_error("cannot write " + path + ": " + error.message());
}

}  // namespace gpuprice::cli
