#include "fetcher/fetch_run.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <set>

#include "fetcher/browse_parser.hpp"
#include "fetcher/errors.hpp"
#include "fetcher/oauth_client.hpp"
#include "fetcher/paging.hpp"
#include "fetcher/retry_policy.hpp"
#include "fetcher/run_writer.hpp"
#include "fetcher/url.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/aspect_store.hpp"
#include "schema/store/coverage_store.hpp"

namespace gpuprice::fetcher {

namespace {

// Token lifetimes are eBay's real seconds, so they are timed by the system clock, never by
// GPUPRICE_NOW (schema::now), which may be frozen on a replayed night.
using SystemClock = std::chrono::system_clock;

std::string describe_failure(const HttpResponse& response) {
    std::string text = response.describe_transport();
    if (!response.complete()) return text;
    for (const auto& error : parse_errors(response.body)) text += ", " + error.describe();
    return text;
}

bool has_error(const HttpResponse& response, std::int64_t id) {
    for (const auto& error : parse_errors(response.body)) {
        if (error.error_id == id) return true;
    }
    return false;
}

// The median price of a page's listings: a split point that halves a band, since newly listed
// items are a fair sample of the band's prices.
std::optional<std::int64_t> median_price(const std::vector<schema::Listing>& listings) {
    if (listings.empty()) return std::nullopt;
    std::vector<std::int64_t> prices;
    for (const auto& l : listings) prices.push_back(l.price_cents);
    std::nth_element(prices.begin(), prices.begin() + static_cast<long>(prices.size() / 2),
                     prices.end());
    return prices[prices.size() / 2];
}

// The state of one run, shared by the callbacks the engine calls. The engine only ever holds
// the calls in flight (at most `parallel`); everything else waits here, so that the next call
// is chosen by priority at dispatch time and is sent with the token current at that moment.
class Fetch {
  public:
    Fetch(schema::Database& db, const FetchConfig& config, const Credentials& credentials,
          std::int64_t run_id, const std::string& observed_on, const ProgressFn& progress,
          AccessToken token, int budget)
        : config_(config),
          credentials_(credentials),
          db_(db),
          writer_(db, run_id, observed_on, config.search.marketplace),
          progress_(progress),
          engine_(with_budget(config.http, budget)),
          token_(std::move(token)),
          budget_(budget),
          rules_{std::string(config.search.marketplace.country), config.seller},
          end_user_context_(end_user_context(config)),
          aspects_seen_at_(schema::now_iso()) {}

    FetchOutcome run() {
        for (auto query : config_.queries) {
            query.refinements = query.kind == QueryKind::search && splits_of(query) != nullptr;
            add_query(query, "");
        }
        pump();
        engine_.run();
        close_open_queries();
        note_aspects_left();
        outcome_.run_id = writer_.run_id();
        outcome_.calls_used = engine_.calls_made();
        outcome_.calls_budget = budget_;
        outcome_.pages_stored = writer_.totals().pages;
        outcome_.listings_seen = writer_.totals().seen;
        outcome_.listings_new = writer_.totals().added;
        outcome_.listings_skipped = writer_.totals().skipped;
        outcome_.coverage = coverage();
        if (outcome_.listings_missing() || outcome_.budget_reached ||
            outcome_.stop != StopReason::none) {
            // A spent quota is a partial night even with nothing fetched: the reports still run.
            outcome_.status = outcome_.pages_stored > 0 || outcome_.stop == StopReason::quota
                                  ? schema::RunStatus::partial
                                  : schema::RunStatus::failed;
        }
        return std::move(outcome_);
    }

  private:
    struct QueryState {
        Query query;
        schema::QueryCoverage coverage;
        std::vector<std::size_t> children;  // price bands split from it
        bool open = true;                   // paging not yet ended
        int dispatched = 0;                 // calls sent for it
        Paging paging;  // the page size asked (SearchSettings::limit until eBay serves fewer)
        std::optional<std::int64_t> lowest_total;  // of its pages' totals: see paging.hpp
    };

