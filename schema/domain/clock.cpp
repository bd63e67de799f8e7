#include "schema/domain/clock.hpp"

#include <cstdio>
#include <cstdlib>
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

namespace {
std::chrono::sys_days checked_date(const std::string& date) {
    const auto ymd = parse_date(date);
    if (!ymd) throw std::invalid_argument("'" + date + "' is not a date (YYYY-MM-DD)");
    return std::chrono::sys_days(*ymd);
}
}  // namespace

std::string add_days(const std::string& date, int days) {
    const auto shifted = checked_date(date) + std::chrono::days(days);
    return utc_date(std::chrono::system_clock::time_point(shifted));
}

int days_between(const std::string& from, const std::string& to) {
    return static_cast<int>((checked_date(to) - checked_date(from)).count());
}

std::string week_start(const std::string& date) {
    const auto day = checked_date(date);
    const std::chrono::weekday weekday(day);
    // iso_encoding: Monday 1 .. Sunday 7.
    const auto back = static_cast<int>(weekday.iso_encoding()) - 1;
    return utc_date(std::chrono::system_clock::time_point(day - std::chrono::days(back)));
}

std::optional<std::chrono::system_clock::time_point> parse_iso_utc(const std::string& text) {
    // YYYY-MM-DDTHH:MM:SS, optional .fraction, then Z.
    if (text.size() < 20 || text.back() != 'Z' || text[10] != 'T') return std::nullopt;
    const auto ymd = parse_date(text.substr(0, 10));
    unsigned h = 0, m = 0, s = 0;
    char c1 = 0, c2 = 0;
    if (!ymd || std::sscanf(text.c_str() + 11, "%2u%c%2u%c%2u", &h, &c1, &m, &c2, &s) != 5 ||
        c1 != ':' || c2 != ':' || h > 23 || m > 59 || s > 60) {
        return std::nullopt;
    }
    const auto rest = text.substr(19, text.size() - 20);  // "" or ".123"
    if (!rest.empty()) {
        if (rest[0] != '.' || rest.size() < 2) return std::nullopt;
        for (std::size_t i = 1; i < rest.size(); ++i) {
            if (rest[i] < '0' || rest[i] > '9') return std::nullopt;
        }
    }
    return std::chrono::system_clock::time_point(std::chrono::sys_days(*ymd)) +
           std::chrono::hours(h) + std::chrono::minutes(m) + std::chrono::seconds(s);
}

std::chrono::system_clock::time_point now() {
    const char* set = std::getenv(kClockVariable);
    if (!set || !*set) return std::chrono::system_clock::now();
    const auto when = parse_iso_utc(set);
    if (!when) {
        throw std::invalid_argument(std::string(kClockVariable) + "='" + set +
                                    "' is not an ISO 8601 UTC time such as 2026-12-03T03:00:00Z");
    }
    return *when;
}

}  // namespace gpuprice::schema
