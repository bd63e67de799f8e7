#include "schema/store/run_lock.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace gpuprice::schema {

namespace {

// Open-file-description locks (F_OFD_*), not classic POSIX record locks: they belong to this
// open file, so closing some other descriptor of the same file elsewhere in the process cannot
// drop them, and two locks taken in one process conflict like those of two processes.
struct flock byte_of(std::int64_t run_id, short type) {
    struct flock lock {};
    lock.l_type = type;
    lock.l_whence = SEEK_SET;
    lock.l_start = static_cast<off_t>(run_id);
    lock.l_len = 1;
    return lock;
}

int open_lock_file(const std::string& database_path) {
    const auto path = run_lock_path(database_path);
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        throw std::runtime_error("cannot open the run lock " + path + ": " + std::strerror(errno));
    }
    return fd;
}

}  // namespace

std::string run_lock_path(const std::string& database_path) {
    return database_path + "-runlock";
}

RunLock::RunLock(const std::string& database_path, std::int64_t run_id)
    : fd_(open_lock_file(database_path)) {
    auto lock = byte_of(run_id, F_WRLCK);
    if (::fcntl(fd_, F_OFD_SETLK, &lock) != 0) {
        const int error = errno;
        ::close(fd_);
        throw std::runtime_error("cannot lock run " + std::to_string(run_id) + " in " +
                                 run_lock_path(database_path) + ": " + std::strerror(error));
    }
}

RunLock::RunLock(RunLock&& other) noexcept : fd_(other.fd_) {
    other.fd_ = -1;
}

RunLock::~RunLock() {
    if (fd_ >= 0) ::close(fd_);  // releases the lock
}

bool RunLock::is_held(const std::string& database_path, std::int64_t run_id) {
    const int fd = open_lock_file(database_path);
    auto probe = byte_of(run_id, F_WRLCK);
    const int rc = ::fcntl(fd, F_OFD_GETLK, &probe);
    const int error = errno;
    ::close(fd);
    if (rc != 0) {
        throw std::runtime_error("cannot test the run lock " + run_lock_path(database_path) + ": " +
                                 std::strerror(error));
    }
    return probe.l_type != F_UNLCK;
}

}  // namespace gpuprice::schema