    struct Call {
        std::size_t query = 0;
        std::int64_t offset = 0;
        int token_generation = 0;
        bool replay = false;  // resent after a 401: goes first, and only once
        std::uint64_t order = 0;
    };

    // X-EBAY-C-ENDUSERCTX: eBay estimates shipping to this place ("required … to improve the
    // accuracy of shipping and delivery time estimations", Browse search); values URL-encoded.
    static std::string end_user_context(const FetchConfig& config) {
        const auto& market = config.search.marketplace;
        const auto postal = config.delivery_postal_code.empty()
                                ? std::string(market.default_postal_code)
                                : config.delivery_postal_code;
        return "X-EBAY-C-ENDUSERCTX: contextualLocation=" +
               percent_encode("country=" + std::string(market.country) + ",zip=" + postal);
    }

    static HttpOptions with_budget(HttpOptions options, int budget) {
        options.max_calls = budget;  // the engine's hard stop, retries included
        return options;
    }

    void add_query(const Query& query, const std::string& parent) {
        QueryState state;
        state.query = query;
        state.coverage.query = query.key();
        state.coverage.kind = std::string(query_kind_name(query.kind));
        state.coverage.family = query.family;
        state.coverage.parent = parent;
        state.paging.limit = config_.search.limit;
        if (!is_extra(query.kind)) ++searching_[query.family];
        queries_.push_back(std::move(state));
        enqueue(queries_.size() - 1, 0);
    }

    void enqueue(std::size_t query, std::int64_t offset) {
        ++planned_;
        ready_.push_back(Call{query, offset, 0, false, next_order_++});
    }

    // The family with the fewest pages dispatched goes next (ties: first queued), so the budget
    // is spent breadth first: every family's first page, then every family's second...
    std::optional<std::size_t> pick() const {
        const auto rank = [this](const Call& c) {
            // Replays after a 401 first, then search pages, then variation expansions and
            // aspect searches (evidence for the matcher, never coverage).
            if (c.replay) return 0;
            return is_extra(queries_[c.query].query.kind) ? 2 : 1;
        };
        // An aspect search waits for its family's searches to end: it then finds (and stores)
        // only what they missed, and its repeats of theirs are no skips (Repeats::ignore), where
        // going first it would make their pages count its listings as duplicates.
        const auto waits = [this](const Call& c) {
            const auto& query = queries_[c.query].query;
            if (query.kind != QueryKind::aspect_filter) return false;
            const auto it = searching_.find(query.family);
            return it != searching_.end() && it->second > 0;
        };
        std::optional<std::size_t> best;
        for (std::size_t i = 0; i < ready_.size(); ++i) {
            const auto& a = ready_[i];
            if (waits(a)) continue;
            if (!best) {
                best = i;
                continue;
            }
            const auto& b = ready_[*best];
            if (rank(a) != rank(b)) {
                if (rank(a) < rank(b)) best = i;
                continue;
            }
            const auto pa = family_pages(queries_[a.query].query.family);
            const auto pb = family_pages(queries_[b.query].query.family);
            if (pa < pb || (pa == pb && a.order < b.order)) best = i;
        }
        if (!best) return std::nullopt;
        // An expansion or aspect search only spends budget the search pages due will not need.
        if (rank(ready_[*best]) == 2 &&
            budget_ - submitted_ - engine_.retries_made() <= search_pages_due()) {
            return std::nullopt;
        }
        return best;
    }

    // Search pages still to come, by each open query's `total` (1 for a first page not sent).
    int search_pages_due() const {
        int due = 0;
        for (const auto& q : queries_) {
            if (!q.open || is_extra(q.query.kind)) continue;
            if (!q.coverage.total) {
                due += q.dispatched == 0 ? 1 : 0;
                continue;
            }
            const auto reachable = std::min(*q.coverage.total, kMaxReachableItems);
            due += std::max(0, static_cast<int>((reachable + q.paging.limit - 1) / q.paging.limit) -
                                   q.dispatched);
        }
        return due;
    }

