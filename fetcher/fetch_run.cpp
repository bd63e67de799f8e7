#include "fetcher/fetch_run.hpp"

#include <algorithm>
#include <set>

#include "fetcher/browse_parser.hpp"
#include "fetcher/ebay_error_ids.hpp"
#include "fetcher/errors.hpp"
#include "fetcher/listings_pager.hpp"
#include "fetcher/run_writer.hpp"
#include "fetcher/withheld_check.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/aspect_store.hpp"
#include "schema/store/coverage_store.hpp"

namespace gpuprice::fetcher {

namespace {

using schema::QueryStop;

using ebay_error::kGroupGone;
using ebay_error::kGroupNotFound;
using ebay_error::kGroupUnavailable;

QueryStop query_stop(StopReason reason) {
    switch (reason) {
        case StopReason::budget:
            return QueryStop::budget;
        case StopReason::quota:
            return QueryStop::quota;
        case StopReason::access_denied:
            return QueryStop::access_denied;
        case StopReason::credentials:
            return QueryStop::credentials;
        case StopReason::deadline:
            return QueryStop::deadline;
        case StopReason::throttled:
            return QueryStop::throttled;
        case StopReason::token_unavailable:
            return QueryStop::token_unavailable;
        case StopReason::none:
            break;
    }
    return QueryStop::stopped;
}

schema::Repeats repeats_of(QueryKind kind) {
    switch (kind) {
        case QueryKind::item_group:
            return schema::Repeats::update;  // a variation supersedes the group's summary
        case QueryKind::aspect_filter:
            return schema::Repeats::ignore;  // its family's search stored and counted them
        default:
            return schema::Repeats::count_as_duplicate;
    }
}

// The listings pass: sends what the pager says goes next, while the client may send and the
// pass's share of the budget lasts; reads each page, stores it, and tells the pager.
class Fetch {
  public:
    Fetch(schema::Database& db, const FetchConfig& config, EbayClient& client, std::int64_t run_id,
          schema::Night night, const ProgressFn& progress)
        : config_(config),
          client_(client),
          budget_(*client.budget()),
          db_(db),
          writer_(db, run_id, night, config.search.marketplace),
          progress_(progress),
          pager_(config.search.limit, config.aspect_splits, config.expand_variations,
                 outcome_.notes),
          groups_(db, config.search.marketplace, night, config.group_memory_nights),
          rules_{std::string(config.search.marketplace.country), config.seller},
          aspects_seen_at_(schema::now_iso()),
          pass_budget_(budget_.left(Pass::listings)),
          night_(night) {}

    FetchOutcome run() {
        for (const auto& query : config_.queries) pager_.add(query);
        pager_.replay_groups([this](const std::string& group, const std::string& summary) {
            return groups_.replayable(group, summary);
        });
        client_.set_wake([this] { pump(); });
        pump();
        client_.run();
        client_.set_wake({});
        take_stop();
        pager_.close_open(query_stop(outcome_.stop));
        if (const int left = pager_.aspects_left_for_budget()) {
            outcome_.notes.push_back(std::to_string(left) +
                                     " aspect_filter search(es) left unfinished for lack of "
                                     "calls (--max-calls)");
        }
        if (!unstated_.empty()) {
            outcome_.notes.push_back(
                std::to_string(unstated_.size()) +
                " listing(s) state no condition eBay's names tell (no conditionId, no known "
                "condition name): stored, left out of every condition's prices");
        }
        if (outcome_.groups_replayed > 0) {
            outcome_.notes.push_back(
                std::to_string(outcome_.groups_replayed) +
                " item group(s) unchanged since an earlier night: their kept answers read again, "
                "not asked (at most " +
                std::to_string(config_.group_memory_nights) + " nights old)");
        }
        for (auto& note : client_.take_notes()) outcome_.notes.push_back(std::move(note));
        outcome_.coverage = pager_.coverage();
        check_withheld_listings();
        outcome_.run_id = writer_.run_id();
        outcome_.calls_used = budget_.used(Pass::listings) + budget_.used(Pass::withheld_check);
        outcome_.calls_budget = pass_budget_ + budget_.reserved(Pass::withheld_check);
        outcome_.pages_stored = writer_.totals().pages;
        outcome_.listings_seen = writer_.totals().seen;
        outcome_.listings_new = writer_.totals().added;
        outcome_.listings_skipped = writer_.totals().skipped;
        outcome_.queries_degraded = pager_.queries_degraded();
        note_total_gap();
        if (outcome_.listings_missing() || outcome_.budget_reached ||
            outcome_.stop != StopReason::none) {
            // A spent quota, throttling or a token endpoint down is a partial night even with
            // nothing fetched: the reports still run.
            outcome_.status =
                outcome_.pages_stored > 0 || outcome_.stop == StopReason::quota || outcome_.outage()
                    ? schema::RunStatus::partial
                    : schema::RunStatus::failed;
        }
        return std::move(outcome_);
    }

