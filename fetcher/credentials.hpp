// eBay application credentials: from EBAY_CLIENT_ID / EBAY_CLIENT_SECRET, or from a config file
// that only its owner may read. They never go to argv, logs, the database or error messages.
#pragma once

#include <optional>
#include <string>

namespace gpuprice::fetcher {

struct Credentials {
    std::string client_id;
    std::string client_secret;
};

// Environment first, then `config_path` (or $GPUPRICE_CONFIG, or ~/.config/gpuprice/credentials)
// with lines `client_id = ...` and `client_secret = ...`. Throws CredentialsError saying what to
// set, or why the file was refused (readable by group or others).
Credentials load_credentials(const std::optional<std::string>& config_path);

}  // namespace gpuprice::fetcher
