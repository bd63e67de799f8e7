#include "schema/rules/catalog_date.hpp"

namespace gpuprice::schema {

namespace {

bool digits(std::string_view s, std::size_t from, std::size_t n) {
    for (std::size_t i = from; i < from + n; ++i) {
        if (s[i] < '0' || s[i] > '9') return false;
    }
    return true;
}

}  // namespace

bool is_month_or_day(std::string_view s) {
    if (s.size() != 7 && s.size() != 10) return false;
    if (!digits(s, 0, 4) || s[4] != '-' || !digits(s, 5, 2)) return false;
    return s.size() == 7 || (s[7] == '-' && digits(s, 8, 2));
}

bool is_year_month_or_day(std::string_view s) {
    return (s.size() == 4 && digits(s, 0, 4)) || is_month_or_day(s);
}

}  // namespace gpuprice::schema
