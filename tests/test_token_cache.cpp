#include <doctest/doctest.h>

#include <sys/stat.h>

#include <filesystem>

#include "fetcher/oauth_client.hpp"
#include "fetcher/token_cache.hpp"
#include "tests/test_context.hpp"

namespace test_token_cache {

using namespace gpuprice::fetcher;
using namespace std::chrono_literals;
using gpuprice::test::read_file;
using gpuprice::test::TempDir;
using gpuprice::test::write_file;

namespace {

const auto kNow = std::chrono::system_clock::time_point(std::chrono::seconds(1'780'000'000));

HttpResponse token_body(const std::string& json) {
    HttpResponse response;
    response.status = 200;
    response.body = json;
    return response;
}

}  // namespace

TEST_SUITE("fetcher::token_cache") {
    TEST_CASE("a link planted at the old temporary name redirects nothing") {
        TempDir dir;
        const auto folder = dir.file("cache");
        std::filesystem::create_directory(folder);
        chmod(folder.c_str(), 0700);
        write_file(dir.file("victim"), "precious");
        std::filesystem::create_symlink(dir.file("victim"), folder + "/token.tmp");
        REQUIRE(save_cached_token(folder + "/token", "id", "url", "scope", {"tok", kNow + 3600s}));
        CHECK(read_file(dir.file("victim")) == "precious");
        CHECK(load_cached_token(folder + "/token", "id", "url", "scope", kNow, 300s)->value ==
              "tok");
    }

    TEST_CASE("a folder others can write is neither trusted nor written") {
        TempDir dir;
        const auto folder = dir.file("shared");
        std::filesystem::create_directory(folder);
        chmod(folder.c_str(), 0777);
        const auto path = folder + "/token";
        // Another user's planted cache, a year valid: it would be sent as our Bearer token.
        write_file(path, "x\n" + std::to_string(1'780'000'000 + 365 * 86400) + "\nATTACKER\n");
        chmod(path.c_str(), 0600);
        const auto problem = check_token_cache(path);
        REQUIRE(problem);
        CHECK(problem->find("writable by group or others") != std::string::npos);
        CHECK_FALSE(load_cached_token(path, "id", "url", "scope", kNow, 300s).has_value());
        CHECK_FALSE(save_cached_token(path, "id", "url", "scope", {"tok", kNow + 3600s}));
    }

    TEST_CASE("a cache file that is a link, or readable by others, is ignored") {
        TempDir dir;
        const auto folder = dir.file("c");
        std::filesystem::create_directory(folder);
        chmod(folder.c_str(), 0700);
        const auto path = folder + "/token";
        REQUIRE(save_cached_token(path, "id", "url", "scope", {"tok", kNow + 3600s}));
        chmod(path.c_str(), 0644);
        CHECK(check_token_cache(path));
        CHECK_FALSE(load_cached_token(path, "id", "url", "scope", kNow, 300s).has_value());
        chmod(path.c_str(), 0600);
        std::filesystem::rename(path, folder + "/real");
        std::filesystem::create_symlink(folder + "/real", path);
        CHECK(check_token_cache(path)->find("symbolic link") != std::string::npos);
        CHECK_FALSE(load_cached_token(path, "id", "url", "scope", kNow, 300s).has_value());
    }

    TEST_CASE("tokens with spaces or CR/LF are refused, fresh or cached") {
        const auto injected = read_token_response(
            token_body(R"({"access_token":"v^1.1#i\r\nX-Injected: 1","expires_in":7200})"), kNow);
        CHECK_FALSE(injected.token);
        CHECK(injected.message.find("spaces or control characters") != std::string::npos);
        CHECK_FALSE(
            read_token_response(token_body(R"({"access_token":"a b","expires_in":7200})"), kNow)
                .token);
        CHECK(read_token_response(token_body(R"({"access_token":"v^1.1#i^1","expires_in":7200})"),
                                  kNow)
                  .token->value == "v^1.1#i^1");
        TempDir dir;
        CHECK_FALSE(
            save_cached_token(dir.file("token"), "id", "url", "scope", {"a\r\nb", kNow + 3600s}));
    }

    TEST_CASE("token lifetimes that would overflow the clock are clamped") {
        const auto huge =
            *read_token_response(
                 token_body(R"({"access_token":"t","expires_in":9223372036854775807})"), kNow)
                 .token;
        CHECK(huge.expires_at == kNow + kMaxTokenLifetime);
        const auto negative =
            *read_token_response(token_body(R"({"access_token":"t","expires_in":-5})"), kNow).token;
        CHECK(negative.expires_at == kNow + kMinTokenLifetime);  // never before now
        // A cached expiry beyond a day, or absurd, is not believed.
        TempDir dir;
        const auto path = dir.file("token");
        REQUIRE(save_cached_token(path, "id", "url", "scope", {"tok", kNow + 3600s}));
        const auto text = read_file(path);
        const auto key = text.substr(0, text.find('\n'));
        write_file(path, key + "\n99999999999999999999\ntok\n");
        chmod(path.c_str(), 0600);
        CHECK_FALSE(load_cached_token(path, "id", "url", "scope", kNow, 300s).has_value());
        // INT64_MAX seconds parses, but as system_clock's nanoseconds it overflows (UBSan).
        write_file(path, key + "\n9223372036854775807\ntok\n");
        CHECK_FALSE(load_cached_token(path, "id", "url", "scope", kNow, 300s).has_value());
        write_file(path, key + "\n" + std::to_string(1'780'000'000 + 3 * 86400) + "\ntok\n");
        CHECK_FALSE(load_cached_token(path, "id", "url", "scope", kNow, 300s).has_value());
    }
}

}  // namespace test_token_cache
