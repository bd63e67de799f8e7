// A fake eBay on 127.0.0.1 (an ephemeral port) that speaks the real Browse API and OAuth JSON:
// the token endpoint checks Basic auth and issues expiring tokens; the search endpoint checks
// the bearer token, the marketplace header and the filter, pages by offset with `total` and
// `next`, and enforces eBay's offset rules. Faults can be queued per search request.
#pragma once

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace gpuprice::test {

enum class Fault {
    RateLimited,              // 429 with Retry-After: 1 and eBay's 2001 body
    RateLimitedNoRetryAfter,  // 429 without Retry-After
    ServerError,              // 500
    ExpireToken,              // revoke every token, then answer 401 (error 1001)
    RevokeClient,             // as ExpireToken, and refuse the client credentials from now on
    Truncated,                // 200 with the JSON cut in half
    ErrorsBody200,            // 200 with an `errors` body
    Stall,                    // send half the body, then stall until the client gives up
    Slow,                     // answer after `slow_ms`
    NotJson,                  // 200 with an HTML error page
};

struct FakeItem {
    std::string item_id;
    std::string title;
    std::string price = "500.00";
    std::string currency = "USD";
    std::string condition_id = "3000";
    std::string raw;  // if set, served verbatim instead of a generated ItemSummary
};

// A generated ItemSummary in eBay's shape.
std::string item_json(const FakeItem& item);

class FakeEbay {
  public:
    FakeEbay();
    ~FakeEbay();

    std::string api_base() const;
    std::string token_url() const;

    // Items returned for a search term (q), in order; `claimed_total` overrides `total`.
    void set_items(const std::string& term, std::vector<FakeItem> items,
                   std::int64_t claimed_total = -1);
    // Faults applied to the next search requests, one each, in order.
    void queue_faults(std::initializer_list<Fault> faults);
    // Faults for the next requests of one search term only.
    void queue_faults_for(const std::string& term, std::initializer_list<Fault> faults);
    void set_delay(std::chrono::milliseconds delay);  // for every search response
    void set_token_lifetime(std::chrono::seconds lifetime);

    int token_calls() const { return token_calls_; }
    int search_calls() const { return search_calls_; }
    std::vector<std::int64_t> offsets_requested() const;
    std::set<std::string> marketplaces_seen() const;
    std::vector<std::string> filters_seen() const;

    const std::string client_id = "test-client-id";
    const std::string client_secret = "s3cr3t-test-secret-value";
    int slow_ms = 300;

  private:
    void handle_token(const httplib::Request& req, httplib::Response& res);
    void handle_search(const httplib::Request& req, httplib::Response& res);

    httplib::Server server_;
    std::thread thread_;
    int port_ = 0;
    mutable std::mutex mutex_;
    struct Listing {
        std::vector<FakeItem> items;
        std::int64_t claimed_total = -1;
    };
    std::map<std::string, Listing> by_term_;
    std::deque<Fault> faults_;
    std::map<std::string, std::deque<Fault>> term_faults_;
    std::map<std::string, std::chrono::steady_clock::time_point> tokens_;
    std::chrono::seconds token_lifetime_{7200};
    std::chrono::milliseconds delay_{0};
    std::vector<std::int64_t> offsets_;
    std::set<std::string> marketplaces_;
    std::vector<std::string> filters_;
    std::atomic<int> token_calls_{0};
    std::atomic<int> search_calls_{0};
    std::atomic<bool> stopping_{false};
    std::atomic<bool> client_revoked_{false};
};

}  // namespace gpuprice::test
