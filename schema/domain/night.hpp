// A market night: the UTC calendar day a run observes. Everything one run records (its prices,
// its coverage, its status, what a derived pass reached) is keyed by this one day, decided once
// when the run begins, so that a run begun at 23:59:59 UTC stays on its night to its last row.
// A night is a day, not a timestamp: nothing derives one from when a row was written.
#pragma once

#include <chrono>
#include <compare>
#include <optional>
#include <string>
#include <string_view>

namespace gpuprice::schema {

class Night {
  public:
    // 1970-01-01, kFirstDate: a plan or a record that is filled in later starts here, so that a
    // night left unset is a night long gone, never today's.
    Night() = default;
    // The UTC day holding `when`.
    static Night of(std::chrono::system_clock::time_point when);
    // YYYY-MM-DD exactly, a day between kFirstDate and kLastDate; nullopt otherwise.
    static std::optional<Night> parse(std::string_view text);
    // As parse; throws std::invalid_argument naming the text when it is not a night.
    static Night from_text(std::string_view text);

    std::string text() const;  // YYYY-MM-DD, as the database stores it
    Night plus(int days) const { return Night(day_ + std::chrono::days(days)); }
    // 00:00:00 UTC of the night: the time a replayed night's run is stamped with.
    std::chrono::system_clock::time_point start() const { return day_; }

    friend auto operator<=>(const Night&, const Night&) = default;

  private:
    explicit Night(std::chrono::sys_days day) : day_(day) {}
    std::chrono::sys_days day_{};
};

}  // namespace gpuprice::schema
