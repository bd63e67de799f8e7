// Dates in catalog files: a measurement's (measured_performance.csv) or a card's launch
// (launches.csv), as precise as their sources are.
#pragma once

#include <string_view>

namespace gpuprice::schema {

// YYYY-MM or YYYY-MM-DD (digits where digits belong; the month and day are not range-checked
// further than two digits: a typo there is caught by review, a wrong shape here).
bool is_month_or_day(std::string_view text);

// YYYY, YYYY-MM or YYYY-MM-DD.
bool is_year_month_or_day(std::string_view text);

}  // namespace gpuprice::schema