    static schema::Repeats repeats_of(QueryKind kind) {
        switch (kind) {
            case QueryKind::item_group:
                return schema::Repeats::update;
            case QueryKind::aspect_filter:
                return schema::Repeats::ignore;
            default:
                return schema::Repeats::count_as_duplicate;
        }
    }

    static bool is_extra(QueryKind kind) {
        return kind == QueryKind::item_group || kind == QueryKind::aspect_filter;
    }

    const std::vector<AspectSplit>* splits_of(const Query& query) const {
        const auto it = config_.aspect_splits.find(query.family);
        return it == config_.aspect_splits.end() || it->second.empty() ? nullptr : &it->second;
    }

    int family_pages(const std::string& family) const {
        const auto it = dispatched_by_family_.find(family);
        return it == dispatched_by_family_.end() ? 0 : it->second;
    }

    // Renewed `token_margin` before it expires; a token that lives less than twice the margin
    // is renewed at half its life instead, so a short-lived token is still used before renewal.
    bool token_expiring() const {
        const auto life = token_.expires_at - token_minted_at_;
        const auto margin = std::min<SystemClock::duration>(config_.token_margin, life / 2);
        return token_.expires_at - margin <= SystemClock::now();
    }

    // Sends what may be sent now: nothing while a token is being minted, nothing past the
    // budget, at most `parallel` in flight.
    void pump() {
        while (!stopped_ && !refreshing_ && in_flight_ < config_.http.parallel && !ready_.empty()) {
            if (token_expiring()) {
                refresh_token();
                return;
            }
            if (submitted_ + engine_.retries_made() >= budget_) {
                // Aspect searches left undone cost the matcher evidence, not coverage: noted
                // once at the end (note_aspects_left), but the night is not partial for them.
                const bool only_aspects =
                    std::all_of(ready_.begin(), ready_.end(), [this](const Call& c) {
                        return queries_[c.query].query.kind == QueryKind::aspect_filter;
                    });
                if (!only_aspects) outcome_.budget_reached = true;
                stop_waiting("budget");
                return;
            }
            const auto index = pick();
            if (!index) return;  // extras wait: for the budget search pages need, or a family
            Call call = ready_[*index];
            ready_.erase(ready_.begin() + static_cast<long>(*index));
            dispatch(call);
        }
    }

    void dispatch(Call call) {
        call.token_generation = token_generation_;
        ++dispatched_by_family_[queries_[call.query].query.family];
        ++queries_[call.query].dispatched;
        ++submitted_;
        ++in_flight_;
        HttpRequest request;
        // A query's pages go one at a time: its page size is the one to ask now.
        const auto& state = queries_[call.query];
        request.url = query_url(config_.search, state.query, call.offset, state.paging.limit);
        request.headers = {"Authorization: Bearer " + token_.value,
                           "X-EBAY-C-MARKETPLACE-ID: " + std::string(config_.search.marketplace.id),
                           "Accept: application/json", end_user_context_};
        engine_.submit(std::move(request), [this, call](HttpResponse&& response) {
            --in_flight_;
            on_response(call, std::move(response));
            report();
            pump();
        });
    }

