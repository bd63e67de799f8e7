#include "fetcher/fetch_run.hpp"

#include <memory>

#include "fetcher/browse_parser.hpp"
#include "fetcher/errors.hpp"
#include "fetcher/oauth_client.hpp"
#include "fetcher/run_writer.hpp"
#include "schema/domain/clock.hpp"

namespace gpuprice::fetcher {

namespace {

using SystemClock = std::chrono::system_clock;

// Tokens are refreshed this long before eBay says they expire.
constexpr std::chrono::seconds kTokenMargin{300};

std::string describe_failure(const HttpResponse& response) {
    if (response.status == 0) return "network: " + response.curl_error;
    std::string text = "HTTP " + std::to_string(response.status);
    for (const auto& error : parse_errors(response.body)) {
        text += ", eBay error " + std::to_string(error.error_id) + " (" + error.domain +
                "): " + error.message;
    }
    return text;
}

// The state of one run, shared by the callbacks the engine calls.
class Fetch {
  public:
    Fetch(schema::Database& db, const FetchConfig& config, const Credentials& credentials,
          std::int64_t run_id, const std::string& observed_on, const ProgressFn& progress)
        : config_(config),
          credentials_(credentials),
          writer_(db, run_id, observed_on),
          progress_(progress),
          engine_(config.http) {}

    void set_token(AccessToken token) { token_ = std::move(token); }

    FetchOutcome run() {
        for (const auto& query : config_.queries) request_page(query, 0, /*first=*/true);
        engine_.run();
        outcome_.run_id = writer_.run_id();
        outcome_.calls_used = engine_.calls_made();
        outcome_.pages_stored = writer_.totals().pages;
        outcome_.listings_seen = writer_.totals().seen;
        outcome_.listings_new = writer_.totals().added;
        outcome_.listings_skipped = writer_.totals().skipped;
        if (outcome_.pages_failed > 0 || outcome_.budget_reached) {
            outcome_.status =
                outcome_.pages_stored > 0 ? schema::RunStatus::partial : schema::RunStatus::failed;
        }
        return std::move(outcome_);
    }

  private:
    struct Page {
        SearchQuery query;
        std::int64_t offset = 0;
        bool first = false;
        int token_generation = 0;
        bool refreshed = false;  // a 401 is retried once, with a new token
    };

    HttpRequest search_request(const Page& page) const {
        HttpRequest request;
        request.url = search_url(config_.api_base, page.query, config_.page_limit, page.offset);
        request.headers = {"Authorization: Bearer " + token_.value,
                           "X-EBAY-C-MARKETPLACE-ID: " + config_.marketplace,
                           "Accept: application/json"};
        return request;
    }

    void request_page(const SearchQuery& query, std::int64_t offset, bool first) {
        ++planned_;
        submit(Page{query, offset, first, token_generation_, false});
    }

    void submit(Page page) {
        page.token_generation = token_generation_;
        auto request = search_request(page);
        engine_.submit(std::move(request), [this, page](HttpResponse&& response) mutable {
            on_page(std::move(page), std::move(response));
        });
    }

    void on_page(Page page, HttpResponse response) {
        if (response.budget_exhausted) {
            outcome_.budget_reached = true;
            report();
            return;
        }
        if (response.status == 401 && !page.refreshed) {
            page.refreshed = true;
            refresh_token_then(std::move(page));
            return;
        }
        ++done_;
        if (response.status != 200) {
            fail(page, describe_failure(response));
            report();
            return;
        }
        auto parsed = parser_.parse(response.body);
        if (parsed.listings.empty() && !parsed.errors.empty()) {
            // An `errors` body with HTTP 200: nothing usable on this page.
            fail(page, describe_failure(response));
            report();
            return;
        }
        if (parsed.listings.empty() && parsed.skips.empty() && !parsed.page_problem.empty()) {
            fail(page, "HTTP 200 but " + parsed.page_problem);  // not JSON at all
            report();
            return;
        }
        if (!parsed.page_problem.empty()) {
            outcome_.problems.push_back(page_name(page) + ": " + parsed.page_problem);
        }
        writer_.write(parsed);
        if (page.first && parsed.total) {
            if (*parsed.total > kMaxReachableItems) {
                outcome_.notes.push_back(
                    "query '" + page.query.term + "' (" + page.query.condition.name + ") matches " +
                    std::to_string(*parsed.total) + " listings; eBay serves only the first " +
                    std::to_string(kMaxReachableItems) + ": narrow it with --query");
            }
            for (auto offset : later_page_offsets(*parsed.total, config_.page_limit)) {
                request_page(page.query, offset, false);
            }
        }
        report();
    }

