// An OAuth access token and the checks every token passes, fresh from eBay or from the cache:
// its text goes into an HTTP header, so it must be one visible ASCII word (a CR/LF would inject
// a header), and its lifetime must be one a clock can add without overflow.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gpuprice::fetcher {

struct AccessToken {
    std::string value;
    std::chrono::system_clock::time_point expires_at;
};

// eBay's application tokens live 7,200 s; a day is the most gpuprice believes.
inline constexpr std::chrono::seconds kMaxTokenLifetime{24 * 3600};
// The least it believes: a token that claims to be expired already is taken as expiring now
// (the fetch then renews it; the EbayClient mints one token per generation and replays a call
// once, so an endpoint that keeps answering such lifetimes costs calls, not a loop).
inline constexpr std::chrono::seconds kMinTokenLifetime{0};

// Visible ASCII only (0x21-0x7E): no space, no control character, nothing that ends a header.
bool is_valid_token_text(std::string_view token);

// `expires_in` seconds from `now`, clamped to [kMinTokenLifetime, kMaxTokenLifetime]: a negative
// or absurd value (INT64_MAX) never overflows the clock nor makes a fetch renew without end.
std::chrono::system_clock::time_point token_expiry(std::chrono::system_clock::time_point now,
                                                   std::int64_t expires_in);

}  // namespace gpuprice::fetcher
