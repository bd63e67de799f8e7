#include "fetcher/oauth_client.hpp"

#include <simdjson.h>
#include <cstdint>

#include "fetcher/ebay_error.hpp"
#include "fetcher/url.hpp"
#include "schema/domain/base64.hpp"

namespace gpuprice::fetcher {

HttpRequest token_request(const std::string& token_url, const Credentials& credentials,
                          const std::string& scope) {
    HttpRequest request;
    request.url = token_url;
    request.headers = {"Content-Type: application/x-www-form-urlencoded",
                       "Authorization: Basic " +
                           schema::base64(credentials.client_id + ":" + credentials.client_secret)};
    request.post_body = "grant_type=client_credentials&scope=" + percent_encode(scope);
    return request;
}

MintResult read_token_response(const HttpResponse& response,
                               std::chrono::system_clock::time_point now) {
    MintResult result;
    result.failure = MintFailure::failed;
    if (response.status == 0) {
        result.message = "eBay token endpoint unreachable: " + response.curl_error;
        return result;
    }
    if (!response.complete()) {
        result.message = "eBay token endpoint: " + response.describe_transport();
        return result;
    }
    if (response.status != 200) {
        const auto oauth = parse_oauth_error(response.body);
        result.message = "eBay token endpoint answered HTTP " + std::to_string(response.status) +
                         " " + oauth.describe();
        if (oauth.error == "invalid_client" || response.status == 401) {
            result.failure = MintFailure::credentials_refused;
            // The two usual causes, for probe and fetch alike (UX P20).
            result.message +=
                ": eBay refused the client id and secret (the usual causes: a Sandbox keyset "
                "instead of a Production one, or a Production keyset not yet enabled; README "
                "'Getting eBay keys')";
        } else if (oauth.error == "invalid_scope") {
            result.failure = MintFailure::scope_refused;
        }
        return result;
    }
    // The DOM parser validates the whole body first (tests/fuzz/fuzz_token_response).
    simdjson::dom::parser parser;
    simdjson::dom::object root;
    std::string_view token;
    std::int64_t expires_in = 0;
    if (parser.parse(response.body).get(root) || root["access_token"].get_string().get(token) ||
        root["expires_in"].get_int64().get(expires_in) || token.empty()) {
        result.message = "eBay token endpoint answered HTTP 200 without access_token/expires_in";
        return result;
    }
    // The token goes into every request's Authorization header: a space or CR/LF in it would
    // inject headers. The text itself is never echoed.
    if (!is_valid_token_text(token)) {
        result.message =
            "eBay token endpoint answered HTTP 200 with an access_token holding spaces or "
            "control characters; refusing it";
        return result;
    }
    result.token = AccessToken{std::string(token), token_expiry(now, expires_in)};
    // A token endpoint that answers tokens already expired would make a fetch mint again before
    // every call, forever.
    if (result.token->expires_at <= now) {
        result.failure = MintFailure::expired;
        result.message =
            "eBay's token endpoint answered a token that has already expired (expires_in <= 0); "
            "not retrying";
        return result;
    }
    result.failure = MintFailure::none;
    return result;
}

}  // namespace gpuprice::fetcher