  private:
    // The listings tonight's fully paged queries missed inside a withheld window, asked with
    // getItem within the check's calls (withheld_check.hpp), with tonight's coverage stored
    // first: the check reads it as the clearance rule will. Its answers never fail the night.
    void check_withheld_listings() {
        budget_.close(Pass::listings);  // every page is in: what the pass left is the check's too
        if (outcome_.coverage.empty()) return budget_.close(Pass::withheld_check);
        schema::store_coverage(db_, writer_.run_id(), outcome_.coverage);
        auto& check = outcome_.withheld_check;
        check = check_withheld(db_, client_, writer_, rules_, night_);
        if (check.calls_used > 0)
            outcome_.calls_by_kind[schema::QueryKind::withheld_check] += check.calls_used;
        if (const auto note = check.note(); !note.empty()) outcome_.notes.push_back(note);
        for (const auto& problem : check.problems) outcome_.notes.push_back(problem);
    }

    // eBay's total against the items served, for the night: a metric and its explanation.
    void note_total_gap() {
        int variations = 0, withheld = 0;
        for (const auto& q : outcome_.coverage) {
            if (q.total_gap <= 0) continue;
            ++outcome_.queries_with_gap;
            outcome_.total_gap += q.total_gap;
            variations += q.variation_summaries;
            withheld += q.short_page_deficit;
        }
        if (outcome_.queries_with_gap == 0) return;
        outcome_.notes.push_back(
            "eBay's total exceeded the items served on " +
            std::to_string(outcome_.queries_with_gap) + " family quer" +
            (outcome_.queries_with_gap == 1 ? "y" : "ies") + " by " +
            std::to_string(outcome_.total_gap) + " in all (" + std::to_string(variations) +
            " multi-variation summaries among their items, " + std::to_string(withheld) +
            " withheld by short pages): a metric; those queries paged to their end and are "
            "complete");
    }

    // The client stopped Browse (quota, access, credentials, deadline): the night's reason,
    // said once.
    void take_stop() {
        const auto& stop = client_.stop_of(EbayApi::browse);
        if (stop.reason == StopReason::none || outcome_.stop != StopReason::none) return;
        outcome_.stop = stop.reason;
        outcome_.problems.push_back(stop.message);
    }

    // Sends what may go now: nothing once Browse is stopped or the pass's calls are spent, at
    // most `parallel` in flight, the pager's choice first.
    void pump() {
        while (pager_.has_waiting()) {
            if (client_.stop_of(EbayApi::browse).reason != StopReason::none) {
                take_stop();
                pager_.close_waiting(query_stop(outcome_.stop));
                return;
            }
            if (!client_.can_send(EbayApi::browse)) return;
            const int left = budget_.left(Pass::listings);  // calls in flight are counted
            if (left <= 0) {
                // Aspect searches left undone cost the matcher evidence, not coverage: noted
                // once at the end, but the night is not partial for them.
                if (!pager_.only_aspects_waiting()) outcome_.budget_reached = true;
                pager_.close_waiting(QueryStop::budget);
                return;
            }
            const auto call = pager_.take_next(left);
            if (!call) return;  // extras wait: for the calls search pages need, or a family
            dispatch(*call);
        }
    }

