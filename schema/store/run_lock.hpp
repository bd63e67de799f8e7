// Which fetch runs a live process owns. The process that starts a run holds a lock on byte <run
// id> of the file <database>-runlock for as long as the run lasts; the kernel drops the lock when
// the process ends, however it ends (kill -9 included). A run still marked 'running' whose byte
// nobody holds was therefore abandoned: that is a fact the kernel keeps, not a guess from times or
// process ids, and a run another fetch is still writing is never taken for a dead one.
#pragma once

#include <cstdint>
#include <string>

namespace gpuprice::schema {

class RunLock {
  public:
    // Takes the lock for `run_id` of the database at `database_path`; throws std::runtime_error
    // naming the lock file if it cannot be opened or someone else holds that run.
    RunLock(const std::string& database_path, std::int64_t run_id);
    ~RunLock();
    RunLock(RunLock&& other) noexcept;
    RunLock& operator=(RunLock&&) = delete;
    RunLock(const RunLock&) = delete;
    RunLock& operator=(const RunLock&) = delete;

    // Whether a live process (this one included) holds the lock for `run_id`.
    static bool is_held(const std::string& database_path, std::int64_t run_id);

  private:
    int fd_ = -1;
};

std::string run_lock_path(const std::string& database_path);

}  // namespace gpuprice::schema
