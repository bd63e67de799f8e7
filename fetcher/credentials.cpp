#include "fetcher/credentials.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "fetcher/errors.hpp"

namespace gpuprice::fetcher {

namespace {

std::string env(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

std::string default_config_path() {
    if (auto explicit_path = env("GPUPRICE_CONFIG"); !explicit_path.empty()) return explicit_path;
    if (auto xdg = env("XDG_CONFIG_HOME"); !xdg.empty()) return xdg + "/gpuprice/credentials";
    if (auto home = env("HOME"); !home.empty()) return home + "/.config/gpuprice/credentials";
    return "";
}

std::string trim(const std::string& s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string::npos) return "";
    return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

}  // namespace

Credentials load_credentials(const std::optional<std::string>& config_path) {
    Credentials credentials{env("EBAY_CLIENT_ID"), env("EBAY_CLIENT_SECRET")};
    if (!credentials.client_id.empty() && !credentials.client_secret.empty()) return credentials;

    const std::string path = config_path.value_or(default_config_path());
    struct stat info {};
    if (path.empty() || stat(path.c_str(), &info) != 0) {
        throw CredentialsError(
            "no eBay credentials: set EBAY_CLIENT_ID and EBAY_CLIENT_SECRET, or write them to " +
            (path.empty() ? std::string("a config file (--config)") : path) +
            " as 'client_id = ...' and 'client_secret = ...' lines (mode 0600)");
    }
    if (info.st_mode & (S_IRWXG | S_IRWXO)) {
        throw CredentialsError(
            path + " is readable by group or others; refusing to use it (run: chmod 600 " + path +
            ")");
    }
    std::ifstream in(path);
    if (!in) throw CredentialsError("cannot read " + path + ": " + std::strerror(errno));
    std::string line;
    int line_number = 0;
    while (std::getline(in, line)) {
        ++line_number;
        const auto text = trim(line);
        if (text.empty() || text[0] == '#') continue;
        const auto eq = text.find('=');
        if (eq == std::string::npos) {
            throw CredentialsError(path + ":" + std::to_string(line_number) +
                                   ": expected 'name = value'");
        }
        const auto key = trim(text.substr(0, eq));
        const auto value = trim(text.substr(eq + 1));
        if (key == "client_id" && credentials.client_id.empty()) credentials.client_id = value;
        if (key == "client_secret" && credentials.client_secret.empty()) {
            credentials.client_secret = value;
        }
    }
    if (credentials.client_id.empty()) {
        throw CredentialsError("no client_id in " + path + " and EBAY_CLIENT_ID is not set");
    }
    if (credentials.client_secret.empty()) {
        throw CredentialsError("no client_secret in " + path +
                               " and EBAY_CLIENT_SECRET is not set");
    }
    return credentials;
}

}  // namespace gpuprice::fetcher
