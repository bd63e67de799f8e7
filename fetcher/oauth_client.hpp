// eBay OAuth2 client-credentials grant: the token request and its response. The tokens are
// cached between runs by fetcher/token_cache.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "fetcher/access_token.hpp"
#include "fetcher/credentials.hpp"
#include "fetcher/http_engine.hpp"
#include "fetcher/token_cache.hpp"  // the cache of these tokens

namespace gpuprice::fetcher {

inline constexpr const char* kBrowseScope = "https://api.ebay.com/oauth/api_scope";
// Marketplace Insights (sold items): a Limited Release scope, granted to few keysets. Asked for
// in its own token, so that a refusal (invalid_scope) never costs the Browse token.
inline constexpr const char* kInsightsScope =
    "https://api.ebay.com/oauth/api_scope/buy.marketplace.insights";

// POST to `token_url` with Basic auth of client id:secret and grant_type=client_credentials.
HttpRequest token_request(const std::string& token_url, const Credentials& credentials,
                          const std::string& scope = kBrowseScope);

// The token from a 200 response; throws CredentialsError for invalid_client and FetchError for
// anything else, naming the HTTP status and eBay's error code but never the secret.
AccessToken token_from_response(const HttpResponse& response,
                                std::chrono::system_clock::time_point now);

std::string base64(std::string_view bytes);

}  // namespace gpuprice::fetcher