    void on_response(const Call& call, HttpResponse response) {
        auto& state = queries_[call.query];
        if (response.cancelled) return close(state, stop_reason_word());
        if (response.budget_exhausted) {
            outcome_.budget_reached = true;
            return close(state, "budget");
        }
        if (response.deadline_passed || engine_.out_of_time()) stop_for_time();
        if (response.deadline_passed) return close(state, "deadline");
        // A transfer error after the status line (a cut connection, a timeout mid-body, a body
        // over the cap) leaves a fragment: never parsed as a page.
        if (!response.complete()) {
            ++done_;
            return fail(state, call, describe_failure(response));
        }
        if (response.status == 401 && !call.replay) return replay_after_401(call);
        if (is_quota_exhausted(response.status, response.body)) {
            stop(StopReason::quota, "stopped: eBay's daily Browse call quota is spent (" +
                                        describe_failure(response) +
                                        "); it resets at midnight Pacific time");
            return close(state, "quota");
        }
        if (response.status == 403 && has_error(response, 1100)) {
            stop(StopReason::access_denied,
                 "stopped: eBay denied access (" + describe_failure(response) +
                     "): the application's token lacks the scope " + kBrowseScope +
                     " that the Browse API needs; check the keyset's OAuth scopes");
            return close(state, "access-denied");
        }
        ++done_;
        if (response.status != 200) return fail(state, call, describe_failure(response));
        auto page = parser_.parse(response.body, config_.search.marketplace.currency);
        if (page.listings.empty() && !page.errors.empty()) {
            return fail(state, call, describe_failure(response));  // an `errors` body with 200
        }
        if (page.listings.empty() && page.skips.empty() && !page.page_problem.empty()) {
            return fail(state, call, "HTTP 200 but " + page.page_problem);  // not JSON at all
        }
        const bool search = state.query.kind != QueryKind::item_group;
        const int page_size = search ? answered_page_size(state, call, page) : state.paging.limit;
        // A page that ends early (its JSON cut, the items before the cut kept) loses the items
        // it should have held; the run is partial and the query incomplete.
        // Nothing saying how many (no total, no next): one truncated-page-unknown skip.
        const auto lost = items_lost(page, page_size);
        if (!page.page_problem.empty()) {
            ++outcome_.pages_truncated;
            outcome_.problems.push_back(
                call_name(state, call) + ": " + page.page_problem + "; " +
                (lost ? std::to_string(*lost) + " items lost"
                      : std::string("an unknown number of items lost (no total, no next)")));
            state.coverage.warnings += "truncated page; ";
            truncated_.insert(call.query);
        }
        if (search) check_total(state, call, page);
        take_warnings(state, call, page);
        if (const auto fallback = state.query.fallback_condition()) {
            for (auto& listing : page.listings) {
                if (!listing.condition_id) listing.condition_id = *fallback;
            }
        }
        const auto source = state.query.kind == QueryKind::item_group ? ListingSource::item_group
                                                                      : ListingSource::search;
        for (auto& listing : page.listings)
            listing.price_flags = price_flags(listing, rules_, source);
        // A variation fetched from its group supersedes the group's summary stored before; an
        // aspect search stores only what its family's search did not (and records the aspect
        // on all), its repeats are no skips.
        writer_.write(page, lost, repeats_of(state.query.kind));
        if (state.query.kind == QueryKind::aspect_filter) {
            record_aspect(state.query, page);
        } else if (source == ListingSource::search) {
            expand_variations(state, page);
        }
        if (state.query.refinements && call.offset == 0) plan_aspect_searches(state, response.body);
        const auto returned = items_read(page);
        state.coverage.pages += 1;
        state.coverage.items += static_cast<int>(returned);
        if (call.offset == 0) state.coverage.total = page.total;
        if (page.total && (!state.lowest_total || *page.total < *state.lowest_total)) {
            state.lowest_total = page.total;
        }
        next_step(call, page, returned, page_size);
    }

    // eBay may serve fewer items per page than asked and says so in the page's `limit` (Browse
    // search: "the value of the limit parameter ... the maximum number of items to return on a
    // page"). Paging goes on from offset + that size, asking for that size, so nothing between
    // the pages is skipped and the offsets stay multiples of the limit asked as eBay requires
    // (12515) when the smaller size divides the offsets so far (50 does 200; should it not, the
    // next page fails with eBay's error, said). A larger or invalid `limit` is ignored.
    int answered_page_size(QueryState& state, const Call& call, const SearchPage& page) {
        if (auto note =
                follow_served_size(state.paging, page.limit, call_name(state, call), "items")) {
            outcome_.notes.push_back(std::move(*note));
        }
        return state.paging.limit;
    }

