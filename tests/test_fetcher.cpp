#include <doctest/doctest.h>

#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "fetcher/credentials.hpp"
#include "fetcher/ebay_api.hpp"
#include "fetcher/errors.hpp"
#include "fetcher/oauth_client.hpp"
#include "fetcher/query_plan.hpp"
#include "fetcher/rate_limits.hpp"
#include "fetcher/retry_policy.hpp"
#include "fetcher/token_cache.hpp"
#include "fetcher/url.hpp"
#include "schema/domain/base64.hpp"
#include "schema/domain/condition.hpp"
#include "schema/rules/catalog.hpp"
#include "tests/test_context.hpp"

namespace test_fetcher {

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
    TEST_CASE("a term another term already covers is dropped: eBay ANDs the words") {
        const auto kept =
            drop_covered_terms({"RTX 4070", "RTX 4070 Ti", "RTX 4070 Ti Super", "Tesla V100",
                                "Tesla V100S", "A100", "H100", "H100 NVL", "rtx 4070"});
        CHECK(kept ==
              std::vector<std::string>{"RTX 4070", "Tesla V100", "Tesla V100S", "A100", "H100"});
        const auto catalog = gpuprice::schema::load_catalog(gpuprice::test::catalog_dir());
        const auto all = search_terms(catalog);
        const auto pruned = drop_covered_terms(all);
        CHECK(pruned.size() < all.size());
        // What the audit counted (D12): 16 of the catalog's terms are word-supersets.
        CHECK(all.size() - pruned.size() >= 16);
    }

    TEST_CASE("price bands split at a price and print in the Browse range syntax") {
        const PriceBand open;
        CHECK(band_text(open) == "[]");
        const auto halves = split_band(open, 50000);
        REQUIRE(halves.has_value());
        CHECK(band_text(halves->first) == "[0.00..499.99]");
        CHECK(band_text(halves->second) == "[500.00]");
        const auto quarter = split_band(halves->first, 25005);
        REQUIRE(quarter.has_value());
        CHECK(band_text(quarter->second) == "[250.05..499.99]");
        CHECK_FALSE(split_band(halves->second, 50000).has_value());  // not inside the band
        CHECK_FALSE(split_band(halves->first, 60000).has_value());
    }

    // D11: data-centre cards are also listed in 3761 "Video Capture & TV Tuner Cards".
    TEST_CASE("data-centre families are searched in the marketplace's other GPU category too") {
        const auto catalog = gpuprice::schema::load_catalog(gpuprice::test::catalog_dir());
        const auto us = *gpuprice::schema::find_market("EBAY_US");
        const auto extra = other_category_queries(catalog, {"RTX 3090", "Tesla T4", "A100"},
                                                  {gpuprice::schema::ConditionClass::used}, us);
        REQUIRE(extra.size() == 2);
        CHECK(extra[0].key() == "Tesla T4 in category 3761");
        CHECK(extra[1].family == "A100");
        SearchSettings settings;
        settings.marketplace = us;
        CHECK(query_url(settings, extra[0], 0).find("&category_ids=3761&") != std::string::npos);
        CHECK(other_category_queries(catalog, {"Tesla T4"},
                                     {gpuprice::schema::ConditionClass::used},
                                     *gpuprice::schema::find_market("EBAY_GB"))
                  .empty());
    }

    // Which segments are searched there is segments.csv's other_category column: a new
    // segment is a data row, and a segment switched off is searched in one category only.
    TEST_CASE("segments.csv's other_category column decides the other-category searches") {
        auto catalog = gpuprice::schema::load_catalog(gpuprice::test::catalog_dir());
        const auto us = *gpuprice::schema::find_market("EBAY_US");
        for (auto& segment : catalog.segments) {
            if (segment.name == "datacenter") segment.other_category = false;
            if (segment.name == "workstation") segment.other_category = true;
        }
        const auto extra = other_category_queries(catalog, {"RTX A6000", "Tesla T4"},
                                                  {gpuprice::schema::ConditionClass::used}, us);
        REQUIRE(extra.size() == 1);
        CHECK(extra[0].key() == "RTX A6000 in category 3761");
    }