    // Gets a new token once for all pages that met a 401 with the old one, then resends them.
    void refresh_token_then(Page page) {
        if (page.token_generation < token_generation_) {
            submit(std::move(page));
            return;
        }
        waiting_for_token_.push_back(std::move(page));
        if (waiting_for_token_.size() > 1) return;
        engine_.submit(token_request(config_.auth_url, credentials_), [this](HttpResponse&& r) {
            try {
                token_ = token_from_response(r, SystemClock::now());
                save_cached_token(config_.token_cache_path, credentials_.client_id,
                                  config_.auth_url, token_);
                ++token_generation_;
            } catch (const std::exception& e) {
                outcome_.problems.push_back(std::string("token refresh failed: ") + e.what());
            }
            auto pages = std::move(waiting_for_token_);
            waiting_for_token_.clear();
            for (auto& p : pages) submit(std::move(p));
        });
    }

    std::string page_name(const Page& page) const {
        return "query '" + page.query.term + "' (" + page.query.condition.name + ") offset " +
               std::to_string(page.offset);
    }

    void fail(const Page& page, const std::string& why) {
        ++outcome_.pages_failed;
        outcome_.problems.push_back(page_name(page) + ": " + why);
    }

    void report() {
        if (!progress_) return;
        progress_(
            {done_, planned_, writer_.totals().seen, engine_.calls_made(), config_.http.max_calls});
    }

    const FetchConfig& config_;
    const Credentials& credentials_;
    RunWriter writer_;
    const ProgressFn& progress_;
    HttpEngine engine_;
    BrowseParser parser_;
    AccessToken token_;
    int token_generation_ = 0;
    std::vector<Page> waiting_for_token_;
    int planned_ = 0;
    int done_ = 0;
    FetchOutcome outcome_;
};

AccessToken obtain_token(const FetchConfig& config, const Credentials& credentials) {
    const auto now = SystemClock::now();
    if (auto cached = load_cached_token(config.token_cache_path, credentials.client_id,
                                        config.auth_url, now, kTokenMargin)) {
        return *cached;
    }
    HttpOptions options = config.http;
    options.parallel = 1;
    HttpEngine engine(options);
    HttpResponse response;
    engine.submit(token_request(config.auth_url, credentials),
                  [&response](HttpResponse&& r) { response = std::move(r); });
    engine.run();
    auto token = token_from_response(response, SystemClock::now());
    save_cached_token(config.token_cache_path, credentials.client_id, config.auth_url, token);
    return token;
}

}  // namespace

void finish(schema::Database& db, const FetchOutcome& outcome) {
    std::string message;
    for (const auto& line : outcome.notes) message += line + "\n";
    for (const auto& line : outcome.problems) message += line + "\n";
    if (outcome.budget_reached) message += "stopped: the call budget (--max-calls) was reached\n";
    schema::finish_run(db, outcome.run_id, outcome.status, schema::now_iso(), outcome.calls_used,
                       message);
}

FetchOutcome run_fetch(schema::Database& db, const FetchConfig& config,
                       const Credentials& credentials, const std::string& observed_on,
                       const ProgressFn& progress) {
    auto token = obtain_token(config, credentials);
    const auto run_id = schema::begin_run(db, "ebay", config.marketplace, schema::now_iso());
    Fetch fetch(db, config, credentials, run_id, observed_on, progress);
    fetch.set_token(std::move(token));
    FetchOutcome outcome;
    try {
        outcome = fetch.run();
    } catch (const std::exception& e) {
        // A database error (disk full) or similar: the pages already committed stay.
        mark_failed(db, run_id, e.what());
        throw;
    }
    finish(db, outcome);
    return outcome;
}

}  // namespace gpuprice::fetcher