    void check_total(QueryState& state, const Call& call, const SearchPage& page) {
        if (auto note = unbelieved_total(state.paging, page.total, page.total_problem,
                                         call_name(state, call))) {
            outcome_.notes.push_back(std::move(*note));
            state.coverage.warnings += "invalid total; ";
        }
    }

    // After a page: split the query into price bands, ask for the next page, or end paging.
    void next_step(const Call& call, const SearchPage& page, std::int64_t returned, int limit) {
        auto& state = queries_[call.query];
        if (state.query.kind == QueryKind::item_group) return close(state, "last-page");
        // Only a full (or cut) first page with `next` backs a total over the cap: an absurd total
        // (10^9 on a few hundred listings) would otherwise split band after band down to single
        // prices.
        if (call.offset == 0 && page.total && *page.total > kMaxReachableItems &&
            state.query.kind != QueryKind::aspect_filter &&
            (returned >= limit || !page.page_problem.empty()) && !page.next.empty()) {
            const auto split = median_price(page.listings);
            const auto bands = split ? split_band(state.query.band, *split) : std::nullopt;
            if (bands) {
                outcome_.notes.push_back("query '" + state.coverage.query + "' matches " +
                                         std::to_string(*page.total) +
                                         " listings, more than eBay serves: split at price " +
                                         band_text({split, std::nullopt}));
                const auto parent = state.coverage.query;
                const auto base = state.query;
                close(state, "split");
                for (const auto& band : {bands->first, bands->second}) {
                    Query child = base;
                    child.kind = QueryKind::price_band;
                    child.refinements = false;  // the parent's first page had them
                    child.band = band;
                    queries_[call.query].children.push_back(queries_.size());
                    add_query(child, parent);
                }
                return;
            }
        }
        if (!more_pages(call.offset, limit, returned, !page.next.empty(), page.total,
                        !page.page_problem.empty())) {
            note_short_of_total(call.query);
            return close(state, "last-page");
        }
        if (call.offset + 2 * limit > kMaxReachableItems) {
            outcome_.notes.push_back("query '" + state.coverage.query +
                                     "' reached eBay's 10,000-item cap and could not be split");
            return close(state, "cap");
        }
        enqueue(call.query, call.offset + limit);
    }

    // After a family's first page: one search per aspect value its refinement says some listing
    // has tonight, in eBay's own spellings. Without the aspect in the refinement, an exact value
    // is searched as the catalog spells it and a prefix is skipped (its spellings are unknown).
    void plan_aspect_searches(const QueryState& state, std::string_view body) {
        const auto* splits = splits_of(state.query);
        if (!splits) return;
        const auto refinement = parse_aspect_refinements(body);
        for (const auto& split : *splits) {
            auto spellings = refinement_spellings(split, refinement);
            if (!spellings) {
                if (split.prefix) continue;
                spellings = std::vector<std::string>{split.value};
            }
            if (spellings->empty()) continue;  // no listing has the value tonight
            Query q;
            q.kind = QueryKind::aspect_filter;
            q.family = state.query.family;
            q.conditions = state.query.conditions;
            q.aspect = split.aspect;
            q.aspect_spellings = std::move(*spellings);
            q.aspect_value = split.value;
            add_query(q, state.coverage.query);
        }
    }

    // Every listing of an aspect search's page takes the value searched; a multi-variation
    // listing does not (eBay matches it when any one variation has the value).
    void record_aspect(const Query& query, const SearchPage& page) {
        std::vector<std::string> item_ids;
        for (const auto& listing : page.listings) {
            if (listing.item_group_type != kVariationsGroupType)
                item_ids.push_back(listing.item_id);
        }
        if (item_ids.empty()) return;
        schema::store_filter_aspect(db_, item_ids, query.aspect, query.aspect_value,
                                    aspects_seen_at_);
    }

