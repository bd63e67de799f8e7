// The listings pass's queries and where each one's paging stands: which page to ask next, and
// what a page read means for its query. Pages are asked one at a time per query; a family
// larger than eBay's 10,000-item cap is split into price bands; paging follows `next` until eBay
// gives none (paging.hpp; eBay's total is only a metric); a family's first page plans its aspect
// searches (aspect_filter.hpp), and every multi-variation listing queues its item group. Which page
// goes next is decided here too: the family with the fewest pages sent so far, so that every
// family's first pages come first and a cut budget shortens the largest families evenly;
// aspect searches and item groups (evidence for the matcher, never coverage) only spend what
// the family searches will not need. No I/O: the fetch sends, reads and stores.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fetcher/aspect_filter.hpp"
#include "fetcher/browse_parser.hpp"
#include "fetcher/paging.hpp"
#include "fetcher/query_plan.hpp"
#include "fetcher/retry_policy.hpp"
#include "fetcher/withheld_windows.hpp"
#include "schema/domain/query_coverage.hpp"

namespace gpuprice::fetcher {

// One page to ask: query `query` (an index into the pager) at `offset`.
struct PageCall {
    std::size_t query = 0;
    std::int64_t offset = 0;
    std::uint64_t order = 0;  // queued first, sent first among equals
    int requeued = 0;         // times it failed and was put back in the queue
    // Sent no sooner than this after it is taken: the longer backoff of a page put back.
    std::chrono::milliseconds wait{0};
    // An item group whose answer an earlier night kept (group_memory.hpp): read from there,
    // not sent.
    bool replay = false;
};

// A page that failed after the client's own retries (a 5xx burst, a network blip of seconds)
// goes back in the queue behind every other family's pages, this many times, each after a
// longer wait; only then does its query fail (audit 3, F3).
inline constexpr int kPageRequeues = 3;
// The wait before a page put back for the `requeued`-th time is sent again: 60 times the
// retry policy's base delay, doubling each time (30 s, 60 s, 120 s by default; none for a
// test's --retry-base-ms 0).
std::chrono::milliseconds requeue_wait(const RetryPolicy& policy, int requeued);

class ListingsPager {
  public:
    // `limit`: the page size to ask (eBay's most, 200); `aspect_splits`: per family, the aspect
    // values to search it under; `expand_variations`: queue get_items_by_item_group for every
    // multi-variation listing.
    ListingsPager(int limit, const std::map<std::string, std::vector<AspectSplit>>& aspect_splits,
                  bool expand_variations, std::vector<std::string>& notes);

    // Whether an item group's answer kept from an earlier night stands for tonight's (the group
    // id, its summary's key): such a group is not sent but handed out by take_replays.
    using GroupReplayable = std::function<bool(const std::string&, const std::string&)>;
    void replay_groups(GroupReplayable replayable) { replayable_ = std::move(replayable); }
    // The item groups queued for replay since the last call.
    std::vector<PageCall> take_replays() { return std::exchange(replays_, {}); }
    // Queues a replayed group to be sent after all (its kept answer could not be read).
    void send_instead(PageCall call);

    // Adds a query and queues its first page. A family search with aspect splits asks its first
    // page for eBay's refinements.
    void add(Query query, const std::string& parent = "");

    // The next page to send, by priority; nullopt when nothing may go now. Aspect searches and
    // item groups go only when `calls_left` exceeds the family search pages still due.
    std::optional<PageCall> take_next(int calls_left);
    bool has_waiting() const { return !ready_.empty(); }
    // Whether everything waiting is an aspect search (whose loss costs evidence, not coverage).
    bool only_aspects_waiting() const;

    const Query& query(std::size_t index) const { return queries_[index].query; }
    int page_size(std::size_t index) const { return queries_[index].paging.limit; }
    // "query 'RTX 3090' offset 200", for messages.
    std::string call_name(const PageCall& call) const;

    // eBay served a page for `call`, already stored: the page's size as eBay answered it (paging
    // goes on at that size), its total, its warnings, and what it means for its query: split
    // into bands, the next page, or the end; the family's aspect searches (planned from
    // `body`'s refinement on its first page) and the item groups of its variations.
    // `items_read`: stored plus skipped.
    void after_page(const PageCall& call, const SearchPage& page, std::string_view body,
                    std::int64_t items_read);
    // The page size to read `page` with: eBay may serve fewer items per page than asked.
    int served_size(const PageCall& call, const SearchPage& page);

