#include "fetcher/token_cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <filesystem>

#include "schema/domain/fnv1a.hpp"
#include "schema/system/atomic_file.hpp"
#include "schema/system/locations.hpp"

namespace gpuprice::fetcher {

namespace {

constexpr std::size_t kMaxCacheBytes = 8192;

// Identifies whose token, for which scope, a cache file holds without writing the client id.
std::string cache_key(const std::string& client_id, const std::string& token_url,
                      const std::string& scope) {
    return std::to_string(schema::Fnv1a().add(client_id + '\n' + token_url + '\n' + scope).value());
}

std::optional<std::string> unsafe_file(const struct stat& info, const std::string& path) {
    if (S_ISLNK(info.st_mode)) return "the token cache " + path + " is a symbolic link";
    if (!S_ISREG(info.st_mode)) return "the token cache " + path + " is not a regular file";
    if (info.st_uid != ::geteuid()) return "the token cache " + path + " belongs to another user";
    if (info.st_mode & (S_IRWXG | S_IRWXO)) {
        return "the token cache " + path + " is readable or writable by group or others";
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> check_token_cache(const std::string& path) {
    const auto folder = schema::folder_of(path);
    struct stat info {};
    if (::stat(folder.c_str(), &info) != 0) return std::nullopt;  // created 0700 on first save
    if (!S_ISDIR(info.st_mode)) return "the token cache folder " + folder + " is not a folder";
    if (info.st_uid != ::geteuid()) {
        return "the token cache folder " + folder + " belongs to another user";
    }
    if (info.st_mode & (S_IWGRP | S_IWOTH)) {
        return "the token cache folder " + folder +
               " is writable by group or others, who could plant a token or a link there "
               "(run: chmod go-w " +
               folder + ")";
    }
    if (::lstat(path.c_str(), &info) != 0) return std::nullopt;
    return unsafe_file(info, path);
}

std::optional<AccessToken> load_cached_token(const std::string& path, const std::string& client_id,
                                             const std::string& token_url, const std::string& scope,
                                             std::chrono::system_clock::time_point now,
                                             std::chrono::seconds margin) {
    if (check_token_cache(path)) return std::nullopt;
    // O_NOFOLLOW: a link swapped in after the check is refused, not read.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    struct stat info {};
    std::string text(kMaxCacheBytes, '\0');
    ssize_t got = -1;
    if (::fstat(fd, &info) == 0 && !unsafe_file(info, path)) {
        got = ::read(fd, text.data(), text.size());
    }
    ::close(fd);
    if (got <= 0) return std::nullopt;
    text.resize(static_cast<std::size_t>(got));

    std::string_view rest = text;
    const auto next_line = [&rest]() -> std::optional<std::string_view> {
        const auto end = rest.find('\n');
        if (end == std::string_view::npos) return std::nullopt;
        const auto line = rest.substr(0, end);
        rest.remove_prefix(end + 1);
        return line;
    };
    const auto key = next_line();
    const auto expires = next_line();
    const auto token = next_line();
    if (!key || !expires || !token || *key != cache_key(client_id, token_url, scope) ||
        !is_valid_token_text(*token)) {
        return std::nullopt;
    }
    std::int64_t seconds = 0;
    const auto [end, ec] =
        std::from_chars(expires->data(), expires->data() + expires->size(), seconds);
    if (ec != std::errc() || end != expires->data() + expires->size() || seconds < 0) {
        return std::nullopt;
    }
    const auto now_seconds =
        std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
    // No token lives longer than a day: a cache that says so was not written by us.
    if (seconds > now_seconds + kMaxTokenLifetime.count()) return std::nullopt;
    const auto expires_at = std::chrono::system_clock::time_point(std::chrono::seconds(seconds));
    if (expires_at - margin <= now) return std::nullopt;
    return AccessToken{std::string(*token), expires_at};
}

bool save_cached_token(const std::string& path, const std::string& client_id,
                       const std::string& token_url, const std::string& scope,
                       const AccessToken& token) {
    if (!is_valid_token_text(token.value)) return false;
    const auto folder = schema::folder_of(path);
    std::error_code error;
    if (!std::filesystem::exists(folder, error)) {
        std::filesystem::create_directories(folder, error);
        if (error) return false;
        ::chmod(folder.c_str(), 0700);
    }
    if (check_token_cache(path)) return false;
    const auto seconds =
        std::chrono::duration_cast<std::chrono::seconds>(token.expires_at.time_since_epoch())
            .count();
    try {
        schema::AtomicFile file(path, 0600);
        file.write(cache_key(client_id, token_url, scope) + '\n' + std::to_string(seconds) + '\n' +
                   token.value + '\n');
        file.commit();
    } catch (const schema::FileWriteError&) {
        return false;
    }
    return true;
}

std::string default_token_cache_path() {
    if (auto cache = schema::user_dir(schema::UserDir::Cache)) return *cache + "/token";
    return ".gpuprice-token";
}

}  // namespace gpuprice::fetcher