    // Paging ended (eBay gave no `next`) with fewer items than eBay's total: short pages lost
    // some, or the total is wrong (an absurd 10^9, say). The query is stored incomplete with the
    // reason, and the night says so: a listing it did not see may still be for sale.
    void note_short_of_total(std::size_t index) {
        auto& state = queries_[index];
        const auto items = static_cast<std::int64_t>(state.coverage.items);
        const auto short_by = items_short_of_total(state.lowest_total, items);
        if (!short_by) return;
        short_.insert(index);
        ++outcome_.queries_short;
        outcome_.notes.push_back("query '" + state.coverage.query + "': eBay's total said " +
                                 std::to_string(*state.lowest_total) +
                                 " listings but its pages ended after " + std::to_string(items) +
                                 "; the query is incomplete");
        state.coverage.warnings += std::to_string(*short_by) + " items short of eBay's total; ";
    }

    // Queues get_items_by_item_group for each multi-variation listing not queued yet.
    void expand_variations(const QueryState& state, const SearchPage& page) {
        if (!config_.expand_variations) return;
        for (const auto& listing : page.listings) {
            if (listing.item_group_type != kVariationsGroupType || listing.item_group_id.empty() ||
                !groups_.insert(listing.item_group_id).second) {
                continue;
            }
            Query group;
            group.kind = QueryKind::item_group;
            group.family = state.query.family;
            group.conditions = state.query.conditions;
            group.item_group_id = listing.item_group_id;
            add_query(group, state.coverage.query);
        }
    }

    void take_warnings(QueryState& state, const Call& call, const SearchPage& page) {
        for (const auto& warning : page.warnings) {
            outcome_.problems.push_back(call_name(state, call) + ": warning " + warning.describe());
            if (is_ignored_input_warning(warning)) {
                if (!degraded_.contains(call.query)) ++outcome_.queries_degraded;
                degraded_.insert(call.query);
                state.coverage.warnings +=
                    std::to_string(warning.error_id) + " " + warning.message + "; ";
            }
        }
    }

    // A 401 (eBay 1001, token expired or revoked): one refresh per token generation; the call is
    // resent once with the new token, ahead of everything else.
    void replay_after_401(Call call) {
        call.replay = true;
        ready_.push_back(call);
        if (call.token_generation == token_generation_ && !refreshing_) refresh_token();
    }

    void refresh_token() {
        refreshing_ = true;
        engine_.submit(token_request(config_.auth_url, credentials_), [this](HttpResponse&& r) {
            refreshing_ = false;
            try {
                const auto now = SystemClock::now();
                auto token = token_from_response(r, now);
                // A token endpoint that answers tokens already expired would make the run mint
                // again before every call, forever: fail the run with the reason instead.
                if (token.expires_at <= now) {
                    stop(StopReason::credentials,
                         "eBay's token endpoint answered a token that has already expired "
                         "(expires_in <= 0); not retrying");
                    return;
                }
                token_ = std::move(token);
                token_minted_at_ = now;
                save_cached_token(config_.token_cache_path, credentials_.client_id,
                                  config_.auth_url, token_);
                ++token_generation_;
                ++outcome_tokens_;
            } catch (const std::exception& e) {
                stop(StopReason::credentials, std::string("token refresh failed: ") + e.what());
                return;
            }
            pump();
        });
    }

    void stop_for_time() {
        if (engine_.consecutive_timeouts() >= config_.http.max_consecutive_timeouts &&
            config_.http.max_consecutive_timeouts > 0) {
            stop(StopReason::deadline,
                 "stopped: " + std::to_string(engine_.consecutive_timeouts()) +
                     " requests in a row timed out; eBay (or the way to it) is too slow tonight");
        } else {
            stop(StopReason::deadline, "stopped: the run's deadline of " +
                                           std::to_string(config_.deadline.count() / 60) +
                                           " minutes passed (--deadline-minutes)");
        }
    }

    // Ends the run's dispatching: nothing more is sent, retries waiting are dropped, and every
    // query still open is closed with the reason.
    void stop(StopReason reason, const std::string& why) {
        if (stopped_) return;
        stopped_ = true;
        outcome_.stop = reason;
        outcome_.problems.push_back(why);
        stop_waiting(stop_reason_word());
        engine_.cancel_retries();
    }

