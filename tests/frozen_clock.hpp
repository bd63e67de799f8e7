// gpuprice's clock held at one instant for a test's scope (GPUPRICE_NOW, the seam schema::now()
// reads), and what was there put back after. A test that replays fixed nights and then asks for
// a report, a clearance or a stale-price warning reads the clock: frozen, it passes the same on
// any day it runs (CI runs the suite again under a far-future clock to prove it).
#pragma once

#include <cstdlib>
#include <optional>
#include <string>

#include "schema/domain/clock.hpp"

namespace gpuprice::test {

class FrozenClock {
  public:
    explicit FrozenClock(const std::string& iso_utc) {
        if (const char* was = std::getenv(schema::kClockVariable)) previous_ = was;
        set(iso_utc);
    }
    ~FrozenClock() {
        if (previous_) {
            ::setenv(schema::kClockVariable, previous_->c_str(), 1);
        } else {
            ::unsetenv(schema::kClockVariable);
        }
    }
    FrozenClock(const FrozenClock&) = delete;
    FrozenClock& operator=(const FrozenClock&) = delete;

    // Moves the frozen clock (a night that goes on past midnight, the next night).
    void set(const std::string& iso_utc) { ::setenv(schema::kClockVariable, iso_utc.c_str(), 1); }

  private:
    std::optional<std::string> previous_;
};

}  // namespace gpuprice::test
