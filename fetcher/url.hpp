// URL building for the Browse API: percent-encoding and the search request.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gpuprice::fetcher {

// RFC 3986 percent-encoding of everything but unreserved characters.
std::string percent_encode(std::string_view text);

}  // namespace gpuprice::fetcher
