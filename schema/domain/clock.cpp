#include "schema/domain/clock.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <optional>
#include <stdexcept>
#include <string_view>

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
// Digits at text[from, from + count) as a number; nullopt unless all are ASCII digits (no sign,
// no space: from_chars alone would stop early or take a '-').
std::optional<int> digits(std::string_view text, std::size_t from, std::size_t count) {
    const char* first = text.data() + from;
    const char* last = first + count;
    if (std::any_of(first, last, [](char c) { return c < '0' || c > '9'; })) return std::nullopt;
    int value = 0;
    std::from_chars(first, last, value);
    return value;
}

// YYYY-MM-DD exactly: four, two and two digits in their places, and a day the calendar has.
std::optional<std::chrono::year_month_day> parse_date(std::string_view date) {
    if (date.size() != 10 || date[4] != '-' || date[7] != '-') return std::nullopt;
    const auto y = digits(date, 0, 4);
    const auto m = digits(date, 5, 2);
    const auto d = digits(date, 8, 2);
    if (!y || !m || !d) return std::nullopt;
    const std::chrono::year_month_day ymd{std::chrono::year(*y),
                                          std::chrono::month(static_cast<unsigned>(*m)),
                                          std::chrono::day(static_cast<unsigned>(*d))};
    if (!ymd.ok()) return std::nullopt;
    return ymd;
}

std::chrono::sys_days checked_date(const std::string& date) {
    const auto ymd = parse_date(date);
    if (!ymd) throw std::invalid_argument("'" + date + "' is not a date (YYYY-MM-DD)");
    return std::chrono::sys_days(*ymd);
}

// Days as YYYY-MM-DD, computed in days: a time_point in nanoseconds overflows before 1678.
std::string format_date(std::chrono::sys_days day) {
    const std::chrono::year_month_day ymd(day);
    char buffer[24];
    const int n =
        std::snprintf(buffer, sizeof buffer, "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                      static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
    return std::string(buffer, static_cast<std::size_t>(n));
}
}  // namespace

bool is_valid_date(const std::string& date) {
    return parse_date(date).has_value() && date >= kFirstDate && date <= kLastDate;
}

std::string add_days(const std::string& date, int days) {
    return format_date(checked_date(date) + std::chrono::days(days));
}

int days_between(const std::string& from, const std::string& to) {
    return static_cast<int>((checked_date(to) - checked_date(from)).count());
}

std::string week_start(const std::string& date) {
    const auto day = checked_date(date);
    const std::chrono::weekday weekday(day);
    // iso_encoding: Monday 1 .. Sunday 7.
    const auto back = static_cast<int>(weekday.iso_encoding()) - 1;
    return format_date(day - std::chrono::days(back));
}

std::optional<std::chrono::system_clock::time_point> parse_iso_utc(const std::string& text) {
    // YYYY-MM-DDTHH:MM:SS, optional .fraction, then Z.
    if (text.size() < 20 || text.back() != 'Z' || text[10] != 'T') return std::nullopt;
    // Outside kFirstDate..kLastDate, a time in nanoseconds since 1970 could overflow.
    const auto date = text.substr(0, 10);
    const auto ymd = is_valid_date(date) ? parse_date(date) : std::nullopt;
    const auto h = digits(text, 11, 2);
    const auto m = digits(text, 14, 2);
    const auto s = digits(text, 17, 2);
    if (!ymd || text[13] != ':' || text[16] != ':' || !h || !m || !s || *h > 23 || *m > 59 ||
        *s > 60) {
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
           std::chrono::hours(*h) + std::chrono::minutes(*m) + std::chrono::seconds(*s);
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
