// Percent-encoding for the eBay URLs gpuprice builds (query parameters, item ids).
#pragma once

#include <string>
#include <string_view>

namespace gpuprice::fetcher {

// RFC 3986 percent-encoding of everything but unreserved characters.
std::string percent_encode(std::string_view text);

}  // namespace gpuprice::fetcher
