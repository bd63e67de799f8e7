// Wall-clock time as gpuprice writes it: ISO 8601 UTC, and the UTC night (YYYY-MM-DD) that
// price observations are keyed by.
#pragma once

#include <chrono>
#include <string>

namespace gpuprice::schema {

std::string iso_utc(std::chrono::system_clock::time_point when);
std::string utc_date(std::chrono::system_clock::time_point when);
// YYYY-MM-DD shifted by `days`; throws std::invalid_argument for a malformed date.
std::string add_days(const std::string& date, int days);
bool is_valid_date(const std::string& date);
inline std::string now_iso() {
    return iso_utc(std::chrono::system_clock::now());
}

}  // namespace gpuprice::schema
