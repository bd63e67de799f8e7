// The clocks a fetch reads, as functions, so that a test can run a night's hours in
// milliseconds: `now` for deadlines and retry times (steady), `wall` for token lifetimes (eBay's
// real seconds, never GPUPRICE_NOW, which may be frozen on a replayed night), and `sleep` for
// waiting on a retry when nothing is in flight. The real clock is the default everywhere.
#pragma once

#include <chrono>
#include <functional>

namespace gpuprice::fetcher {

struct RunClock {
    std::function<std::chrono::steady_clock::time_point()> now = [] {
        return std::chrono::steady_clock::now();
    };
    std::function<std::chrono::system_clock::time_point()> wall = [] {
        return std::chrono::system_clock::now();
    };
    std::function<void(std::chrono::milliseconds)> sleep;  // empty: the thread sleeps
};

}  // namespace gpuprice::fetcher
