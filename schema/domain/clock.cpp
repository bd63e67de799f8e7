#include "schema/domain/clock.hpp"

#include <cstdio>
#include <ctime>
#include <optional>
#include <stdexcept>

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

namespace {
std::optional<std::chrono::year_month_day> parse_date(const std::string& date) {
    unsigned y = 0, m = 0, d = 0;
    char dash1 = 0, dash2 = 0;
    if (date.size() != 10 ||
        std::sscanf(date.c_str(), "%4u%c%2u%c%2u", &y, &dash1, &m, &dash2, &d) != 5 ||
        dash1 != '-' || dash2 != '-') {
        return std::nullopt;
    }
    const std::chrono::year_month_day ymd{std::chrono::year(static_cast<int>(y)),
                                          std::chrono::month(m), std::chrono::day(d)};
    if (!ymd.ok()) return std::nullopt;
    return ymd;
}
}  // namespace

bool is_valid_date(const std::string& date) {
    return parse_date(date).has_value();
}

std::string add_days(const std::string& date, int days) {
    const auto ymd = parse_date(date);
    if (!ymd) throw std::invalid_argument("'" + date + "' is not a date (YYYY-MM-DD)");
    const auto shifted = std::chrono::sys_days(*ymd) + std::chrono::days(days);
    return utc_date(std::chrono::system_clock::time_point(shifted));
}

}  // namespace gpuprice::schema
