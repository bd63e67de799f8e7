#include "fetcher/oauth_client.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <simdjson.h>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "fetcher/errors.hpp"
#include "fetcher/url.hpp"
#include "schema/domain/printable_text.hpp"

namespace gpuprice::fetcher {

namespace {

// Identifies whose token a cache file holds without writing the client id itself.
std::string cache_key(const std::string& client_id, const std::string& token_url) {
    std::uint64_t hash = 1469598103934665603ull;  // FNV-1a
    for (unsigned char c : client_id + '\n' + token_url) {
        hash ^= c;
        hash *= 1099511628211ull;
    }
    return std::to_string(hash);
}

}  // namespace

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
    namespace ondemand = simdjson::ondemand;
    ondemand::parser parser;
    simdjson::padded_string json(response.body);
    ondemand::document doc;
    ondemand::object root;
    const bool is_object = !parser.iterate(json).get(doc) && !doc.get_object().get(root);
    if (response.status != 200) {
        std::string_view code, description;
        std::string error = "(no error code)";
        if (is_object && !root.find_field_unordered("error").get_string().get(code)) {
            error = schema::printable_text(code);  // a stranger's text, printed
        }
        // eBay's error_description is the actionable part ("The requested scope is invalid,
        // unknown, malformed, or exceeds the scope granted to the client"); it never echoes the
        // secret.
        if (is_object &&
            !root.find_field_unordered("error_description").get_string().get(description) &&
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
    if (!is_object || root.find_field_unordered("access_token").get_string().get(token) ||
        root.find_field_unordered("expires_in").get_int64().get(expires_in) || token.empty()) {
        throw FetchError("eBay token endpoint answered HTTP 200 without access_token/expires_in");
    }
    return {std::string(token), now + std::chrono::seconds(expires_in)};
}

std::optional<AccessToken> load_cached_token(const std::string& path, const std::string& client_id,
                                             const std::string& token_url,
                                             std::chrono::system_clock::time_point now,
                                             std::chrono::seconds margin) {
    std::ifstream in(path);
    std::string key, expires, token;
    if (!in || !std::getline(in, key) || !std::getline(in, expires) || !std::getline(in, token)) {
        return std::nullopt;
    }
    if (key != cache_key(client_id, token_url) || token.empty()) return std::nullopt;
    char* end = nullptr;
    const long long seconds = std::strtoll(expires.c_str(), &end, 10);
    if (end == expires.c_str()) return std::nullopt;
    const auto expires_at = std::chrono::system_clock::time_point(std::chrono::seconds(seconds));
    if (expires_at - margin <= now) return std::nullopt;
    return AccessToken{token, expires_at};
}

bool save_cached_token(const std::string& path, const std::string& client_id,
                       const std::string& token_url, const AccessToken& token) {
    std::error_code ignored;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ignored);
    const std::string temp = path + ".tmp";
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) return false;
    const auto seconds =
        std::chrono::duration_cast<std::chrono::seconds>(token.expires_at.time_since_epoch())
            .count();
    const std::string content = cache_key(client_id, token_url) + '\n' + std::to_string(seconds) +
                                '\n' + token.value + '\n';
    const bool written =
        ::write(fd, content.data(), content.size()) == static_cast<ssize_t>(content.size()) &&
        ::fchmod(fd, 0600) == 0 && ::fsync(fd) == 0;
    ::close(fd);
    if (!written || std::rename(temp.c_str(), path.c_str()) != 0) {
        std::filesystem::remove(temp, ignored);
        return false;
    }
    return true;
}

std::string default_token_cache_path() {
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
        return std::string(xdg) + "/gpuprice/token";
    }
    if (const char* home = std::getenv("HOME"); home && *home) {
        return std::string(home) + "/.cache/gpuprice/token";
    }
    return ".gpuprice-token";
}

}  // namespace gpuprice::fetcher
