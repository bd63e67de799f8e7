// eBay application credentials: from EBAY_CLIENT_ID / EBAY_CLIENT_SECRET, or from a config file
// that only its owner may read. They never go to argv, logs, the database or error messages.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpuprice::fetcher {

struct Credentials {
    std::string client_id;
    std::string client_secret;
    // Where they came from, for messages: the variables, or the file's path.
    std::string source = "EBAY_CLIENT_ID and EBAY_CLIENT_SECRET";
};

// Environment first, then `config_path` (or $GPUPRICE_CONFIG, or ~/.config/gpuprice/credentials)
// with lines `client_id = ...` and `client_secret = ...`. Throws CredentialsError saying what to
// set, or why the file was refused: not a regular file (a FIFO would block, a folder is not a
// file), readable by group or others, a value with a space or control character, a line that is
// not `name = value`. A UTF-8 byte order mark, CRLF line ends and a value in quotes are
// accepted (the quotes are dropped).
Credentials load_credentials(const std::optional<std::string>& config_path);

// Reads credentials from the text of a config file; `path` names it in messages. Throws
// CredentialsError; never puts a value in a message. (The file checks are load_credentials'.)
Credentials parse_credentials_text(std::string_view text, const std::string& path);

}  // namespace gpuprice::fetcher
