#include "fetcher/access_token.hpp"

#include <algorithm>

namespace gpuprice::fetcher {

bool is_valid_token_text(std::string_view token) {
    return !token.empty() && token.size() <= 4096 &&
           std::all_of(token.begin(), token.end(), [](char c) { return c >= 0x21 && c <= 0x7E; });
}

std::chrono::system_clock::time_point token_expiry(std::chrono::system_clock::time_point now,
                                                   std::int64_t expires_in) {
    const auto seconds =
        std::clamp<std::int64_t>(expires_in, kMinTokenLifetime.count(), kMaxTokenLifetime.count());
    return now + std::chrono::seconds(seconds);
}

}  // namespace gpuprice::fetcher