    TEST_CASE("a missing conditionId falls back to the query's only condition") {
        Query used;
        used.conditions = {gpuprice::schema::ConditionClass::used};
        CHECK(used.fallback_condition() == 3000);
        Query all;
        all.conditions = gpuprice::schema::parse_conditions("all");
        CHECK_FALSE(all.fallback_condition().has_value());
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
        using gpuprice::schema::ConditionClass;
        SearchSettings settings;
        settings.marketplace = *gpuprice::schema::find_market("EBAY_US");
        Query q;
        q.conditions = {ConditionClass::new_item};
        CHECK(search_filter(settings, q).starts_with("conditionIds:{1000},"));
        q.conditions = {ConditionClass::used};
        CHECK(search_filter(settings, q).starts_with("conditionIds:{3000},"));
        q.conditions = gpuprice::schema::parse_conditions("all");
        CHECK(q.conditions.size() == 4);
        CHECK(search_filter(settings, q).find("7000") == std::string::npos);
        CHECK(search_filter(settings, q)
                  .starts_with("conditionIds:{1000|1500|1750|2000|2010|2020|2030|2500|3000},"));
    }

    TEST_CASE("the search URL: one query per family, every condition, location, stable sort") {
        SearchSettings settings;
        settings.marketplace = *gpuprice::schema::find_market("EBAY_US");
        Query q;
        q.family = "RTX 3090 Ti";
        q.conditions = gpuprice::schema::parse_conditions("all");
        const auto url = query_url(settings, q, 400);
        CHECK(url.starts_with(
            "https://api.ebay.com/buy/browse/v1/item_summary/search?q=RTX%203090%20Ti&"));
        CHECK(url.find("category_ids=27386") != std::string::npos);
        CHECK(search_filter(settings, q) ==
              "conditionIds:{1000|1500|1750|2000|2010|2020|2030|2500|3000},"
              "buyingOptions:{FIXED_PRICE|BEST_OFFER},itemLocationCountry:US");
        CHECK(url.find("filter=conditionIds%3A%7B1000%7C1500") != std::string::npos);
        CHECK(url.find("priceCurrency") == std::string::npos);  // never alone (D17)
        CHECK(url.ends_with("&sort=newlyListed&limit=200&offset=400"));
        q.kind = QueryKind::price_band;
        q.band = {50000, 99999};
        settings.marketplace = *gpuprice::schema::find_market("EBAY_GB");
        settings.location = ItemLocation::anywhere;
        CHECK(search_filter(settings, q)
                  .ends_with("buyingOptions:{FIXED_PRICE|BEST_OFFER},price:[500.00..999.99],"
                             "priceCurrency:GBP"));
        CHECK(q.key() == "RTX 3090 Ti price:[500.00..999.99]");
        CHECK(percent_encode("a b&c/é") == "a%20b%26c%2F%C3%A9");
    }
}

TEST_SUITE("fetcher::retry_policy") {
    TEST_CASE("what is worth retrying") {
        CHECK(is_retryable(429, 0));
        // The daily quota (429 with eBay's 2001) cannot be waited out: never retried.
        const auto quota_body = gpuprice::test::read_file(
            gpuprice::test::source_dir() / "tests/data/ebay/error_2001_rate_limited.json");
        CHECK(is_quota_exhausted(429, quota_body));
        CHECK_FALSE(is_quota_exhausted(429, ""));
        CHECK_FALSE(is_quota_exhausted(500, quota_body));
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
        ScopedEnv config("GPUPRICE_CONFIG", "/nonexistent/credentials");
        CHECK_THROWS_WITH_AS(load_credentials(std::nullopt),
                             doctest::Contains("EBAY_CLIENT_ID and EBAY_CLIENT_SECRET are not set"),
                             CredentialsError);
        // And where to go without an account: the sample, and the README's section on keys.
        CHECK_THROWS_WITH_AS(load_credentials(std::nullopt),
                             doctest::Contains("'gpuprice fetch --sample' tries gpuprice"),
                             CredentialsError);
        CHECK_THROWS_WITH_AS(load_credentials(std::nullopt),
                             doctest::Contains("README 'Getting eBay keys'"), CredentialsError);
        // A file the user named is expected to exist: the message says it does not.
        CHECK_THROWS_WITH_AS(
            load_credentials(std::string("/nonexistent/credentials")),
            doctest::Contains("no eBay credentials: cannot read the credentials file "
                              "/nonexistent/credentials: No such file"),
            CredentialsError);
        // Half of the environment: say which half is missing.
        ScopedEnv id_only("EBAY_CLIENT_ID", "env-id");
        CHECK_THROWS_WITH_AS(load_credentials(std::nullopt),
                             doctest::Contains("EBAY_CLIENT_SECRET is not set"), CredentialsError);
    }
}

