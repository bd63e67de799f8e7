// The OAuth token cache file: a nightly run reuses a token until shortly before it expires. The
// file holds a bearer token, so it is trusted and written only where no one else can interfere:
// in a folder the user owns that group and others cannot write, as a regular file the user owns
// with mode 0600, never through a link. A cache that fails these checks is ignored (a new token
// is minted) and not written, and check_token_cache says why, for a warning.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "fetcher/access_token.hpp"

namespace gpuprice::fetcher {

// Why the cache at `path` cannot be used safely (its folder writable by others, not the user's,
// the file a link or not the user's, or readable by others), or nullopt when it can. A missing
// file or folder is fine: they are created (the folder 0700).
std::optional<std::string> check_token_cache(const std::string& path);

// A cached token for this client, endpoint and scope still valid for `margin`, if the cache is
// safe and holds one; the token text and its expiry are checked as a fresh one would be. The key
// holds the scope: a token of one scope is never taken for another's.
std::optional<AccessToken> load_cached_token(const std::string& path, const std::string& client_id,
                                             const std::string& token_url, const std::string& scope,
                                             std::chrono::system_clock::time_point now,
                                             std::chrono::seconds margin);
// Writes atomically (schema::AtomicFile) with mode 0600 if the folder is safe; false when it
// could not (the caller says so: a token not cached is minted again next run).
bool save_cached_token(const std::string& path, const std::string& client_id,
                       const std::string& token_url, const std::string& scope,
                       const AccessToken& token);

// $XDG_CACHE_HOME/gpuprice/token or ~/.cache/gpuprice/token.
std::string default_token_cache_path();

}  // namespace gpuprice::fetcher