    void dispatch(const PageCall& call) {
        EbayCall request;
        request.api = EbayApi::browse;
        request.pass = Pass::listings;
        // A query's pages go one at a time: its page size is the one to ask now.
        request.url = query_url(config_.search, pager_.query(call.query), call.offset,
                                pager_.page_size(call.query));
        request.buyer_context = true;
        request.wait = call.wait;
        client_.send(std::move(request), [this, call](EbayAnswer&& answer) {
            on_answer(call, std::move(answer));
            report();
        });
    }

    void on_answer(const PageCall& call, EbayAnswer&& answer) {
        switch (answer.not_sent) {
            case NotSent::budget:
                outcome_.budget_reached = true;
                return pager_.close(call.query, QueryStop::budget);
            case NotSent::stopped:
                take_stop();
                return pager_.close(call.query, query_stop(outcome_.stop));
            case NotSent::deadline:
                take_stop();
                return pager_.close(call.query, QueryStop::deadline);
            case NotSent::none:
                break;
        }
        ++done_;
        ++outcome_.calls_by_kind[pager_.query(call.query).kind];
        const auto& response = answer.response;
        // A transfer error after the status line (a cut connection, a timeout mid-body, a body
        // over the cap) leaves a fragment: never parsed as a page.
        if (!response.complete()) return fail(call, answer.describe());
        if (response.status != 200) {
            // An answer that stopped Browse (429 quota, 403 access, 401 after a fresh token)
            // ends its query with the night's reason; it is not a failed page.
            if (client_.stop_of(EbayApi::browse).reason != StopReason::none) {
                --done_;
                take_stop();
                return pager_.close(call.query, query_stop(outcome_.stop));
            }
            if (pager_.query(call.query).kind == QueryKind::item_group &&
                group_not_served(call, answer)) {
                return;
            }
            return fail(call, answer.describe());
        }
        auto page = parser_.parse(response.body, config_.search.marketplace.currency);
        if (page.listings.empty() && !page.errors.empty()) {
            return fail(call, answer.describe());  // an `errors` body with 200
        }
        if (page.listings.empty() && page.skips.empty() && !page.page_problem.empty()) {
            return fail(call, "HTTP 200 but " + page.page_problem);  // not JSON at all
        }
        const auto& query = pager_.query(call.query);
        if (query.kind == QueryKind::item_group) {
            groups_.remember(query.item_group_id, query.item_group_summary, response.body);
        }
        read_page(call, page, response.body);
    }

    // An item group whose answer an earlier night kept, for a summary that has not changed
    // since: read as if eBay had answered it again tonight. Sent after all when the kept
    // answer is gone or unreadable.
    void replay(const PageCall& call) {
        const auto body = groups_.answer(pager_.query(call.query).item_group_id);
        if (body) {
            auto page = parser_.parse(*body, config_.search.marketplace.currency);
            if (!page.listings.empty() && page.page_problem.empty()) {
                ++outcome_.groups_replayed;
                return read_page(call, page, *body);
            }
        }
        pager_.send_instead(call);
    }