TEST_SUITE("fetcher::oauth_client") {
    TEST_CASE("the token request is a client-credentials grant with Basic auth") {
        CHECK(gpuprice::schema::base64("Aladdin:open sesame") == "QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
        CHECK(gpuprice::schema::base64("ab") == "YWI=");
        CHECK(gpuprice::schema::base64("") == "");
        const auto request = token_request("https://x/identity/v1/oauth2/token", {"id", "secret"},
                                           std::string(gpuprice::fetcher::kPublicScope));
        CHECK(request.post_body ==
              "grant_type=client_credentials&scope=https%3A%2F%2Fapi.ebay.com%2Foauth%2Fapi_scope");
        CHECK(std::find(request.headers.begin(), request.headers.end(),
                        "Authorization: Basic " + gpuprice::schema::base64("id:secret")) !=
              request.headers.end());
        CHECK_FALSE(request.admit);  // the identity API's calls are not the night's
    }

    TEST_CASE("token responses: eBay's documented body, invalid_client, no secret in errors") {
        const auto now = std::chrono::system_clock::now();
        HttpResponse ok;
        ok.status = 200;
        ok.body = gpuprice::test::read_file(gpuprice::test::source_dir() /
                                            "tests/data/ebay/oauth_token_response_ebay_docs.json");
        // eBay's page elides the middle of the token as " ... "; a real token has no spaces
        // (and one with spaces is refused, F18).
        ok.body.replace(ok.body.find(" ... "), 5, "...");
        const auto token = read_token_response(ok, now).token;
        REQUIRE(token);
        CHECK(token->value.starts_with("v^1.1#"));
        CHECK(token->expires_at == now + 7200s);

        HttpResponse denied;
        denied.status = 401;
        denied.body = gpuprice::test::read_file(gpuprice::test::source_dir() /
                                                "tests/data/ebay/oauth_error_invalid_client.json");
        const auto refused = read_token_response(denied, now);
        CHECK(refused.failure == MintFailure::credentials_refused);
        CHECK(refused.message.find("invalid_client") != std::string::npos);
        HttpResponse scope;
        scope.status = 400;
        scope.body = gpuprice::test::read_file(gpuprice::test::source_dir() /
                                               "tests/data/ebay/oauth_error_invalid_scope.json");
        const auto unscoped = read_token_response(scope, now);
        CHECK(unscoped.failure == MintFailure::scope_refused);
        CHECK(unscoped.message.find("HTTP 400 invalid_scope") != std::string::npos);
        // eBay's error_description is kept: it says what to fix (D20).
        CHECK(unscoped.message.find("exceeds the scope granted to the client") !=
              std::string::npos);
    }

    TEST_CASE("the token cache is 0600, keyed by client, and expires early") {
        gpuprice::test::TempDir dir;
        const auto path = dir.file("cache/token");
        const auto now = std::chrono::system_clock::now();
        REQUIRE(save_cached_token(path, "id", "url", "scope", {"tok", now + 3600s}));
        struct stat info {};
        REQUIRE(stat(path.c_str(), &info) == 0);
        CHECK((info.st_mode & 0777) == 0600);
        CHECK(load_cached_token(path, "id", "url", "scope", now, 300s)->value == "tok");
        CHECK_FALSE(load_cached_token(path, "other-id", "url", "scope", now, 300s).has_value());
        // A token of one scope is never taken for another's.
        CHECK_FALSE(load_cached_token(path, "id", "url", "other-scope", now, 300s).has_value());
        CHECK_FALSE(load_cached_token(path, "id", "url", "scope", now + 3400s, 300s).has_value());
        CHECK(gpuprice::test::read_file(path).find("id\n") == std::string::npos);  // no client id
    }
}

TEST_SUITE("fetcher::rate_limits") {
    TEST_CASE("getRateLimits: the buy.browse rate, and the run's budget within it") {
        const std::string body =
            R"({"rateLimits":[{"apiContext":"buy","apiName":"Browse","apiVersion":"v1",)"
            R"("resources":[{"name":"buy.browse.item.bulk","rates":[{"limit":5000,"remaining":)"
            R"(4999,"reset":"2026-12-04T08:00:00.000Z","timeWindow":86400}]},{"name":"buy.browse",)"
            R"("rates":[{"count":4200,"limit":5000,"remaining":800,"reset":)"
            R"("2026-12-04T08:00:00.000Z","timeWindow":86400}]}]}]})";
        const auto quota = parse_browse_quota(body);
        REQUIRE(quota.has_value());
        CHECK(quota->limit == 5000);
        CHECK(quota->remaining == 800);
        CHECK(quota->reset == "2026-12-04T08:00:00.000Z");
        CHECK(plan_budget(1000, quota, 50) == 750);
        CHECK(plan_budget(500, quota, 50) == 500);
        CHECK(plan_budget(500, std::nullopt, 50) == 500);
        CHECK(plan_budget(500, BrowseQuota{5000, 20, "", ""}, 50) == 0);
        CHECK_FALSE(parse_browse_quota(R"({"rateLimits":[]})").has_value());
        // Several windows: the daily one is the quota, whatever the order (E12); without a
        // daily one, the window with the fewest calls left.
        const std::string windows =
            R"({"rateLimits":[{"apiName":"Browse","resources":[{"name":"buy.browse","rates":[)"
            R"({"limit":100,"remaining":3,"reset":"2026-12-03T21:00:00.000Z","timeWindow":3600},)"
            R"({"limit":5000,"remaining":4100,"reset":"2026-12-04T08:00:00.000Z",)"
            R"("timeWindow":86400}]}]}]})";
        CHECK(parse_browse_quota(windows)->remaining == 4100);
        std::string hourly_only = windows;
        hourly_only.replace(hourly_only.find("86400"), 5, "60");
        CHECK(parse_browse_quota(hourly_only)->remaining == 3);
        CHECK_FALSE(parse_browse_quota("not json").has_value());
        const auto request = rate_limits_request("https://api.ebay.com", "tok");
        CHECK(request.url ==
              "https://api.ebay.com/developer/analytics/v1_beta/rate_limit/"
              "?api_context=buy&api_name=browse");
        CHECK_FALSE(request.admit);  // the Analytics API has its own quota
    }
}

TEST_SUITE("fetcher::credentials files") {
    TEST_CASE("a FIFO, a folder, a byte order mark or a quoted value each get a clear message") {
        ScopedEnv id("EBAY_CLIENT_ID", nullptr);
        ScopedEnv secret("EBAY_CLIENT_SECRET", nullptr);
        gpuprice::test::TempDir dir;
        const auto fifo = dir.file("fifo");
        REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
        // Would block forever if opened for reading without O_NONBLOCK.
        CHECK_THROWS_WITH_AS(load_credentials(fifo), doctest::Contains("not a regular file"),
                             CredentialsError);
        const auto folder = dir.file("folder");
        std::filesystem::create_directory(folder);
        chmod(folder.c_str(), 0700);
        CHECK_THROWS_WITH_AS(load_credentials(folder), doctest::Contains("is a folder"),
                             CredentialsError);

        const auto bom = dir.file("bom");
        gpuprice::test::write_file(bom,
                                   "\xEF\xBB\xBF"
                                   "client_id = bom-id\r\nclient_secret = s\r\n");
        chmod(bom.c_str(), 0600);
        const auto c = load_credentials(bom);
        CHECK(c.client_id == "bom-id");
        CHECK(c.client_secret == "s");
        CHECK(c.source == bom);

        const auto quoted = dir.file("quoted");
        gpuprice::test::write_file(quoted, "client_id = \"q-id\"\nclient_secret = 'q-secret'\n");
        chmod(quoted.c_str(), 0600);
        const auto q = load_credentials(quoted);
        CHECK(q.client_id == "q-id");
        CHECK(q.client_secret == "q-secret");
    }

    TEST_CASE("the environment is named as the source; a variable overrides the file") {
        ScopedEnv id("EBAY_CLIENT_ID", "env-id");
        ScopedEnv secret("EBAY_CLIENT_SECRET", "env-secret");
        CHECK(load_credentials(std::nullopt).source == "EBAY_CLIENT_ID and EBAY_CLIENT_SECRET");
        ScopedEnv no_secret("EBAY_CLIENT_SECRET", nullptr);
        gpuprice::test::TempDir dir;
        const auto path = dir.file("credentials");
        gpuprice::test::write_file(path, "client_id = file-id\nclient_secret = file-secret\n");
        chmod(path.c_str(), 0600);
        const auto c = load_credentials(path);
        CHECK(c.client_id == "env-id");
        CHECK(c.client_secret == "file-secret");
        CHECK(c.source == path + " and the environment");
    }

    TEST_CASE("values with spaces or control characters are refused without echoing them") {
        CHECK_THROWS_WITH_AS(parse_credentials_text("client_secret = a b\n", "f"),
                             doctest::Contains("f:1: the value of client_secret contains a space"),
                             CredentialsError);
        CHECK_THROWS_WITH_AS(parse_credentials_text("\nclient_id = a\x1b"
                                                    "[2Jb\n",
                                                    "f"),
                             doctest::Contains("f:2: the value of client_id contains"),
                             CredentialsError);
    }
}

}  // namespace test_fetcher