    std::string stop_reason_word() const {
        return outcome_.stop == StopReason::none ? "stopped"
                                                 : std::string(stop_reason_name(outcome_.stop));
    }

    void stop_waiting(const std::string& why) {
        for (const auto& call : ready_) close(queries_[call.query], why);
        ready_.clear();
    }

    void close(QueryState& state, const std::string& why) {
        if (!state.open) return;
        state.open = false;
        if (!is_extra(state.query.kind)) --searching_[state.query.family];
        state.coverage.stopped = why;
    }

    void close_open_queries() {
        for (auto& state : queries_) close(state, stop_reason_word());
    }

    // One note for the run: the aspect searches the budget ended before their last page (or
    // their first), whichever call found it spent.
    void note_aspects_left() {
        const auto left = std::count_if(queries_.begin(), queries_.end(), [](const auto& q) {
            return q.query.kind == QueryKind::aspect_filter && q.coverage.stopped == "budget";
        });
        if (left == 0) return;
        outcome_.notes.push_back(std::to_string(left) +
                                 " aspect_filter search(es) left unfinished for lack of calls "
                                 "(--max-calls)");
    }

    bool complete(std::size_t index) const {
        const auto& state = queries_[index];
        if (degraded_.contains(index) || truncated_.contains(index) || failed_.contains(index) ||
            short_.contains(index)) {
            return false;
        }
        if (state.coverage.stopped == "split") {
            return std::all_of(state.children.begin(), state.children.end(),
                               [this](std::size_t child) { return complete(child); });
        }
        return state.coverage.stopped == "last-page";
    }

    std::vector<schema::QueryCoverage> coverage() const {
        std::vector<schema::QueryCoverage> rows;
        for (std::size_t i = 0; i < queries_.size(); ++i) {
            auto row = queries_[i].coverage;
            row.complete = complete(i);
            rows.push_back(std::move(row));
        }
        return rows;
    }

    std::string call_name(const QueryState& state, const Call& call) const {
        return "query '" + state.coverage.query + "' offset " + std::to_string(call.offset);
    }

    void fail(QueryState& state, const Call& call, const std::string& why) {
        ++outcome_.pages_failed;
        failed_.insert(call.query);
        outcome_.problems.push_back(call_name(state, call) + ": " + why);
        close(state, "error");
    }

    void report() {
        if (!progress_) return;
        progress_({done_, planned_, writer_.totals().seen, engine_.calls_made(), budget_});
    }