    void read_page(const PageCall& call, SearchPage& page, std::string_view body) {
        const auto& query = pager_.query(call.query);
        const int page_size = pager_.served_size(call, page);
        // A page that ends early (its JSON cut, the items before the cut kept) loses the items
        // it should have held; the run is partial and the query incomplete. Nothing saying how
        // many (no total, no next): one truncated-page-unknown skip.
        const auto lost = items_lost(page, page_size);
        if (!page.page_problem.empty() && is_extra(query.kind)) {
            ++outcome_.extras_failed;  // evidence only: noted, the night is not partial for it
            outcome_.notes.push_back(pager_.call_name(call) + ": " + page.page_problem);
            pager_.mark_truncated(call.query);
        } else if (!page.page_problem.empty()) {
            ++outcome_.pages_truncated;
            outcome_.problems.push_back(
                pager_.call_name(call) + ": " + page.page_problem + "; " +
                (lost ? std::to_string(*lost) + " items lost"
                      : std::string("an unknown number of items lost (no total, no next)")));
            pager_.mark_truncated(call.query);
        }
        for (const auto& warning : page.warnings) {
            outcome_.problems.push_back(pager_.call_name(call) + ": warning " + warning.describe());
            if (is_ignored_input_warning(warning)) {
                pager_.mark_degraded(call.query,
                                     std::to_string(warning.error_id) + " " + warning.message);
            }
        }
        if (const auto fallback = query.fallback_condition()) {
            for (auto& listing : page.listings) {
                if (!listing.condition_id) listing.condition_id = *fallback;
            }
        }
        for (const auto& listing : page.listings) {
            if (!listing.condition_id) unstated_.insert(listing.item_id);
        }
        const auto source =
            query.kind == QueryKind::item_group ? ListingSource::item_group : ListingSource::search;
        for (auto& listing : page.listings) {
            listing.price_flags = price_flags(listing, rules_, source);
        }
        // A variation fetched from its group supersedes the group's summary stored before; an
        // aspect search stores only what its family's search did not (and records the aspect
        // on all), its repeats are no skips.
        writer_.write(page, lost, repeats_of(query.kind), pager_.sent_key(call.query));
        if (query.kind == QueryKind::aspect_filter) record_aspect(query, page);
        pager_.after_page(call, page, body, items_read(page));
        for (const auto& group : pager_.take_replays()) replay(group);
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

    // get_items_by_item_group's documented 400s: 11002 (not found) and 11005 mean the group
    // ended between its search page and now: its summary stays flagged out of the medians, and
    // nothing failed. 11008 (eBay is revising it: "wait a few minutes and try again") goes
    // back once, at the end of the pass.
    bool group_not_served(const PageCall& call, const EbayAnswer& answer) {
        if (answer.has_error(kGroupNotFound) || answer.has_error(kGroupGone)) {
            ++outcome_.groups_gone;
            pager_.close(call.query, QueryStop::gone);
            return true;
        }
        if (answer.has_error(kGroupUnavailable)) {
            if (pager_.requeue(call, 1, requeue_wait(config_.http.retry, 1))) return true;
            ++outcome_.extras_failed;
            outcome_.notes.push_back(pager_.call_name(call) + ": " + answer.describe() +
                                     " twice; its summary stays out of the medians");
            pager_.fail(call.query);
            return true;
        }
        return false;
    }

    // A family page that failed after the client's retries goes back in the queue, behind the
    // other families' pages, a few times with a longer wait; only then does its query fail and
    // the night lose listings. An aspect search or an item group is evidence, never coverage:
    // its failure is noted, and the night is not partial for it.
    void fail(const PageCall& call, const std::string& why) {
        if (is_extra(pager_.query(call.query).kind)) {
            ++outcome_.extras_failed;
            outcome_.notes.push_back(pager_.call_name(call) + ": " + why +
                                     " (evidence only: the night's coverage is whole)");
            return pager_.fail(call.query);
        }
        const auto wait = requeue_wait(config_.http.retry, call.requeued + 1);
        if (pager_.requeue(call, kPageRequeues, wait)) {
            ++outcome_.pages_requeued;
            outcome_.notes.push_back(pager_.call_name(call) + ": " + why +
                                     "; put back in the queue behind the other families, sent "
                                     "again in " +
                                     std::to_string(wait.count() / 1000) + " s");
            return;
        }
        ++outcome_.pages_failed;
        outcome_.problems.push_back(pager_.call_name(call) + ": " + why + " (sent " +
                                    std::to_string(call.requeued + 1) + " times)");
        pager_.fail(call.query);
    }

    void report() {
        if (!progress_) return;
        progress_({done_, pager_.pages_planned(), writer_.totals().seen,
                   budget_.used(Pass::listings), pass_budget_});
    }

    const FetchConfig& config_;
    EbayClient& client_;
    CallBudget& budget_;
    schema::Database& db_;
    RunWriter writer_;
    const ProgressFn& progress_;
    FetchOutcome outcome_;  // before the pager, which writes its notes
    ListingsPager pager_;
    GroupMemory groups_;
    BrowseParser parser_;
    PriceRules rules_;
    std::string aspects_seen_at_;  // one time for the run: a second value the same run is kept
    int pass_budget_;
    schema::Night night_;
    int done_ = 0;
    // Items stored without a condition (no conditionId, no condition name condition_names
    // knows): said once in the run's notes, counted apart on the page (audit D15).
    std::set<std::string> unstated_;
};

}  // namespace

void finish(schema::Database& db, const FetchOutcome& outcome) {
    std::string message;
    for (const auto& line : outcome.notes) message += line + "\n";
    for (const auto& line : outcome.problems) message += line + "\n";
    if (outcome.budget_reached) message += "stopped: the call budget was reached\n";
    if (!outcome.coverage.empty()) schema::store_coverage(db, outcome.run_id, outcome.coverage);
    schema::finish_run(db, outcome.run_id, outcome.status, schema::now_iso(), outcome.calls_used,
                       message);
}

ClientConfig client_config(const FetchConfig& config) {
    ClientConfig client;
    client.endpoints = {config.search.api_base, config.auth_url};
    client.market = config.search.marketplace;
    client.delivery_postal_code = config.delivery_postal_code;
    client.token_cache_path = config.token_cache_path;
    client.token_margin = config.token_margin;
    client.http = config.http;
    client.deadline = config.deadline;
    client.quota_reserve = config.quota_reserve;
    client.max_throttle_wait = config.max_throttle_wait;
    client.token_outage_wait = config.token_outage_wait;
    return client;
}

void open_night(EbayClient& client, const FetchConfig& config, BudgetShares shares) {
    client.ensure_token(EbayApi::browse);
    QuotaReading quota;
    if (config.check_quota) quota = client.read_quota();
    client.set_budget(CallBudget(config.max_calls, quota.quota, config.quota_reserve, shares),
                      quota);
}

FetchOutcome run_fetch(schema::Database& db, const FetchConfig& config, EbayClient& client,
                       schema::Night night, const ProgressFn& progress) {
    auto& budget = *client.budget();
    const auto& quota = client.quota();
    const auto run = schema::begin_run(db, schema::RunSource::ebay, config.search.marketplace,
                                       night, schema::now_iso());
    FetchOutcome outcome;
    if (quota.quota && budget.left(Pass::listings) <= 0) {
        // Nothing to spend: stop before the first search, a partial night with the reason.
        outcome.run_id = run.id();
        outcome.status = schema::RunStatus::partial;
        outcome.stop = StopReason::quota;
        outcome.quota = quota.quota;
        outcome.problems.push_back("stopped: eBay's daily Browse quota has " +
                                   std::to_string(quota.quota->remaining) +
                                   " calls left (reserve " + std::to_string(config.quota_reserve) +
                                   "); it resets at " + quota.quota->reset);
        budget.close(Pass::withheld_check);  // and the listings pass before it: neither ran
        finish(db, outcome);
        return outcome;
    }
    Fetch fetch(db, config, client, run.id(), night, progress);
    try {
        outcome = fetch.run();
    } catch (const std::exception& e) {
        // A database error (disk full) or similar: the pages already committed stay.
        mark_failed(db, run.id(), e.what());
        throw;
    }
    budget.close(Pass::withheld_check);  // and the listings pass, when it stopped before the check
    outcome.quota = quota.quota;
    if (!quota.problem.empty()) {
        outcome.notes.insert(outcome.notes.begin(), "could not read the remaining quota (" +
                                                        quota.problem +
                                                        "); planning within --max-calls");
    }
    if (quota.quota)
        outcome.notes.insert(outcome.notes.begin(), describe_budget(budget, quota.quota));
    finish(db, outcome);
    return outcome;
}

FetchOutcome run_fetch(schema::Database& db, const FetchConfig& config,
                       const Credentials& credentials, schema::Night night,
                       const ProgressFn& progress) {
    EbayClient client(client_config(config), credentials);
    open_night(client, config, {});
    return run_fetch(db, config, client, night, progress);
}

}  // namespace gpuprice::fetcher
