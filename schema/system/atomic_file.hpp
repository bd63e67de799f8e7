// Writing files so that no reader (a spreadsheet, a cron mail, the next fetch) ever sees half of
// one, and no planted link redirects the write: the one way gpuprice replaces a file. The
// content goes to an unnamed file in the target's folder (O_TMPFILE; where the filesystem lacks
// it, a temporary that mkstemp creates, O_EXCL), is flushed to disk, given a fresh hidden name
// and renamed over the target, and the folder is synced so the rename survives a crash. A
// process killed while writing leaves no temporary behind.
#pragma once

#include <sys/types.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuprice::schema {

// A file could not be written; the message names the path the user gave and the OS's reason.
class FileWriteError : public std::runtime_error {
    using std::runtime_error::runtime_error;
};

class AtomicFile {
  public:
    // Creates the temporary now: a folder that cannot be written fails here, before anything.
    AtomicFile(std::string path, mode_t mode);
    ~AtomicFile();  // removes the temporary unless committed
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;
    AtomicFile(AtomicFile&& other) noexcept;
    AtomicFile& operator=(AtomicFile&&) = delete;

    // Writes all of `data` and flushes it to disk; throws FileWriteError (a full disk, a
    // file-size limit).
    void write(std::string_view data);
    // Writes all of `data` after what was written, without the flush: a file written in
    // pieces, flushed once by sync().
    void append(std::string_view data);
    void sync();
    // Renames the temporary over the target and syncs the folder.
    void commit();

  private:
    std::string path_;
    std::string temp_;  // empty while the file is unnamed (O_TMPFILE)
    int fd_ = -1;
};

// Files replaced together, creating folders as needed, so that either every file is replaced or
// none is: each is written and flushed as it is added, and only commit() renames them. A full
// disk therefore never leaves a new summary beside an old listings file. The caller need not
// hold every content at once (a year-old report's CSVs are 22 MB).
class AtomicFileSet {
  public:
    explicit AtomicFileSet(mode_t mode = 0644) : mode_(mode) {}
    void add(const std::string& path, std::string_view content);
    // A file whose content `write` hands to the sink it is given, piece by piece: never whole
    // in memory.
    using Sink = std::function<void(std::string_view)>;
    void add_written(const std::string& path, const std::function<void(const Sink&)>& write);
    void commit();

  private:
    mode_t mode_;
    std::vector<AtomicFile> pending_;
};

}  // namespace gpuprice::schema
