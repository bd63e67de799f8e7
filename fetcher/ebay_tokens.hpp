// The application tokens of a night, one per OAuth scope, minted in one place: read from the
// cache when one is still good for the margin, minted otherwise, renewed before they expire,
// and written back to the cache (a file per scope, the scope in its key). Each new token starts
// a generation, so that the calls a revoked token failed are replayed once with the next one.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fetcher/access_token.hpp"
#include "fetcher/credentials.hpp"
#include "fetcher/http_engine.hpp"
#include "fetcher/oauth_client.hpp"
#include "fetcher/run_clock.hpp"

namespace gpuprice::fetcher {

// The cache file of a scope's token: `base` for the public scope, `base` plus the scope's last
// part for another ("<base>.buy.marketplace.insights").
std::string token_cache_file(const std::string& base, std::string_view scope);

class EbayTokens {
  public:
    // `cache_path`: the public scope's cache file (empty: no cache). A token is renewed
    // `margin` before it expires, or at half its life if it lives less than twice that.
    EbayTokens(std::string auth_url, Credentials credentials, std::string cache_path,
               std::chrono::seconds margin, RunClock clock);

    // The token for `scope` if one is held, or cached, with more than the margin left.
    const AccessToken* usable(std::string_view scope);
    // POST to the token endpoint, Basic auth of client id:secret, grant_type=client_credentials.
    HttpRequest mint_request(std::string_view scope) const;
    // A mint's response: on success the token is held, cached and starts a new generation.
    MintResult accept(std::string_view scope, const HttpResponse& response);
    // The generation of the scope's current token (0 before the first).
    int generation(std::string_view scope) const;
    // Notes for the night, each said once: a cache that could not be written.
    std::vector<std::string> take_notes();

  private:
    struct Held {
        AccessToken token;
        std::chrono::system_clock::time_point minted_at{};  // epoch: read from the cache
        int generation = 0;
    };
    bool fresh(const Held& held) const;

    std::string auth_url_;
    Credentials credentials_;
    std::string cache_path_;
    std::chrono::seconds margin_;
    RunClock clock_;
    std::map<std::string, Held, std::less<>> held_;
    std::vector<std::string> notes_;
};

}  // namespace gpuprice::fetcher
