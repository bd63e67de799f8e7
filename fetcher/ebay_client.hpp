// One eBay client for every call of a night: search, item groups, getItem, Marketplace
// Insights, getRateLimits and Taxonomy all go through it, so that a token, quota or error rule
// is one change. It
//   - holds a token per OAuth scope (ebay_tokens), mints one before the first call that needs
//     it, renews it before it expires, and replays once, with a fresh token, a call a revoked
//     token failed (401); a call that a token minted after it failed is also refused stops the
//     scope's APIs as `credentials` (a keyset of one environment against the other's API);
//   - sends each API's headers (the marketplace, the buyer's place for shipping estimates);
//   - counts every attempt against its pass's share of the night's CallBudget;
//   - reads eBay's errors once (ebay_error): 403 errorId 1100 (or Insights' 100017) stops the
//     API as access denied; 429 errorId 2001 reads getRateLimits again: quota left above the
//     reserve means a short burst, and the call is sent again after Retry-After (a few times,
//     at most a minute each), none left stops the API as `quota`; a 429 without 2001 and 5xx
//     are retried with backoff by the HTTP engine;
//   - stops everything at the night's deadline or after too many timeouts in a row.
// Calls are sent asynchronously; their answers arrive on this thread, from run().
#pragma once

#include <array>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "fetcher/call_budget.hpp"
#include "fetcher/credentials.hpp"
#include "fetcher/ebay_api.hpp"
#include "fetcher/ebay_error.hpp"
#include "fetcher/ebay_tokens.hpp"
#include "fetcher/http_engine.hpp"
#include "fetcher/rate_limits.hpp"
#include "fetcher/stop_reason.hpp"
#include "schema/domain/market.hpp"

namespace gpuprice::fetcher {

struct EbayEndpoints {
    std::string api_base{kProductionApiBase};
    std::string auth_url{kProductionAuthUrl};
};

struct ClientConfig {
    EbayEndpoints endpoints;
    schema::Market market;
    // Where eBay estimates CALCULATED shipping to (X-EBAY-C-ENDUSERCTX contextualLocation);
    // empty: the marketplace's default postal code.
    std::string delivery_postal_code;
    std::string token_cache_path;  // the public scope's token cache; empty: none
    // A token is renewed this long before it expires (eBay: "two hours or less").
    std::chrono::seconds token_margin{300};
    HttpOptions http;
    // The whole night (every pass) ends by then: a trickling server cannot stretch one night
    // into the next. Counted from the client's construction.
    std::chrono::seconds deadline{std::chrono::hours(4)};
    int quota_reserve = 50;  // calls of eBay's daily quota left unused (--quota-reserve)
    // A 429 errorId 2001 while getRateLimits says calls are left is throttling, not the quota:
    // the calls are sent again after Retry-After when eBay says, else an exponential backoff
    // with jitter of at most max_burst_wait, until the night has waited max_throttle_wait for
    // it in all (--max-throttle-minutes); then Browse stops as throttled (a partial night).
    // Marketplace Insights the same, against its own quota (audit 3, F6 and F9).
    std::chrono::seconds max_burst_wait{60};
    std::chrono::seconds max_throttle_wait{std::chrono::minutes(10)};
    // The token endpoint failing (no answer, or a 5xx after the engine's retries): the mint is
    // tried again with a growing wait for this long before its scope stops as
    // token-unavailable (a partial night); eBay refusing the keyset stops at once.
    std::chrono::seconds token_outage_wait{std::chrono::minutes(2)};
};

struct EbayCall {
    EbayApi api = EbayApi::browse;
    Pass pass = Pass::listings;
    std::string url;
    bool buyer_context = false;         // send X-EBAY-C-ENDUSERCTX (search and item groups)
    std::chrono::milliseconds wait{0};  // sent no sooner than this from now (a page put back)
};

// Why a call was never answered.
enum class NotSent { none, budget, stopped, deadline };

struct EbayAnswer {
    HttpResponse response;
    NotSent not_sent = NotSent::none;
    std::vector<EbayError> errors;  // of an answer other than 200

    // A whole 200 body arrived.
    bool ok() const {
        return not_sent == NotSent::none && response.complete() && response.status == 200;
    }
    bool has_error(std::int64_t error_id) const { return fetcher::has_error(errors, error_id); }
    // "HTTP 404, eBay error 11001 (API_BROWSE): ..." or "network: ...".
    std::string describe() const;
};

struct ClientStop {
    StopReason reason = StopReason::none;
    std::string message;  // for the night's problems; never a secret
};

// getRateLimits as read: the Browse quota, or why it could not be read.
struct QuotaReading {
    std::optional<BrowseQuota> quota;
    std::string problem;
};

class EbayClient {
  public:
    using Done = std::function<void(EbayAnswer&&)>;

    EbayClient(ClientConfig config, Credentials credentials);
    EbayClient(const EbayClient&) = delete;
    EbayClient& operator=(const EbayClient&) = delete;

