// Concurrent HTTP over one libcurl multi handle (after curl's 10-at-a-time.c): a queue of
// requests, at most `parallel` in flight, keep-alive and gzip, timeouts, and retries re-queued
// with a not-before time so that a backoff never blocks the other transfers.
#pragma once

#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "fetcher/curl_handle.hpp"
#include "fetcher/retry_policy.hpp"
#include "fetcher/run_clock.hpp"
#include "schema/system/version.hpp"

namespace gpuprice::fetcher {

struct HttpRequest {
    std::string url;
    std::vector<std::string> headers;
    std::optional<std::string> post_body;  // POST when set, GET otherwise
    // Asked before every attempt (1 for the first, 2 for the first retry...): false refuses it
    // (the response then says budget_exhausted). Empty: always sent. The eBay client counts
    // its retries here.
    std::function<bool(int attempt)> admit;
};

struct HttpResponse {
    long status = 0;  // 0 when no HTTP response arrived
    std::string body;
    int curl_code = 0;  // CURLE_OK only when the whole body arrived
    std::string curl_error;
    int attempts = 0;
    bool budget_exhausted = false;  // not sent: HttpRequest::admit refused it
    bool cancelled = false;         // a retry dropped by cancel_retries()
    bool deadline_passed = false;   // not sent, or cut off: the run's deadline passed
    bool too_large = false;         // the body passed HttpOptions::max_body_bytes
    std::optional<std::chrono::seconds> retry_after;

    // A status and a whole body arrived. With HTTP 200 and a transfer error (a cut connection,
    // a timeout mid-body, a body over the cap) the body is a fragment, never a page.
    bool complete() const { return status != 0 && curl_code == 0; }
    // "network: <curl's error>" (with the status when one came first) or "HTTP <status>".
    std::string describe_transport() const;
};

// The largest response body accepted, after decompression. A 200-item Browse page is about
// 0.6 MB of JSON, so this is about 100 times that; it bounds memory against gzip bombs and
// bodies that never end (4 transfers in parallel hold at most 4 of these).
inline constexpr std::size_t kDefaultMaxBodyBytes = std::size_t{64} << 20;

struct HttpOptions {
    int parallel = 4;
    std::chrono::seconds connect_timeout{10};
    // A transfer slower than `low_speed_bytes` per second for `low_speed_time` is abandoned: a
    // stalled or trickling server (a real page arrives at kilobytes per second or more).
    long low_speed_bytes = 100;
    std::chrono::seconds low_speed_time{30};
    std::chrono::milliseconds total_timeout{std::chrono::seconds(120)};
    RetryPolicy retry;
    std::string user_agent = schema::user_agent();
    std::size_t max_body_bytes = kDefaultMaxBodyBytes;
    // The whole run's deadline: nothing starts after it, a transfer running then is cut off
    // (its timeout is shortened to end there), and waiting retries are dropped.
    std::optional<std::chrono::steady_clock::time_point> deadline;
    // This many transfers in a row that timed out (no other answer between them) mean the
    // server or the path to it is trickling or dead: everything else is dropped as for the
    // deadline. 0: no limit.
    int max_consecutive_timeouts = 6;
    RunClock clock;  // deadlines and retry times; a test's clock runs a night in milliseconds
};

class HttpEngine {
  public:
    using Done = std::function<void(HttpResponse&&)>;

    explicit HttpEngine(HttpOptions options);
    ~HttpEngine();
    HttpEngine(const HttpEngine&) = delete;
    HttpEngine& operator=(const HttpEngine&) = delete;

    // Queues a request, to start no sooner than `not_before` (default: at once); `done` runs on
    // this thread, from run(), and may submit more requests.
    void submit(HttpRequest request, Done done,
                std::chrono::steady_clock::time_point not_before = {});
    // Runs `callback` from run(), before anything else starts: an answer that needs no
    // transfer, given where answers are given.
    void defer(std::function<void()> callback);
    // Runs until every submitted request is done (or refused for the budget or the deadline).
    // Throws std::runtime_error when libcurl's multi interface itself fails (out of memory, a
    // broken poll): the transfers still running are abandoned.
    void run();

    // Drops every retry still waiting: the run stopped (quota spent, access denied).
    void cancel_retries();

    // The deadline passed, or too many timeouts in a row: nothing more is started.
    bool out_of_time() const;
    int consecutive_timeouts() const { return consecutive_timeouts_; }

  private:
    struct Transfer;
    // Sets the easy handle up and adds it to the multi handle; false (with the transfer's
    // response filled in) if libcurl refused an option or the handle.
    bool start(Transfer& transfer);
    void finish(Transfer* transfer, CURLcode code);
    std::chrono::milliseconds next_wait() const;

    HttpOptions options_;
    CurlMulti multi_;
    std::deque<std::unique_ptr<Transfer>> waiting_;
    std::vector<std::unique_ptr<Transfer>> running_;
    std::vector<std::function<void()>> deferred_;
    int consecutive_timeouts_ = 0;
    std::mt19937_64 random_;
};

}  // namespace gpuprice::fetcher
