#include "schema/domain/night.hpp"

#include <stdexcept>

#include "schema/domain/clock.hpp"

namespace gpuprice::schema {

Night Night::of(std::chrono::system_clock::time_point when) {
    return Night(std::chrono::floor<std::chrono::days>(when));
}

std::optional<Night> Night::parse(std::string_view text) {
    const std::string date(text);
    if (!is_valid_date(date)) return std::nullopt;
    // Days since 1970-01-01 (kFirstDate, sys_days' epoch), by the clock's own date arithmetic.
    return Night(std::chrono::sys_days{} + std::chrono::days(days_between(kFirstDate, date)));
}

Night Night::from_text(std::string_view text) {
    auto night = parse(text);
    if (!night)
        throw std::invalid_argument("'" + std::string(text) + "' is not a night (YYYY-MM-DD)");
    return *night;
}

std::string Night::text() const {
    return utc_date(start());
}

}  // namespace gpuprice::schema