    // Before anything is written: a token for the API's scope, from the cache or minted now.
    // Throws CredentialsError when eBay refuses the keyset, FetchError when no token came for
    // another reason (the network, a malformed answer); a refused scope (invalid_scope) or a
    // token already expired is returned, not thrown: the first call then meets it again and
    // stops the API with the reason.
    MintResult ensure_token(EbayApi api);
    // getRateLimits for Browse's quota or Insights' own, sent now and awaited (its own quota, not
    // counted).
    QuotaReading read_quota(RateLimitsOf of = RateLimitsOf::browse);
    // The night's budget, planned from the quota as read: every counted call is refused until
    // it is set.
    void set_budget(CallBudget budget, QuotaReading quota) {
        budget_ = std::move(budget);
        quota_ = std::move(quota);
    }
    CallBudget* budget() { return budget_ ? &*budget_ : nullptr; }
    const QuotaReading& quota() const { return quota_; }

    // Queues a call; `done` runs from run() (never from send itself).
    void send(EbayCall call, Done done);
    // Whether a pass should send another call of `api` now: the API is not stopped, its token
    // is not being minted, and fewer than `parallel` calls are in flight.
    bool can_send(EbayApi api) const;
    // Runs until every call sent is answered.
    void run();
    // Called from run() whenever calls could be sent again (an answer, a token minted, a stop).
    void set_wake(std::function<void()> wake) { wake_ = std::move(wake); }

    const ClientStop& stop_of(EbayApi api) const { return stops_[static_cast<std::size_t>(api)]; }
    // Stops an API: nothing more is sent for it, its waiting calls end not sent.
    void stop(EbayApi api, StopReason reason, const std::string& message);
    // Notes for the night: a burst of 429s waited out, a token that could not be cached.
    std::vector<std::string> take_notes();
    const ClientConfig& config() const { return config_; }

  private:
    struct Pending {
        EbayCall call;
        Done done;
        bool replayed = false;     // resent once after a 401
        int token_generation = 0;  // of the token it was sent with
        int bursts = 0;            // resent after a 429 errorId 2001 with quota left
        std::chrono::milliseconds burst_wait{};
    };

    void dispatch(Pending pending, std::chrono::steady_clock::time_point not_before = {});
    void on_answer(Pending pending, HttpResponse&& response);
    void mint(const std::string& scope);
    void on_mint(const std::string& scope, HttpResponse&& response);
    void on_burst(Pending pending, std::optional<std::chrono::seconds> retry_after);
    void on_quota(RateLimitsOf of, HttpResponse&& response);
    // A mint that got no usable answer from the token endpoint: tried again later, or the
    // scope stopped as token-unavailable once token_outage_wait has passed. False when the
    // failure was not an outage (the caller stops the scope for it).
    bool mint_again_later(const std::string& scope, const HttpResponse& response,
                          const std::string& message);
    std::chrono::milliseconds throttle_backoff(int bursts);
    void deliver(Pending& pending, EbayAnswer&& answer);
    void end_not_sent(Pending& pending, NotSent why);
    void stop_scope(const std::string& scope, StopReason reason, const std::string& message);
    void stop_for_time();
    std::vector<std::string> headers(const EbayCall& call, const std::string& token) const;
    bool counted(const EbayCall& call) const;

    ClientConfig config_;
    // Where the keyset came from, said with a refusal: probe and fetch say the same (UX P20).
    std::string credentials_source_;
    EbayTokens tokens_;
    HttpEngine engine_;
    std::optional<CallBudget> budget_;
    QuotaReading quota_;
    std::string end_user_context_;
    std::function<void()> wake_;
    std::array<ClientStop, 4> stops_{};
    int sent_ = 0;  // calls submitted to the engine and not yet answered
    std::map<std::string, std::deque<Pending>> awaiting_token_;  // by scope, while minting
    std::map<std::string, bool> minting_;
    // 429/2001 answers waiting for getRateLimits, by the quota they count against.
    std::map<RateLimitsOf, std::vector<Pending>> awaiting_quota_;
    std::set<RateLimitsOf> reading_quota_;
    std::chrono::milliseconds throttle_waited_{0};  // the night's waits for throttling
    // Per scope: when its token endpoint began failing (a mint with no usable answer), and how
    // many mints failed since.
    std::map<std::string, std::pair<std::chrono::steady_clock::time_point, int>> mint_outage_;
    std::mt19937_64 random_{std::random_device{}()};
    std::vector<std::string> notes_;
};

// "Authorization: Bearer ..." is never logged: requests are described by their URL only.
// X-EBAY-C-ENDUSERCTX for a marketplace's buyer: country and postal code, URL-encoded as
// eBay asks (Browse search, X-EBAY-C-ENDUSERCTX contextualLocation).
std::string end_user_context(const schema::Market& market, const std::string& postal_code);

}  // namespace gpuprice::fetcher
