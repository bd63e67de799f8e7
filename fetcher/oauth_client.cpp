#include "fetcher/oauth_client.hpp"

#include <simdjson.h>
#include <cstdint>

#include "fetcher/errors.hpp"
#include "fetcher/url.hpp"
#include "schema/domain/printable_text.hpp"

namespace gpuprice::fetcher {

std::string base64(std::string_view bytes) {
    static constexpr char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const auto n = (static_cast<unsigned char>(bytes[i]) << 16) |
                       (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                       static_cast<unsigned char>(bytes[i + 2]);
        out += kAlphabet[(n >> 18) & 63];
        out += kAlphabet[(n >> 12) & 63];
        out += kAlphabet[(n >> 6) & 63];
        out += kAlphabet[n & 63];
    }
    if (i + 1 == bytes.size()) {
        const auto n = static_cast<unsigned char>(bytes[i]) << 16;
        out += kAlphabet[(n >> 18) & 63];
        out += kAlphabet[(n >> 12) & 63];
        out += "==";
    } else if (i + 2 == bytes.size()) {
        const auto n = (static_cast<unsigned char>(bytes[i]) << 16) |
                       (static_cast<unsigned char>(bytes[i + 1]) << 8);
        out += kAlphabet[(n >> 18) & 63];
        out += kAlphabet[(n >> 12) & 63];
        out += kAlphabet[(n >> 6) & 63];
        out += '=';
    }
    return out;
}

HttpRequest token_request(const std::string& token_url, const Credentials& credentials,
                          const std::string& scope) {
    HttpRequest request;
    request.url = token_url;
    request.headers = {
        "Content-Type: application/x-www-form-urlencoded",
        "Authorization: Basic " + base64(credentials.client_id + ":" + credentials.client_secret)};
    request.post_body = "grant_type=client_credentials&scope=" + percent_encode(scope);
    request.counts_against_budget = false;  // the identity API has its own limits
    return request;
}

AccessToken token_from_response(const HttpResponse& response,
                                std::chrono::system_clock::time_point now) {
    // The DOM parser validates the whole body first: the on-demand iterator must not be used
    // after a structural error, and a fuzzed body crashed it (tests/fuzz/fuzz_token_response).
    simdjson::dom::parser parser;
    simdjson::dom::object root;
    const bool is_object = !parser.parse(response.body).get(root);
    if (response.status != 0 && !response.complete()) {
        throw FetchError("eBay token endpoint: " + response.describe_transport());
    }
    if (response.status != 200) {
        std::string_view code, description;
        std::string error = "(no error code)";
        if (is_object && !root["error"].get_string().get(code)) {
            error = schema::printable_text(code);  // a stranger's text, printed
        }
        // eBay's error_description is the actionable part ("The requested scope is invalid,
        // unknown, malformed, or exceeds the scope granted to the client"); it never echoes the
        // secret.
        if (is_object && !root["error_description"].get_string().get(description) &&
            !description.empty()) {
            error += " (" + schema::printable_text(description) + ")";
        }
        if (response.status == 0) {
            throw FetchError("eBay token endpoint unreachable: " + response.curl_error);
        }
        const auto what =
            "eBay token endpoint answered HTTP " + std::to_string(response.status) + " " + error;
        if (error.starts_with("invalid_client") || response.status == 401) {
            throw CredentialsError(what + ": eBay refused the client id and secret");
        }
        throw FetchError(what);
    }
    std::string_view token;
    std::int64_t expires_in = 0;
    if (!is_object || root["access_token"].get_string().get(token) ||
        root["expires_in"].get_int64().get(expires_in) || token.empty()) {
        throw FetchError("eBay token endpoint answered HTTP 200 without access_token/expires_in");
    }
    // The token goes into every request's Authorization header: a space or CR/LF in it would
    // inject headers (F18). The text itself is never echoed.
    if (!is_valid_token_text(token)) {
        throw FetchError(
            "eBay token endpoint answered HTTP 200 with an access_token holding spaces or control "
            "characters; refusing it");
    }
    return {std::string(token), token_expiry(now, expires_in)};
}

}  // namespace gpuprice::fetcher
