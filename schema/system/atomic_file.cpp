#include "schema/system/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <string_view>

#include "schema/system/locations.hpp"

namespace gpuprice::schema {

namespace {

[[noreturn]] void fail(const std::string& what, int error) {
    throw FileWriteError(what + ": " + std::strerror(error));
}

// Creates missing folders; names the one that could not be made (a read-only parent, a file
// where a folder should be) rather than the file inside it.
void make_folders(const std::string& folder) {
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    if (error) throw FileWriteError("cannot create the folder " + folder + ": " + error.message());
}

// ".<name>.XXXXXX" beside the target: hidden, and never a fixed name someone could plant.
std::string temp_pattern(const std::string& path) {
    return (std::filesystem::path(folder_of(path)) /
            ("." + std::filesystem::path(path).filename().string() + ".XXXXXX"))
        .string();
}

// Gives the unnamed file `fd` a fresh name beside `path`: linkat never replaces an existing
// name nor follows a link planted there (EEXIST), so a taken name just means another try.
std::string link_unnamed(int fd, const std::string& path) {
    const std::string pattern = temp_pattern(path);
    const std::string_view letters =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    std::random_device random;
    const std::string source = "/proc/self/fd/" + std::to_string(fd);
    for (int attempt = 0; attempt < 100; ++attempt) {
        std::string name = pattern;
        for (auto i = name.size() - 6; i < name.size(); ++i)
            name[i] = letters[random() % letters.size()];
        if (::linkat(AT_FDCWD, source.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0) {
            return name;
        }
        if (errno != EEXIST) fail("cannot write " + path, errno);
    }
    fail("cannot write " + path, EEXIST);
}

}  // namespace

AtomicFile::AtomicFile(std::string path, mode_t mode) : path_(std::move(path)) {
    const auto folder = folder_of(path_);
    // An unnamed file first (O_TMPFILE): a process killed while writing, even by kill -9, leaves
    // nothing behind, where a named temporary would stay in the folder for good (chaos
    // kill_report_write). It gets a name only in commit(), just before the rename.
    if (::access("/proc/self/fd", X_OK) == 0) {
        fd_ = ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
    }
    if (fd_ < 0) {
        // Filesystems without O_TMPFILE: a named temporary that mkstemp creates (O_EXCL).
        std::string pattern = temp_pattern(path_);
        fd_ = ::mkostemp(pattern.data(), O_CLOEXEC);
        if (fd_ < 0) fail("cannot write into " + folder + "/", errno);
        temp_ = pattern;
    }
    if (::fchmod(fd_, mode) != 0) {
        const int error = errno;
        ::close(fd_);
        if (!temp_.empty()) ::unlink(temp_.c_str());
        fd_ = -1;
        temp_.clear();
        fail("cannot write " + path_, error);
    }
}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : path_(std::move(other.path_)), temp_(std::move(other.temp_)), fd_(other.fd_) {
    other.fd_ = -1;
    other.temp_.clear();
}

AtomicFile::~AtomicFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!temp_.empty()) ::unlink(temp_.c_str());
}

void AtomicFile::write(std::string_view data) {
    append(data);
    sync();
}

void AtomicFile::append(std::string_view data) {
    while (!data.empty()) {
        const auto n = ::write(fd_, data.data(), data.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail("cannot write " + path_, errno);
        data.remove_prefix(static_cast<std::size_t>(n));
    }
}

void AtomicFile::sync() {
    if (::fsync(fd_) != 0) fail("cannot write " + path_, errno);
}

void AtomicFile::commit() {
    if (temp_.empty()) temp_ = link_unnamed(fd_, path_);
    if (::close(fd_) != 0) {
        fd_ = -1;
        fail("cannot write " + path_, errno);
    }
    fd_ = -1;
    if (std::rename(temp_.c_str(), path_.c_str()) != 0) fail("cannot write " + path_, errno);
    temp_.clear();
    // The rename is durable only once the folder is; a failure here loses nothing written.
    const int dir = ::open(folder_of(path_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

void AtomicFileSet::add(const std::string& path, std::string_view content) {
    add_written(path, [&](const Sink& sink) { sink(content); });
}

void AtomicFileSet::add_written(const std::string& path,
                                const std::function<void(const Sink&)>& write) {
    make_folders(folder_of(path));
    pending_.emplace_back(path, mode_);
    auto& file = pending_.back();
    write([&](std::string_view piece) { file.append(piece); });
    file.sync();
}

void AtomicFileSet::commit() {
    for (auto& file : pending_) file.commit();
    pending_.clear();
}

}  // namespace gpuprice::schema