    // Marks the query degraded (eBay ignored part of it), truncated (a page was cut) or failed
    // (a page failed): it is not complete.
    void mark_degraded(std::size_t index, const std::string& why);
    void mark_truncated(std::size_t index);
    void fail(std::size_t index);
    // Puts a page that failed back in the queue (behind the other families' pages, after
    // `wait`) while it has been put back fewer than `times` times; false when it may not
    // go again (the caller fails its query).
    bool requeue(const PageCall& call, int times, std::chrono::milliseconds wait);
    // Ends a query's paging with the reason, if still open.
    void close(std::size_t index, schema::QueryStop why);
    // Ends every query still waiting, or still open, with the reason.
    void close_waiting(schema::QueryStop why);
    void close_open(schema::QueryStop why);

    // Family queries (never extras) eBay ignored part of.
    int queries_degraded() const;
    int pages_planned() const { return planned_; }
    // Aspect searches the budget ended (one note for the run).
    int aspects_left_for_budget() const;
    std::vector<schema::QueryCoverage> coverage() const;
    // Query::sent_key of the query, or for an item group of the search that found it: what
    // eBay was asked that returned the query's listings.
    std::string sent_key(std::size_t index) const;

  private:
    struct QueryState {
        Query query;
        schema::QueryCoverage coverage;
        std::vector<std::size_t> children;  // price bands split from it
        int dispatched = 0;                 // pages sent for it
        Paging paging;  // the page size asked (the configured one until eBay serves fewer)
        std::optional<std::int64_t> lowest_total;  // of its pages' totals: see paging.hpp
        // Its pages' creation-date spans, whether they came newest first, the last date seen
        // (fetcher/withheld_windows.hpp), and the item groups of its multi-variation summaries.
        PagedQuery paged;
        std::string last_created;
        std::vector<std::string> variation_groups;
        std::optional<std::size_t> parent;  // an item group's search
        bool open() const { return coverage.stopped == schema::QueryStop::open; }
    };

    void enqueue(std::size_t index, std::int64_t offset);
    std::size_t add_state(Query query, const std::string& parent);
    int family_pages(const std::string& family) const;
    int search_pages_due() const;
    const std::vector<AspectSplit>* splits_of(const Query& query) const;
    void split_or_next(const PageCall& call, const SearchPage& page, std::int64_t returned);
    void record_total_gap(std::size_t index);
    Query extra_of(std::size_t index, QueryKind kind) const;
    void plan_aspect_searches(std::size_t index, std::string_view body);
    void expand_variations(std::size_t index, const SearchPage& page);
    void record_span(QueryState& state, const SearchPage& page, std::int64_t items_read);
    std::optional<std::int64_t> variation_excess(const QueryState& state) const;
    bool complete(std::size_t index) const;

    int limit_;
    const std::map<std::string, std::vector<AspectSplit>>& aspect_splits_;
    bool expand_variations_;
    std::vector<std::string>& notes_;
    std::deque<QueryState> queries_;  // a deque: adding a query keeps references valid
    std::vector<PageCall> ready_;
    std::map<std::string, int> dispatched_by_family_;
    std::map<std::string, int> searching_;  // open family searches (not extras) per family
    std::set<std::string> groups_;          // item groups queued
    std::map<std::string, std::int64_t> group_sizes_;  // item groups read: their variations
    GroupReplayable replayable_;
    std::vector<PageCall> replays_;
    std::set<std::size_t> degraded_, truncated_, failed_;
    std::uint64_t next_order_ = 0;
    int planned_ = 0;
};

// Aspect searches and variation groups: evidence for the matcher, never coverage.
bool is_extra(QueryKind kind);

// "3 multi-variation summaries among the items, 12 withheld by short pages": what may explain
// a query's gap between eBay's total and the items its pages served.
std::string explain_gap(const schema::QueryCoverage& coverage);

}  // namespace gpuprice::fetcher
