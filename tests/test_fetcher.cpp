#include <doctest/doctest.h>

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>

#include "fetcher/credentials.hpp"
#include "fetcher/errors.hpp"
#include "fetcher/oauth_client.hpp"
#include "fetcher/query_plan.hpp"
#include "fetcher/retry_policy.hpp"
#include "fetcher/url.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/domain/condition.hpp"
#include "tests/test_context.hpp"

using namespace gpuprice::fetcher;
using namespace std::chrono_literals;

namespace {

// Sets an environment variable for one scope.
class ScopedEnv {
  public:
    ScopedEnv(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        if (value) {
            setenv(name, value, 1);
        } else {
            unsetenv(name);
        }
    }
    ~ScopedEnv() {
        if (old_) {
            setenv(name_, old_->c_str(), 1);
        } else {
            unsetenv(name_);
        }
    }

  private:
    const char* name_;
    std::optional<std::string> old_;
};

}  // namespace

TEST_SUITE("fetcher::query_plan") {
    TEST_CASE("page offsets are multiples of the limit and stop at eBay's 10,000 items") {
        CHECK(later_page_offsets(450, 200) == std::vector<std::int64_t>{200, 400});
        CHECK(later_page_offsets(200, 200).empty());
        CHECK(later_page_offsets(0, 200).empty());
        const auto capped = later_page_offsets(25000, 200);
        REQUIRE_FALSE(capped.empty());
        CHECK(capped.back() == 9800);  // offset + limit = 10,000
        for (auto offset : capped) CHECK(offset % 200 == 0);
    }

    TEST_CASE("one search term per model family") {
        const auto catalog = gpuprice::schema::load_catalog(gpuprice::test::catalog_dir());
        const auto terms = search_terms(catalog);
        auto has = [&](const std::string& t) {
            return std::find(terms.begin(), terms.end(), t) != terms.end();
        };
        CHECK(has("RTX 3080"));
        CHECK(has("RTX 3080 Ti"));
        CHECK(has("A100"));
        CHECK(has("Tesla V100"));
        CHECK(has("Tesla V100S"));
        CHECK(has("H100 NVL"));
        CHECK_FALSE(has("RTX 3080 10GB"));
        CHECK_FALSE(has("A100 PCIe"));
        CHECK(terms.size() < catalog.models.size());
    }

    TEST_CASE("conditions: refurbished and open box apart from new, never for parts") {
        CHECK(condition_groups("new").at(0).condition_ids == "1000");
        CHECK(condition_groups("used").at(0).condition_ids == "3000");
        const auto all = condition_groups("all");
        CHECK(all.size() == 4);
        for (const auto& group : all) {
            CHECK(group.condition_ids.find("7000") == std::string::npos);
        }
        CHECK_THROWS_AS(condition_groups("mint"), std::invalid_argument);
        CHECK(gpuprice::schema::condition_class(1000) == "new");
        CHECK(gpuprice::schema::condition_class(1500) == "open-box");
        CHECK(gpuprice::schema::condition_class(2010) == "refurbished");
        CHECK(gpuprice::schema::condition_class(3000) == "used");
        CHECK(gpuprice::schema::condition_class(7000) == "for-parts");
    }

    TEST_CASE("the search URL carries category, filter and paging, encoded") {
        const auto url =
            search_url("https://api.ebay.com", {"RTX 3090 Ti", {"used", "3000"}}, 200, 400);
        CHECK(url.starts_with(
            "https://api.ebay.com/buy/browse/v1/item_summary/search?q=RTX%203090%20Ti&"));
        CHECK(url.find("category_ids=27386") != std::string::npos);
        CHECK(url.find("filter=conditionIds%3A%7B3000%7D%2CpriceCurrency%3AUSD%2CbuyingOptions%3A%"
                       "7BFIXED_PRICE%7CBEST_OFFER%7D") != std::string::npos);
        CHECK(url.ends_with("&limit=200&offset=400"));
        CHECK(percent_encode("a b&c/é") == "a%20b%26c%2F%C3%A9");
    }
}

TEST_SUITE("fetcher::retry_policy") {
    TEST_CASE("what is worth retrying") {
        CHECK(is_retryable(429, 0));
        CHECK(is_retryable(500, 0));
        CHECK(is_retryable(503, 0));
        CHECK(is_retryable(0, CURLE_OPERATION_TIMEDOUT));
        CHECK(is_retryable(0, CURLE_COULDNT_CONNECT));
        CHECK_FALSE(is_retryable(200, 0));
        CHECK_FALSE(is_retryable(400, 0));
        CHECK_FALSE(is_retryable(401, 0));  // a token refresh, not a blind retry
        CHECK_FALSE(is_retryable(404, 0));
    }

    TEST_CASE("exponential backoff with full jitter, capped; Retry-After wins") {
        RetryPolicy policy;
        policy.base_delay = 100ms;
        policy.max_delay = 1000ms;
        CHECK(retry_delay(policy, 1, std::nullopt, 0.999) <= 100ms);
        CHECK(retry_delay(policy, 3, std::nullopt, 0.999) > 390ms);
        CHECK(retry_delay(policy, 3, std::nullopt, 0.999) <= 400ms);
        CHECK(retry_delay(policy, 10, std::nullopt, 0.999) <= 1000ms);
        CHECK(retry_delay(policy, 3, std::nullopt, 0.0) == 0ms);
        CHECK(retry_delay(policy, 1, 7s, 0.5) == 7000ms);
    }
}

