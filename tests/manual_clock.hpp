// A clock a test moves by hand, or lets the fake eBay move at every request, so that a night's
// hours (token lifetimes, the deadline, retry waits) pass in milliseconds. A fetch's sleeps
// advance it instead of waiting. Safe to move from the fake's server threads.
#pragma once

#include <chrono>
#include <mutex>

#include "fetcher/run_clock.hpp"

namespace gpuprice::test {

class ManualClock {
  public:
    std::chrono::steady_clock::time_point now() const {
        std::lock_guard lock(mutex_);
        return steady_;
    }
    std::chrono::system_clock::time_point wall() const {
        std::lock_guard lock(mutex_);
        return wall_;
    }
    void advance(std::chrono::steady_clock::duration by) {
        std::lock_guard lock(mutex_);
        steady_ += by;
        wall_ += std::chrono::duration_cast<std::chrono::system_clock::duration>(by);
    }
    // The clock for a fetch's HttpOptions (and so its tokens, deadline and retries).
    fetcher::RunClock run_clock() {
        return {[this] { return now(); }, [this] { return wall(); },
                [this](std::chrono::milliseconds wait) { advance(wait); }};
    }
    // How long the fetch has waited or run, in this clock.
    std::chrono::steady_clock::duration elapsed() const { return now() - start_; }

  private:
    mutable std::mutex mutex_;
    std::chrono::steady_clock::time_point steady_ = std::chrono::steady_clock::now();
    std::chrono::system_clock::time_point wall_ = std::chrono::system_clock::now();
    const std::chrono::steady_clock::time_point start_ = steady_;
};

}  // namespace gpuprice::test
