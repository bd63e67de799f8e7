// SHA-256 (FIPS 180-4), for one purpose: the page's Content-Security-Policy
// names its own inline style and script by their hashes, so a script that a hostile eBay title
// smuggled past escaping would still not run. Not for secrets.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace gpuprice::analysis {

std::array<std::uint8_t, 32> sha256(std::string_view data);

// "'sha256-<base64>'": a CSP source matching exactly the inline element whose text is `text`.
std::string csp_hash_source(std::string_view text);

}  // namespace gpuprice::analysis
