// The one clock of gpuprice, and time as gpuprice writes it: ISO 8601 UTC, and the UTC night
// (YYYY-MM-DD) that price observations are keyed by. GPUPRICE_NOW (an ISO 8601 UTC time, e.g.
// 2026-12-03T03:00:00Z) sets the clock, so tests and users can replay several nights in seconds.
#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace gpuprice::schema {

inline constexpr const char* kClockVariable = "GPUPRICE_NOW";

// The time gpuprice works at: $GPUPRICE_NOW when set (frozen at that instant), else the system
// clock. Throws std::invalid_argument naming the variable when it is set but not a time.
std::chrono::system_clock::time_point now();

// "2026-12-03T03:00:00Z" (fractional seconds allowed, as eBay writes them); nullopt otherwise.
std::optional<std::chrono::system_clock::time_point> parse_iso_utc(const std::string& text);

std::string iso_utc(std::chrono::system_clock::time_point when);
std::string utc_date(std::chrono::system_clock::time_point when);
// YYYY-MM-DD shifted by `days`, for any year 0000-9999; throws std::invalid_argument for a
// malformed date.
std::string add_days(const std::string& date, int days);
// Whole days from `from` to `to` (both YYYY-MM-DD); throws std::invalid_argument if malformed.
int days_between(const std::string& from, const std::string& to);
// The Monday of the ISO week holding `date` (YYYY-MM-DD).
std::string week_start(const std::string& date);
// The dates a person may give (--since): nights, sales and eBay's times all fall between these.
inline constexpr const char* kFirstDate = "1970-01-01";
inline constexpr const char* kLastDate = "2100-12-31";
// YYYY-MM-DD exactly (no sign, every digit in its place), a real day, kFirstDate..kLastDate.
bool is_valid_date(const std::string& date);
inline std::string now_iso() {
    return iso_utc(now());
}
inline std::string today() {
    return utc_date(now());
}

}  // namespace gpuprice::schema
