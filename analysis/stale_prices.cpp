#include "analysis/stale_prices.hpp"

#include "schema/domain/clock.hpp"

namespace gpuprice::analysis {

std::optional<std::string> stale_prices_warning(const std::string& as_of,
                                                const std::string& today) {
    if (as_of.empty() || today.empty()) return std::nullopt;
    const int age = schema::days_between(as_of, today);
    if (age <= kStaleAfterDays) return std::nullopt;
    return "prices from " + as_of + ", " + std::to_string(age) +
           " days old: is the nightly fetch running?";
}

}  // namespace gpuprice::analysis
