// eBay OAuth2 client-credentials grant: the token request and its response. The tokens are
// cached between runs by fetcher/token_cache.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "fetcher/access_token.hpp"
#include "fetcher/credentials.hpp"
#include "fetcher/http_engine.hpp"

namespace gpuprice::fetcher {

// POST to `token_url` with Basic auth of client id:secret, grant_type=client_credentials and
// the scope asked for. Only ebay_tokens mints: every token of a night comes from there.
HttpRequest token_request(const std::string& token_url, const Credentials& credentials,
                          const std::string& scope);

// Why a mint gave no token.
enum class MintFailure {
    none,
    credentials_refused,  // invalid_client, or HTTP 401: the keyset is wrong or revoked
    scope_refused,        // invalid_scope: the keyset was not granted the scope
    expired,              // the endpoint answered a token already expired (expires_in <= 0)
    failed,               // anything else: the network, a 5xx after retries, a malformed body
};

struct MintResult {
    std::optional<AccessToken> token;
    MintFailure failure = MintFailure::none;
    std::string message;  // never holds a secret
};

// The token of a token endpoint's response (POST /identity/v1/oauth2/token), or why there is
// none, naming the HTTP status and eBay's OAuth error but never the secret.
MintResult read_token_response(const HttpResponse& response,
                               std::chrono::system_clock::time_point now);

}  // namespace gpuprice::fetcher