    const FetchConfig& config_;
    const Credentials& credentials_;
    schema::Database& db_;
    RunWriter writer_;
    const ProgressFn& progress_;
    HttpEngine engine_;
    BrowseParser parser_;
    AccessToken token_;
    SystemClock::time_point token_minted_at_{};
    int budget_;
    PriceRules rules_;
    std::string end_user_context_;
    std::string aspects_seen_at_;   // one time for the run: a second value the same run is kept
    std::set<std::string> groups_;  // item groups queued for expansion
    int token_generation_ = 0;
    int outcome_tokens_ = 0;
    bool refreshing_ = false;
    bool stopped_ = false;
    int in_flight_ = 0;
    int submitted_ = 0;
    std::deque<QueryState> queries_;  // a deque: adding a query keeps references valid
    std::vector<Call> ready_;
    std::map<std::string, int> dispatched_by_family_;
    std::map<std::string, int> searching_;  // open search queries (not extras) per family
    std::set<std::size_t> degraded_, truncated_, failed_, short_;
    std::uint64_t next_order_ = 0;
    int planned_ = 0;
    int done_ = 0;
    FetchOutcome outcome_;
};

// One request outside the run's queue (the first token, the quota), sent and awaited.
HttpResponse send_one(const HttpOptions& http, HttpRequest request) {
    HttpOptions options = http;
    options.parallel = 1;
    HttpEngine engine(options);
    HttpResponse response;
    engine.submit(std::move(request), [&response](HttpResponse&& r) { response = std::move(r); });
    engine.run();
    return response;
}

AccessToken obtain_token(const FetchConfig& config, const Credentials& credentials) {
    const auto now = SystemClock::now();
    if (auto cached = load_cached_token(config.token_cache_path, credentials.client_id,
                                        config.auth_url, now, config.token_margin)) {
        return *cached;
    }
    auto response = send_one(config.http, token_request(config.auth_url, credentials));
    auto token = token_from_response(response, SystemClock::now());
    save_cached_token(config.token_cache_path, credentials.client_id, config.auth_url, token);
    return token;
}

}  // namespace

std::string_view stop_reason_name(StopReason reason) {
    switch (reason) {
        case StopReason::none:
            return "none";
        case StopReason::budget:
            return "budget";
        case StopReason::quota:
            return "quota";
        case StopReason::access_denied:
            return "access-denied";
        case StopReason::credentials:
            return "credentials";
        case StopReason::deadline:
            return "deadline";
    }
    return "";
}

void finish(schema::Database& db, const FetchOutcome& outcome) {
    std::string message;
    for (const auto& line : outcome.notes) message += line + "\n";
    for (const auto& line : outcome.problems) message += line + "\n";
    if (outcome.budget_reached) message += "stopped: the call budget was reached\n";
    if (!outcome.coverage.empty()) schema::store_coverage(db, outcome.run_id, outcome.coverage);
    schema::finish_run(db, outcome.run_id, outcome.status, schema::now_iso(), outcome.calls_used,
                       message);
}

FetchOutcome run_fetch(schema::Database& db, const FetchConfig& given,
                       const Credentials& credentials, const std::string& observed_on,
                       const ProgressFn& progress) {
    FetchConfig config = given;
    config.http.deadline = std::chrono::steady_clock::now() + given.deadline;
    auto token = obtain_token(config, credentials);
    std::optional<BrowseQuota> quota;
    std::string quota_note;
    if (config.check_quota) {
        const auto response =
            send_one(config.http, rate_limits_request(config.search.api_base, token.value));
        quota = response.complete() && response.status == 200 ? parse_browse_quota(response.body)
                                                              : std::nullopt;
        if (!quota) {
            quota_note =
                "could not read the remaining quota (getRateLimits: " + describe_failure(response) +
                "); planning within --max-calls";
        }
    }
    const int budget = plan_budget(config.http.max_calls, quota, config.quota_reserve);
    const auto run = schema::begin_run(db, "ebay", config.search.marketplace, schema::now_iso());
    const auto run_id = run.id();
    FetchOutcome outcome;
    if (quota && budget <= 0) {
        // Nothing to spend: stop before the first search, a partial night with the reason.
        outcome.run_id = run_id;
        outcome.status = schema::RunStatus::partial;
        outcome.stop = StopReason::quota;
        outcome.quota = quota;
        outcome.problems.push_back("stopped: eBay's daily Browse quota has " +
                                   std::to_string(quota->remaining) + " calls left (reserve " +
                                   std::to_string(config.quota_reserve) + "); it resets at " +
                                   quota->reset);
        finish(db, outcome);
        return outcome;
    }
    Fetch fetch(db, config, credentials, run_id, observed_on, progress, std::move(token), budget);
    try {
        outcome = fetch.run();
    } catch (const std::exception& e) {
        // A database error (disk full) or similar: the pages already committed stay.
        mark_failed(db, run_id, e.what());
        throw;
    }
    outcome.quota = quota;
    if (!quota_note.empty()) outcome.notes.insert(outcome.notes.begin(), quota_note);
    if (quota) {
        outcome.notes.insert(outcome.notes.begin(),
                             "eBay quota: " + std::to_string(quota->remaining) + " of " +
                                 std::to_string(quota->limit) + " Browse calls left; budget " +
                                 std::to_string(budget));
    }
    finish(db, outcome);
    return outcome;
}

}  // namespace gpuprice::fetcher