TEST_SUITE("fetcher::credentials") {
    TEST_CASE("from the environment first") {
        ScopedEnv id("EBAY_CLIENT_ID", "env-id");
        ScopedEnv secret("EBAY_CLIENT_SECRET", "env-secret");
        const auto c = load_credentials(std::string("/nonexistent"));
        CHECK(c.client_id == "env-id");
        CHECK(c.client_secret == "env-secret");
    }

    TEST_CASE("from a 0600 file; a file others can read is refused") {
        ScopedEnv id("EBAY_CLIENT_ID", nullptr);
        ScopedEnv secret("EBAY_CLIENT_SECRET", nullptr);
        gpuprice::test::TempDir dir;
        const auto path = dir.file("credentials");
        gpuprice::test::write_file(path,
                                   "# eBay keys\nclient_id = file-id\nclient_secret=file-secret\n");
        chmod(path.c_str(), 0600);
        const auto c = load_credentials(path);
        CHECK(c.client_id == "file-id");
        CHECK(c.client_secret == "file-secret");

        chmod(path.c_str(), 0644);
        try {
            load_credentials(path);
            FAIL("a world-readable credentials file was accepted");
        } catch (const CredentialsError& e) {
            const std::string what = e.what();
            CHECK(what.find("readable by group or others") != std::string::npos);
            CHECK(what.find("file-secret") == std::string::npos);
        }
    }

    TEST_CASE("missing credentials say which variables to set") {
        ScopedEnv id("EBAY_CLIENT_ID", nullptr);
        ScopedEnv secret("EBAY_CLIENT_SECRET", nullptr);
        CHECK_THROWS_WITH_AS(load_credentials(std::string("/nonexistent/credentials")),
                             doctest::Contains("set EBAY_CLIENT_ID and EBAY_CLIENT_SECRET"),
                             CredentialsError);
    }
}

TEST_SUITE("fetcher::oauth_client") {
    TEST_CASE("the token request is a client-credentials grant with Basic auth") {
        CHECK(base64("Aladdin:open sesame") == "QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
        CHECK(base64("ab") == "YWI=");
        CHECK(base64("") == "");
        const auto request = token_request("https://x/identity/v1/oauth2/token", {"id", "secret"});
        CHECK(request.post_body ==
              "grant_type=client_credentials&scope=https%3A%2F%2Fapi.ebay.com%2Foauth%2Fapi_scope");
        CHECK(std::find(request.headers.begin(), request.headers.end(),
                        "Authorization: Basic " + base64("id:secret")) != request.headers.end());
        CHECK_FALSE(request.counts_against_budget);
    }

    TEST_CASE("token responses: eBay's documented body, invalid_client, no secret in errors") {
        const auto now = std::chrono::system_clock::now();
        HttpResponse ok;
        ok.status = 200;
        ok.body = gpuprice::test::read_file(gpuprice::test::source_dir() /
                                            "tests/data/ebay/oauth_token_response_ebay_docs.json");
        const auto token = token_from_response(ok, now);
        CHECK(token.value.starts_with("v^1.1#"));
        CHECK(token.expires_at == now + 7200s);

        HttpResponse denied;
        denied.status = 401;
        denied.body = gpuprice::test::read_file(gpuprice::test::source_dir() /
                                                "tests/data/ebay/oauth_error_invalid_client.json");
        CHECK_THROWS_WITH_AS(token_from_response(denied, now), doctest::Contains("invalid_client"),
                             CredentialsError);
        HttpResponse scope;
        scope.status = 400;
        scope.body = gpuprice::test::read_file(gpuprice::test::source_dir() /
                                               "tests/data/ebay/oauth_error_invalid_scope.json");
        CHECK_THROWS_WITH_AS(token_from_response(scope, now),
                             doctest::Contains("HTTP 400 invalid_scope"), FetchError);
    }

    TEST_CASE("the token cache is 0600, keyed by client, and expires early") {
        gpuprice::test::TempDir dir;
        const auto path = dir.file("cache/token");
        const auto now = std::chrono::system_clock::now();
        REQUIRE(save_cached_token(path, "id", "url", {"tok", now + 3600s}));
        struct stat info {};
        REQUIRE(stat(path.c_str(), &info) == 0);
        CHECK((info.st_mode & 0777) == 0600);
        CHECK(load_cached_token(path, "id", "url", now, 300s)->value == "tok");
        CHECK_FALSE(load_cached_token(path, "other-id", "url", now, 300s).has_value());
        CHECK_FALSE(load_cached_token(path, "id", "url", now + 3400s, 300s).has_value());
        CHECK(gpuprice::test::read_file(path).find("id\n") == std::string::npos);  // no client id
    }
}
