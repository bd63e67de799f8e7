// Concurrent HTTP over one libcurl multi handle (after curl's 10-at-a-time.c): a queue of
// requests, at most `parallel` in flight, keep-alive and gzip, timeouts, and retries re-queued
// with a not-before time so that a backoff never blocks the other transfers.
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "fetcher/curl_handle.hpp"
#include "fetcher/retry_policy.hpp"
#include "schema/domain/version.hpp"

namespace gpuprice::fetcher {

struct HttpRequest {
    std::string url;
    std::vector<std::string> headers;
    std::optional<std::string> post_body;  // POST when set, GET otherwise
    bool counts_against_budget = true;     // eBay's daily call limit counts API calls
};

struct HttpResponse {
    long status = 0;  // 0 when no HTTP response arrived
    std::string body;
    int curl_code = 0;
    std::string curl_error;
    int attempts = 0;
    bool budget_exhausted = false;  // never sent: the call budget was used up
    bool cancelled = false;         // a retry dropped by cancel_retries()
    std::optional<std::chrono::seconds> retry_after;
};

struct HttpOptions {
    int parallel = 4;
    std::chrono::seconds connect_timeout{10};
    // A transfer slower than 1 byte/s for this long is abandoned (a stalled server).
    std::chrono::seconds low_speed_time{30};
    std::chrono::seconds total_timeout{120};
    RetryPolicy retry;
    std::string user_agent = schema::user_agent();
    int max_calls = 1000;  // budget of counted attempts, retries included
};

class HttpEngine {
  public:
    using Done = std::function<void(HttpResponse&&)>;

    explicit HttpEngine(HttpOptions options);
    ~HttpEngine();
    HttpEngine(const HttpEngine&) = delete;
    HttpEngine& operator=(const HttpEngine&) = delete;

    // Queues a request; `done` runs on this thread, from run(), and may submit more requests.
    void submit(HttpRequest request, Done done);
    // Runs until every submitted request is done (or refused for the budget).
    void run();

    // Drops every retry still waiting: the run stopped (quota spent, access denied).
    void cancel_retries();

    int calls_made() const { return calls_made_; }
    int retries_made() const { return retries_made_; }
    bool budget_exhausted() const { return calls_made_ >= options_.max_calls; }

  private:
    struct Transfer;
    void start(std::unique_ptr<Transfer> transfer);
    void finish(Transfer* transfer, CURLcode code);
    std::chrono::milliseconds next_wait() const;

    HttpOptions options_;
    CurlMulti multi_;
    std::deque<std::unique_ptr<Transfer>> waiting_;
    std::vector<std::unique_ptr<Transfer>> running_;
    int calls_made_ = 0;
    int retries_made_ = 0;
    std::mt19937_64 random_;
};

}  // namespace gpuprice::fetcher
