// Leading and trailing blanks (space, tab, CR) off a field: the one trim for data files and
// config lines alike.
#pragma once

#include <string_view>

namespace gpuprice::schema {

std::string_view trim(std::string_view text);

}  // namespace gpuprice::schema
