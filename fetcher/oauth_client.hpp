// eBay OAuth2 client-credentials grant: the token request, its response, and a token cache file
// (mode 0600) so that nightly runs reuse a token until shortly before it expires.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "fetcher/credentials.hpp"
#include "fetcher/http_engine.hpp"

namespace gpuprice::fetcher {

inline constexpr const char* kBrowseScope = "https://api.ebay.com/oauth/api_scope";
// Marketplace Insights (sold items): a Limited Release scope, granted to few keysets. Asked for
// in its own token, so that a refusal (invalid_scope) never costs the Browse token.
inline constexpr const char* kInsightsScope =
    "https://api.ebay.com/oauth/api_scope/buy.marketplace.insights";

struct AccessToken {
    std::string value;
    std::chrono::system_clock::time_point expires_at;
};

// POST to `token_url` with Basic auth of client id:secret and grant_type=client_credentials.
HttpRequest token_request(const std::string& token_url, const Credentials& credentials,
                          const std::string& scope = kBrowseScope);

// The token from a 200 response; throws CredentialsError for invalid_client and FetchError for
// anything else, naming the HTTP status and eBay's error code but never the secret.
AccessToken token_from_response(const HttpResponse& response,
                                std::chrono::system_clock::time_point now);

// A cached token for this client and endpoint still valid for `margin`, if any.
std::optional<AccessToken> load_cached_token(const std::string& path, const std::string& client_id,
                                             const std::string& token_url,
                                             std::chrono::system_clock::time_point now,
                                             std::chrono::seconds margin);
// Writes atomically with mode 0600; a failure to cache is not fatal (returns false).
bool save_cached_token(const std::string& path, const std::string& client_id,
                       const std::string& token_url, const AccessToken& token);

// $XDG_CACHE_HOME/gpuprice/token or ~/.cache/gpuprice/token.
std::string default_token_cache_path();

std::string base64(std::string_view bytes);

}  // namespace gpuprice::fetcher
