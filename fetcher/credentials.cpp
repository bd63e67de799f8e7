#include "fetcher/credentials.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "fetcher/errors.hpp"
#include "schema/domain/trim.hpp"
#include "schema/system/locations.hpp"

namespace gpuprice::fetcher {

namespace {

// A credentials file is two short lines; beyond this it is not one (and would not fit memory).
constexpr std::size_t kMaxConfigBytes = std::size_t{1} << 30;
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

std::string default_config_path() {
    if (auto explicit_path = schema::env("GPUPRICE_CONFIG"); !explicit_path.empty())
        return explicit_path;
    if (auto config = schema::user_dir(schema::UserDir::Config)) return *config + "/credentials";
    return "";
}

class FileDescriptor {
  public:
    explicit FileDescriptor(int fd) : fd_(fd) {}
    ~FileDescriptor() {
        if (fd_ >= 0) ::close(fd_);
    }
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    int get() const { return fd_; }

  private:
    int fd_;
};

std::string what_the_env_lacks(const Credentials& from_env) {
    if (!from_env.client_id.empty()) return "EBAY_CLIENT_SECRET is not set";
    if (!from_env.client_secret.empty()) return "EBAY_CLIENT_ID is not set";
    return "EBAY_CLIENT_ID and EBAY_CLIENT_SECRET are not set";
}

// Opens and reads the file without ever blocking: O_NONBLOCK so a FIFO cannot hang us, and
// the type and mode checked on the descriptor that is read (no race with a swapped path).
std::string read_config_file(const std::string& path, const Credentials& from_env) {
    const FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    if (fd.get() < 0) {
        const int error = errno;
        throw CredentialsError("no eBay credentials: cannot read the credentials file " + path +
                               ": " + std::strerror(error) + " (and " +
                               what_the_env_lacks(from_env) + ")");
    }
    struct stat info {};
    if (::fstat(fd.get(), &info) != 0) {
        throw CredentialsError("cannot read the credentials file " + path + ": " +
                               std::strerror(errno));
    }
    if (S_ISDIR(info.st_mode)) {
        throw CredentialsError("the credentials file " + path +
                               " is a folder; write the credentials to a file (--config FILE)");
    }
    if (!S_ISREG(info.st_mode)) {
        throw CredentialsError("the credentials file " + path +
                               " is not a regular file (a pipe, socket or device); refusing it");
    }
    if (info.st_mode & (S_IRWXG | S_IRWXO)) {
        throw CredentialsError(
            path + " is readable by group or others; refusing to use it (run: chmod 600 " + path +
            ")");
    }
    if (static_cast<std::size_t>(info.st_size) > kMaxConfigBytes) {
        throw CredentialsError("the credentials file " + path + " is " +
                               std::to_string(info.st_size) +
                               " bytes; a credentials file is two short lines");
    }
    std::string text(static_cast<std::size_t>(info.st_size), '\0');
    std::size_t got = 0;
    while (got < text.size()) {
        const auto n = ::read(fd.get(), text.data() + got, text.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            throw CredentialsError("cannot read the credentials file " + path + ": " +
                                   std::strerror(errno));
        }
        if (n == 0) break;
        got += static_cast<std::size_t>(n);
    }
    text.resize(got);
    return text;
}

bool is_quoted(std::string_view value) {
    return value.size() >= 2 && (value.front() == '"' || value.front() == '\'') &&
           value.back() == value.front();
}

}  // namespace

Credentials parse_credentials_text(std::string_view text, const std::string& path) {
    if (text.starts_with(kUtf8Bom)) text.remove_prefix(kUtf8Bom.size());
    Credentials credentials;
    credentials.source = path;
    int line_number = 0;
    while (!text.empty()) {
        const auto end = text.find('\n');
        const auto line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        ++line_number;
        const auto where = path + ":" + std::to_string(line_number) + ": ";
        const auto content = schema::trim(line);
        if (content.empty() || content[0] == '#') continue;
        const auto eq = content.find('=');
        if (eq == std::string_view::npos) throw CredentialsError(where + "expected 'name = value'");
        const auto key = schema::trim(content.substr(0, eq));
        const auto raw_value = schema::trim(content.substr(eq + 1));
        if (key != "client_id" && key != "client_secret") continue;
        // `client_id = "App-1"`, as many config formats write it: the quotes are not part of
        // the value (eBay's ids and secrets never contain one).
        auto value = is_quoted(raw_value) ? raw_value.substr(1, raw_value.size() - 2) : raw_value;
        for (const char c : value) {
            if (static_cast<unsigned char>(c) < 0x20 || c == ' ' || c == 0x7F) {
                throw CredentialsError(where + "the value of " + std::string(key) +
                                       " contains a space or control character");
            }
        }
        auto& field = key == "client_id" ? credentials.client_id : credentials.client_secret;
        if (field.empty()) field = std::string(value);
    }
    return credentials;
}

Credentials load_credentials(const std::optional<std::string>& config_path) {
    Credentials from_env{schema::env("EBAY_CLIENT_ID"), schema::env("EBAY_CLIENT_SECRET")};
    if (!from_env.client_id.empty() && !from_env.client_secret.empty()) return from_env;

    const std::string path = config_path.value_or(default_config_path());
    struct stat info {};
    // The default file is optional; a file the user named must exist.
    if (path.empty() || (!config_path && ::stat(path.c_str(), &info) != 0 && errno == ENOENT)) {
        throw CredentialsError(
            "no eBay credentials: " + what_the_env_lacks(from_env) + "; set them, or write " +
            (path.empty() ? std::string("a config file (--config)") : path) +
            " with 'client_id = ...' and 'client_secret = ...' lines (mode 0600). No eBay "
            "account yet? 'gpuprice fetch --sample' tries gpuprice on bundled data; README "
            "'Getting eBay keys' says how to get them (https://developer.ebay.com/my/keys)");
    }
    auto credentials = parse_credentials_text(read_config_file(path, from_env), path);
    // A variable that is set wins over the file, as documented.
    if (!from_env.client_id.empty()) credentials.client_id = from_env.client_id;
    if (!from_env.client_secret.empty()) credentials.client_secret = from_env.client_secret;
    if (credentials.client_id.empty()) {
        throw CredentialsError("no client_id in " + path + " and EBAY_CLIENT_ID is not set");
    }
    if (credentials.client_secret.empty()) {
        throw CredentialsError("no client_secret in " + path +
                               " and EBAY_CLIENT_SECRET is not set");
    }
    if (!from_env.client_id.empty() || !from_env.client_secret.empty()) {
        credentials.source = path + " and the environment";
    }
    return credentials;
}

}  // namespace gpuprice::fetcher
