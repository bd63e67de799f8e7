#include "fetcher/ebay_client.hpp"

#include <algorithm>
#include <thread>

#include "fetcher/ebay_error_ids.hpp"
#include "fetcher/errors.hpp"
#include "fetcher/retry_policy.hpp"
#include "fetcher/url.hpp"
#include "schema/domain/clock.hpp"

namespace gpuprice::fetcher {

namespace {

using ebay_error::kAccessDenied;
using ebay_error::kInsightsNoPermission;
using ebay_error::kRateLimited;

HttpOptions with_deadline(HttpOptions http, std::chrono::seconds deadline) {
    if (!http.deadline) http.deadline = http.clock.now() + deadline;
    return http;
}

std::string minutes(std::chrono::seconds length) {
    return std::to_string(std::chrono::duration_cast<std::chrono::minutes>(length).count());
}

}  // namespace

std::string EbayAnswer::describe() const {
    switch (not_sent) {
        case NotSent::budget:
            return "not sent: the call budget is spent";
        case NotSent::stopped:
            return "not sent: the API was stopped";
        case NotSent::deadline:
            return "not sent: the run's deadline passed";
        case NotSent::none:
            break;
    }
    return describe_response(response);
}

std::string end_user_context(const schema::Market& market, const std::string& postal_code) {
    const auto postal = postal_code.empty() ? std::string(market.default_postal_code) : postal_code;
    return "X-EBAY-C-ENDUSERCTX: contextualLocation=" +
           percent_encode("country=" + std::string(market.country) + ",zip=" + postal);
}

EbayClient::EbayClient(ClientConfig config, Credentials credentials)
    : config_(std::move(config)),
      credentials_source_(credentials.source),
      tokens_(config_.endpoints.auth_url, std::move(credentials), config_.token_cache_path,
              config_.token_margin, config_.http.clock),
      engine_(with_deadline(config_.http, config_.deadline)),
      end_user_context_(end_user_context(config_.market, config_.delivery_postal_code)) {}

MintResult EbayClient::ensure_token(EbayApi api) {
    const auto scope = std::string(api_info(api).scope);
    if (const auto* token = tokens_.usable(scope)) return {*token, MintFailure::none, {}};
    HttpResponse response;
    const auto mint_now = [&] {
        engine_.submit(tokens_.mint_request(scope),
                       [&response](HttpResponse&& r) { response = std::move(r); });
        engine_.run();
    };
    mint_now();
    // The token endpoint down (no answer, a 5xx): asked again with a growing wait for
    // token_outage_wait, as a mint in the middle of the night is (mint_again_later).
    const auto since = config_.http.clock.now();
    for (int failures = 1; (!response.complete() || response.status >= 500) &&
                           config_.http.clock.now() - since < config_.token_outage_wait;
         ++failures) {
        const auto wait = std::chrono::milliseconds(5000) * (1 << std::clamp(failures - 1, 0, 4));
        notes_.push_back("a token could not be had (" + response.describe_transport() +
                         "); asking again in " + std::to_string(wait.count() / 1000) + " s");
        if (config_.http.clock.sleep) {
            config_.http.clock.sleep(wait);
        } else {
            std::this_thread::sleep_for(wait);
        }
        mint_now();
    }
    auto result = tokens_.accept(scope, response);
    for (auto& note : tokens_.take_notes()) notes_.push_back(std::move(note));
    switch (result.failure) {
        case MintFailure::none:
        case MintFailure::scope_refused:
        case MintFailure::expired:
            return result;
        case MintFailure::credentials_refused:
            throw CredentialsError(result.message + " (the credentials came from " +
                                   credentials_source_ + ")");
        default:
            throw FetchError(result.message);
    }
}

QuotaReading EbayClient::read_quota(RateLimitsOf of) {
    QuotaReading reading;
    const auto* token = tokens_.usable(api_info(EbayApi::analytics).scope);
    if (!token) {
        reading.problem = "no token";
        return reading;
    }
    HttpResponse response;
    engine_.submit(rate_limits_request(config_.endpoints.api_base, token->value, of),
                   [&response](HttpResponse&& r) { response = std::move(r); });
    engine_.run();
    if (response.complete() && response.status == 200)
        reading.quota = parse_quota_of(response.body, of);
    if (!reading.quota) reading.problem = "getRateLimits: " + describe_response(response);
    return reading;
}

bool EbayClient::counted(const EbayCall& call) const {
    return api_info(call.api).counted;
}

bool EbayClient::can_send(EbayApi api) const {
    if (stop_of(api).reason != StopReason::none) return false;
    const auto scope = api_info(api).scope;
    const auto minting = minting_.find(std::string(scope));
    if (minting != minting_.end() && minting->second) return false;
    return sent_ < config_.http.parallel;
}

void EbayClient::send(EbayCall call, Done done) {
    const auto not_before = call.wait.count() > 0 ? config_.http.clock.now() + call.wait
                                                  : std::chrono::steady_clock::time_point{};
    dispatch(Pending{std::move(call), std::move(done)}, not_before);
}

std::vector<std::string> EbayClient::headers(const EbayCall& call, const std::string& token) const {
    std::vector<std::string> out = {"Authorization: Bearer " + token, "Accept: application/json"};
    if (api_info(call.api).marketplace_header) {
        out.push_back("X-EBAY-C-MARKETPLACE-ID: " + std::string(config_.market.id));
    }
    if (call.buyer_context) out.push_back(end_user_context_);
    return out;
}

void EbayClient::dispatch(Pending pending, std::chrono::steady_clock::time_point not_before) {
    if (stop_of(pending.call.api).reason != StopReason::none) {
        return end_not_sent(pending, NotSent::stopped);
    }
    const auto scope = std::string(api_info(pending.call.api).scope);
    // While a token is minted, every call of its scope waits for it (the old one may be
    // revoked); a call that needs one and finds none starts the mint.
    const auto* token = minting_[scope] ? nullptr : tokens_.usable(scope);
    if (!token) {
        awaiting_token_[scope].push_back(std::move(pending));
        if (!minting_[scope]) mint(scope);
        return;
    }
    // Every call eBay sees is counted (eBay counts them): this one now, so that a pass knows
    // what is left while it is in flight; a retry of it when it starts.
    if (counted(pending.call) && !(budget_ && budget_->take(pending.call.pass))) {
        return end_not_sent(pending, NotSent::budget);
    }
    pending.token_generation = tokens_.generation(scope);
    HttpRequest request;
    request.url = pending.call.url;
    request.headers = headers(pending.call, token->value);
    if (counted(pending.call)) {
        request.admit = [this, pass = pending.call.pass](int attempt) {
            return attempt <= 1 || (budget_ && budget_->take(pass));
        };
    }
    ++sent_;
    engine_.submit(
        std::move(request),
        [this, pending = std::move(pending)](HttpResponse&& response) mutable {
            --sent_;
            on_answer(std::move(pending), std::move(response));
        },
        not_before);
}

void EbayClient::end_not_sent(Pending& pending, NotSent why) {
    EbayAnswer answer;
    answer.not_sent = why;
    auto moved = std::make_shared<Pending>(std::move(pending));
    // Never from send() itself: the pass that sent it may be in the middle of its own work.
    engine_.defer([this, moved, answer = std::move(answer)]() mutable {
        deliver(*moved, std::move(answer));
    });
}

void EbayClient::deliver(Pending& pending, EbayAnswer&& answer) {
    pending.done(std::move(answer));
    if (wake_) wake_();
}

void EbayClient::on_answer(Pending pending, HttpResponse&& response) {
    EbayAnswer answer;
    if (response.budget_exhausted) {
        answer.not_sent = NotSent::budget;
    } else if (response.cancelled) {
        answer.not_sent = NotSent::stopped;
    } else if (response.deadline_passed) {
        answer.not_sent = NotSent::deadline;
    }
    if (engine_.out_of_time()) stop_for_time();
    if (answer.not_sent != NotSent::none) return deliver(pending, std::move(answer));

    answer.response = std::move(response);
    const auto& r = answer.response;
    if (r.complete() && r.status != 200) answer.errors = parse_errors(r.body);
    const auto& info = api_info(pending.call.api);
    const auto scope = std::string(info.scope);
    if (r.complete() && r.status == 401) {
        if (!pending.replayed) {
            // The token was revoked or expired early (eBay 1001): one new token per generation,
            // and the call once more with it, ahead of the rest.
            pending.replayed = true;
            if (pending.token_generation == tokens_.generation(scope) && !minting_[scope]) {
                awaiting_token_[scope].push_front(std::move(pending));
                mint(scope);
            } else if (minting_[scope]) {
                awaiting_token_[scope].push_front(std::move(pending));
            } else {
                dispatch(std::move(pending));  // a newer token is there already
            }
            return;
        }
        stop_scope(scope, StopReason::credentials,
                   "stopped: eBay refused a token it had just issued (" + describe_response(r) +
                       "); the keyset and the API may be of different environments "
                       "(--auth-url and --api-base: sandbox or production)");
        return deliver(pending, std::move(answer));
    }
    if (r.complete() && r.status == 429 && answer.has_error(kRateLimited)) {
        if (info.daily_quota) return on_burst(std::move(pending), r.retry_after);
        stop(pending.call.api, StopReason::quota,
             "stopped: eBay's daily " + std::string(info.name) + " call quota is spent (" +
                 describe_response(r) + "); it resets at midnight Pacific time");
        return deliver(pending, std::move(answer));
    }
    const bool denied =
        (r.status == 403 && answer.has_error(kAccessDenied)) ||
        (pending.call.api == EbayApi::insights && answer.has_error(kInsightsNoPermission));
    if (r.complete() && denied) {
        stop(pending.call.api, StopReason::access_denied,
             "stopped: eBay denied access (" + describe_response(r) +
                 "): the application's token lacks the scope " + scope + " that the " +
                 std::string(info.name) + " API needs; check the keyset's OAuth scopes");
    }
    deliver(pending, std::move(answer));
}

// A 429 errorId 2001: eBay's daily quota spent, or a short burst? getRateLimits (its own quota)
// says which, for Browse or for Marketplace Insights (each its own quota); the calls that met it
// wait for the answer together.
// The wait after the `bursts`-th 429/2001 of a call without Retry-After: the retry base
// doubled each time up to max_burst_wait, half of it fixed and half random (jitter), so that
// calls throttled together do not come back together.
std::chrono::milliseconds EbayClient::throttle_backoff(int bursts) {
    const auto base = config_.http.retry.base_delay.count() > 0 ? config_.http.retry.base_delay
                                                                : std::chrono::milliseconds(1);
    const auto cap = std::chrono::duration_cast<std::chrono::milliseconds>(config_.max_burst_wait);
    auto wait = base * (std::int64_t{1} << std::clamp(bursts, 0, 20));
    if (wait > cap) wait = cap;
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    return wait / 2 + std::chrono::milliseconds(static_cast<std::int64_t>(
                          static_cast<double>(wait.count()) / 2 * unit(random_)));
}

void EbayClient::on_burst(Pending pending, std::optional<std::chrono::seconds> retry_after) {
    const auto wait = std::min<std::chrono::milliseconds>(
        retry_after ? std::chrono::duration_cast<std::chrono::milliseconds>(*retry_after)
                    : throttle_backoff(pending.bursts + 1),
        config_.max_burst_wait);
    ++pending.bursts;
    pending.burst_wait = wait;
    const auto of = *api_info(pending.call.api).daily_quota;
    awaiting_quota_[of].push_back(std::move(pending));
    if (reading_quota_.contains(of)) return;
    const auto* token = tokens_.usable(api_info(EbayApi::analytics).scope);
    if (!token) {
        HttpResponse none;
        return on_quota(of, std::move(none));
    }
    reading_quota_.insert(of);
    engine_.submit(rate_limits_request(config_.endpoints.api_base, token->value, of),
                   [this, of](HttpResponse&& response) { on_quota(of, std::move(response)); });
}

void EbayClient::on_quota(RateLimitsOf of, HttpResponse&& response) {
    reading_quota_.erase(of);
    const bool insights = of == RateLimitsOf::insights;
    const auto api = insights ? EbayApi::insights : EbayApi::browse;
    std::optional<BrowseQuota> quota;
    if (response.complete() && response.status == 200) quota = parse_quota_of(response.body, of);
    auto waiting = std::move(awaiting_quota_[of]);
    awaiting_quota_.erase(of);
    // Browse keeps a reserve for the user's other calls; Insights' quota is the sold pass's own.
    const std::int64_t reserve = insights ? 0 : config_.quota_reserve;
    const auto name = std::string(api_info(api).name);
    if (quota && quota->remaining > reserve) {
        // Throttling, not the quota: waited out within the night's bound. A shorter window
        // that is spent (calls per minute, say) is waited for until its reset.
        std::chrono::milliseconds round{0};
        for (const auto& pending : waiting) round = std::max(round, pending.burst_wait);
        if (const auto reset = schema::parse_iso_utc(quota->spent_window_reset)) {
            const auto until = std::chrono::duration_cast<std::chrono::milliseconds>(
                *reset - config_.http.clock.wall());
            round = std::max(round, std::max(until, std::chrono::milliseconds(1000)));
        }
        if (throttle_waited_ + round <= config_.max_throttle_wait) {
            throttle_waited_ += round;
            notes_.push_back(name + ": eBay answered 429 (errorId 2001) with " +
                             std::to_string(quota->remaining) +
                             " calls of its daily quota left: throttled, not the quota; " +
                             std::to_string(waiting.size()) + " call(s) sent again after " +
                             std::to_string(round.count()) + " ms (" +
                             std::to_string(throttle_waited_.count() / 1000) +
                             " s waited tonight)");
            for (auto& pending : waiting) {
                const auto wait =
                    std::max(pending.burst_wait,
                             quota->spent_window_reset.empty() ? pending.burst_wait : round);
                dispatch(std::move(pending), config_.http.clock.now() + wait);
            }
            return;
        }
        stop(api, StopReason::throttled,
             "stopped: eBay kept answering " + name +
                 " 429 (errorId 2001) while getRateLimits said " +
                 std::to_string(quota->remaining) + " calls of its daily quota were left, after " +
                 std::to_string(throttle_waited_.count() / 1000) +
                 " s of waiting (--max-throttle-minutes): eBay is throttling, the quota is not "
                 "spent; the night ends partial with what it committed");
        for (auto& pending : waiting) {
            EbayAnswer answer;
            answer.not_sent = NotSent::stopped;
            deliver(pending, std::move(answer));
        }
        return;
    }
    const auto left = quota ? std::to_string(quota->remaining) + " calls left (reserve " +
                                  std::to_string(reserve) + ")"
                      : response.complete() && response.status == 200
                          ? "getRateLimits lists no " + name + " quota"
                          : "getRateLimits unreadable: " + describe_response(response);
    stop(api, StopReason::quota,
         "stopped: eBay's daily " + name +
             " call quota is spent (HTTP 429, eBay error 2001: The "
             "request limit has been reached for the resource; " +
             left + "); it resets at midnight Pacific time");
    for (auto& pending : waiting) {
        EbayAnswer answer;
        answer.not_sent = NotSent::stopped;
        deliver(pending, std::move(answer));
    }
}

void EbayClient::mint(const std::string& scope) {
    minting_[scope] = true;
    engine_.submit(tokens_.mint_request(scope),
                   [this, scope](HttpResponse&& response) { on_mint(scope, std::move(response)); });
}

// eBay's token endpoint gave no usable answer (no answer, a cut body, a 5xx or 429 after the
// engine's retries): an outage, not the keyset. The mint goes again after a growing wait while
// the outage is younger than token_outage_wait; then the scope stops as token-unavailable.
bool EbayClient::mint_again_later(const std::string& scope, const HttpResponse& response,
                                  const std::string& message) {
    const bool outage = !response.complete() || response.status >= 500 || response.status == 429;
    if (!outage) return false;
    const auto now = config_.http.clock.now();
    auto [it, first] = mint_outage_.try_emplace(scope, now, 0);
    auto& [since, failures] = it->second;
    ++failures;
    const auto waited = now - since;
    if (waited >= config_.token_outage_wait) {
        stop_scope(
            scope, StopReason::token_unavailable,
            "stopped: eBay's token endpoint failed " + std::to_string(failures) + " mint(s) over " +
                std::to_string(std::chrono::duration_cast<std::chrono::seconds>(waited).count()) +
                " s (" + message +
                "); not the credentials: the night ends partial with what it committed");
        return true;
    }
    const auto wait = std::min<std::chrono::milliseconds>(
        std::chrono::seconds(5) * (1 << std::clamp(failures - 1, 0, 4)),
        std::chrono::duration_cast<std::chrono::milliseconds>(config_.token_outage_wait));
    notes_.push_back("a new token could not be had (" + message + "); asking again in " +
                     std::to_string(wait.count() / 1000) + " s");
    minting_[scope] = true;
    engine_.submit(
        tokens_.mint_request(scope),
        [this, scope](HttpResponse&& r) { on_mint(scope, std::move(r)); }, now + wait);
    return true;
}

void EbayClient::on_mint(const std::string& scope, HttpResponse&& response) {
    minting_[scope] = false;
    const auto result = tokens_.accept(scope, response);
    for (auto& note : tokens_.take_notes()) notes_.push_back(std::move(note));
    if (result.failure == MintFailure::none) mint_outage_.erase(scope);
    if (result.failure == MintFailure::failed &&
        mint_again_later(scope, response, result.message)) {
        if (minting_[scope]) return;  // the waiting calls wait for the next mint
    } else if (result.failure != MintFailure::none) {
        const auto reason = result.failure == MintFailure::scope_refused ? StopReason::access_denied
                                                                         : StopReason::credentials;
        stop_scope(scope, reason, "stopped: a new token could not be had: " + result.message);
    }
    auto waiting = std::move(awaiting_token_[scope]);
    awaiting_token_.erase(scope);
    for (auto& pending : waiting) dispatch(std::move(pending));
    if (wake_) wake_();
}

void EbayClient::stop_scope(const std::string& scope, StopReason reason,
                            const std::string& message) {
    for (const auto api :
         {EbayApi::browse, EbayApi::insights, EbayApi::analytics, EbayApi::taxonomy}) {
        if (api_info(api).scope == scope) stop(api, reason, message);
    }
}

void EbayClient::stop(EbayApi api, StopReason reason, const std::string& message) {
    auto& stop = stops_[static_cast<std::size_t>(api)];
    if (stop.reason != StopReason::none) return;
    stop.reason = reason;
    stop.message = message;
    // Retries waiting are dropped (they end `cancelled`); new calls end not sent.
    engine_.cancel_retries();
    if (wake_) engine_.defer([this] { wake_(); });
}

void EbayClient::stop_for_time() {
    std::string message;
    const auto limit = config_.http.max_consecutive_timeouts;
    if (limit > 0 && engine_.consecutive_timeouts() >= limit) {
        message = "stopped: " + std::to_string(engine_.consecutive_timeouts()) +
                  " requests in a row timed out; eBay (or the way to it) is too slow tonight";
    } else {
        message = "stopped: the run's deadline of " + minutes(config_.deadline) +
                  " minutes passed (--deadline-minutes)";
    }
    for (const auto api :
         {EbayApi::browse, EbayApi::insights, EbayApi::analytics, EbayApi::taxonomy}) {
        stop(api, StopReason::deadline, message);
    }
}

void EbayClient::run() {
    engine_.run();
}

std::vector<std::string> EbayClient::take_notes() {
    auto notes = std::move(notes_);
    notes_.clear();
    return notes;
}

}  // namespace gpuprice::fetcher
