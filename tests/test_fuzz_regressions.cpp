#include <doctest/doctest.h>

#include <filesystem>

#include "analysis/title_matcher.hpp"
#include "fetcher/browse_parser.hpp"
#include "fetcher/credentials.hpp"
#include "fetcher/errors.hpp"
#include "fetcher/oauth_client.hpp"
#include "tests/test_context.hpp"

namespace test_fuzz_regressions {

using namespace gpuprice;

namespace {

std::vector<std::filesystem::path> inputs(const std::string& target) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(
             test::source_dir() / "tests" / "data" / "fuzz-regressions" / target)) {
        if (entry.is_regular_file()) files.push_back(entry.path());
    }
    return files;
}

}  // namespace

// Inputs found by scripts/fuzz (and hand-made nasty ones) stay tested forever, with the same
// invariants as the fuzz targets.
TEST_SUITE("fuzz_regressions") {
    TEST_CASE("page parser inputs") {
        const auto files = inputs("browse_parser");
        CHECK_FALSE(files.empty());
        for (const auto& file : files) {
            CAPTURE(file.filename().string());
            const auto page = fetcher::parse_search_page(test::read_file(file), "USD");
            for (const auto& l : page.listings) {
                CHECK_FALSE(l.item_id.empty());
                CHECK_FALSE(l.title.empty());
                CHECK(l.price_cents > 0);
                CHECK(l.currency == "USD");
            }
        }
    }

    TEST_CASE("credentials file inputs: no crash, values never in a message") {
        const auto files = inputs("credentials");
        CHECK_FALSE(files.empty());
        for (const auto& file : files) {
            CAPTURE(file.filename().string());
            try {
                const auto c = fetcher::parse_credentials_text(test::read_file(file), "f");
                CHECK(c.client_id.find(' ') == std::string::npos);
            } catch (const fetcher::CredentialsError& e) {
                const std::string what = e.what();
                CHECK(what.starts_with("f:"));
                CHECK(what.find("quoted") == std::string::npos);
            }
        }
    }

    TEST_CASE("token response inputs: valid token text, bounded expiry") {
        const auto files = inputs("token_response");
        CHECK_FALSE(files.empty());
        const auto now = std::chrono::system_clock::time_point(std::chrono::seconds(1'780'000'000));
        for (const auto& file : files) {
            CAPTURE(file.filename().string());
            fetcher::HttpResponse response;
            response.status = 200;
            response.body = test::read_file(file);
            const auto result = fetcher::read_token_response(response, now);
            if (const auto& token = result.token) {
                CHECK(fetcher::is_valid_token_text(token->value));
                CHECK(token->expires_at <= now + fetcher::kMaxTokenLifetime);
                CHECK(token->expires_at >= now + fetcher::kMinTokenLifetime);
            } else {
                CHECK(result.message.find('\n') == std::string::npos);
            }
        }
    }

    TEST_CASE("title matcher inputs") {
        const auto catalog = schema::load_catalog(test::catalog_dir());
        const auto rules = schema::load_match_rules(test::catalog_dir(), catalog);
        const analysis::TitleMatcher matcher(catalog, rules);
        const auto files = inputs("title_matcher");
        CHECK_FALSE(files.empty());
        for (const auto& file : files) {
            CAPTURE(file.filename().string());
            const auto result = matcher.match(test::read_file(file));
            CHECK((result.reason == schema::MatchReason::ok) == (result.model != nullptr));
        }
    }
}

}  // namespace test_fuzz_regressions
