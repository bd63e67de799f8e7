#include "fetcher/ebay_tokens.hpp"

#include "fetcher/ebay_api.hpp"
#include "fetcher/oauth_client.hpp"
#include "fetcher/token_cache.hpp"

namespace gpuprice::fetcher {

std::string token_cache_file(const std::string& base, std::string_view scope) {
    if (base.empty() || scope == kPublicScope) return base;
    const auto slash = scope.rfind('/');
    return base + "." + std::string(scope.substr(slash == std::string_view::npos ? 0 : slash + 1));
}

EbayTokens::EbayTokens(std::string auth_url, Credentials credentials, std::string cache_path,
                       std::chrono::seconds margin, RunClock clock)
    : auth_url_(std::move(auth_url)),
      credentials_(std::move(credentials)),
      cache_path_(std::move(cache_path)),
      margin_(margin),
      clock_(std::move(clock)) {}

bool EbayTokens::fresh(const Held& held) const {
    auto margin = std::chrono::duration_cast<std::chrono::system_clock::duration>(margin_);
    if (held.minted_at.time_since_epoch().count() != 0) {
        margin = std::min(margin, (held.token.expires_at - held.minted_at) / 2);
    }
    return held.token.expires_at - margin > clock_.wall();
}

const AccessToken* EbayTokens::usable(std::string_view scope) {
    const auto it = held_.find(scope);
    if (it != held_.end()) return fresh(it->second) ? &it->second.token : nullptr;
    if (cache_path_.empty()) return nullptr;
    auto cached = load_cached_token(token_cache_file(cache_path_, scope), credentials_.client_id,
                                    auth_url_, std::string(scope), clock_.wall(), margin_);
    if (!cached) return nullptr;
    auto& held = held_[std::string(scope)];
    held.token = std::move(*cached);
    held.generation = 1;
    return &held.token;
}

HttpRequest EbayTokens::mint_request(std::string_view scope) const {
    return token_request(auth_url_, credentials_, std::string(scope));
}

MintResult EbayTokens::accept(std::string_view scope, const HttpResponse& response) {
    const auto now = clock_.wall();
    auto result = read_token_response(response, now);
    if (!result.token || result.failure != MintFailure::none) return result;
    auto& held = held_[std::string(scope)];
    held.token = *result.token;
    held.minted_at = now;
    ++held.generation;
    if (!cache_path_.empty()) {
        const auto file = token_cache_file(cache_path_, scope);
        if (!save_cached_token(file, credentials_.client_id, auth_url_, std::string(scope),
                               held.token)) {
            const auto why = check_token_cache(file);
            notes_.push_back("the token could not be cached in " + file + " (" +
                             why.value_or("the file could not be written") +
                             "); a new token is minted each run");
        }
    }
    return result;
}

int EbayTokens::generation(std::string_view scope) const {
    const auto it = held_.find(scope);
    return it == held_.end() ? 0 : it->second.generation;
}

std::vector<std::string> EbayTokens::take_notes() {
    auto notes = std::move(notes_);
    notes_.clear();
    return notes;
}

}  // namespace gpuprice::fetcher
