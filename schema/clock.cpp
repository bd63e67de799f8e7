#include "schema/clock.hpp"

#include <ctime>

namespace gpuprice::schema {

namespace {
std::string format_utc(std::chrono::system_clock::time_point when, const char* format) {
    const std::time_t t = std::chrono::system_clock::to_time_t(when);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buffer[32];
    const auto n = std::strftime(buffer, sizeof buffer, format, &tm);
    return std::string(buffer, n);
}
}  // namespace

std::string iso_utc(std::chrono::system_clock::time_point when) {
    return format_utc(when, "%Y-%m-%dT%H:%M:%SZ");
}

std::string utc_date(std::chrono::system_clock::time_point when) {
    return format_utc(when, "%Y-%m-%d");
}

}  // namespace gpuprice::schema
