#include "fetcher/listings_pager.hpp"

#include <algorithm>

#include "fetcher/group_memory.hpp"
#include "fetcher/price_rules.hpp"

namespace gpuprice::fetcher {

using schema::QueryStop;

namespace {

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

}  // namespace

std::chrono::milliseconds requeue_wait(const RetryPolicy& policy, int requeued) {
    return policy.base_delay * 60 * (1 << std::clamp(requeued - 1, 0, 8));
}

bool is_extra(QueryKind kind) {
    return kind == QueryKind::item_group || kind == QueryKind::aspect_filter;
}

ListingsPager::ListingsPager(int limit,
                             const std::map<std::string, std::vector<AspectSplit>>& aspect_splits,
                             bool expand_variations, std::vector<std::string>& notes)
    : limit_(limit),
      aspect_splits_(aspect_splits),
      expand_variations_(expand_variations),
      notes_(notes) {}

const std::vector<AspectSplit>* ListingsPager::splits_of(const Query& query) const {
    const auto it = aspect_splits_.find(query.family);
    return it == aspect_splits_.end() || it->second.empty() ? nullptr : &it->second;
}

void ListingsPager::add(Query query, const std::string& parent) {
    enqueue(add_state(std::move(query), parent), 0);
}

std::size_t ListingsPager::add_state(Query query, const std::string& parent) {
    if (query.kind == QueryKind::search && parent.empty()) {
        query.refinements = splits_of(query) != nullptr;
    }
    QueryState state;
    state.coverage.query = query.key();
    state.coverage.kind = query.kind;
    state.coverage.family = query.family;
    state.coverage.parent = parent;
    state.paging.limit = limit_;
    if (!is_extra(query.kind)) ++searching_[query.family];
    state.query = std::move(query);
    queries_.push_back(std::move(state));
    return queries_.size() - 1;
}

void ListingsPager::send_instead(PageCall call) {
    call.replay = false;
    ++planned_;
    ready_.push_back(call);
}

void ListingsPager::enqueue(std::size_t index, std::int64_t offset) {
    ++planned_;
    ready_.push_back(PageCall{index, offset, next_order_++});
}

int ListingsPager::family_pages(const std::string& family) const {
    const auto it = dispatched_by_family_.find(family);
    return it == dispatched_by_family_.end() ? 0 : it->second;
}

// Search pages still to come, by each open query's `total` (1 for a first page not sent).
int ListingsPager::search_pages_due() const {
    int due = 0;
    for (const auto& q : queries_) {
        if (!q.open() || is_extra(q.query.kind)) continue;
        if (!q.coverage.total) {
            due += q.dispatched == 0 ? 1 : 0;
            continue;
        }
        const auto reachable = std::min(*q.coverage.total, kMaxReachableItems);
        due += std::max(
            0, static_cast<int>((reachable + q.paging.limit - 1) / q.paging.limit) - q.dispatched);
    }
    return due;
}

std::optional<PageCall> ListingsPager::take_next(int calls_left) {
    const auto extra = [this](const PageCall& c) { return is_extra(queries_[c.query].query.kind); };
    // An aspect search waits for its family's searches to end: it then finds (and stores) only
    // what they missed, and its repeats of theirs are no skips (Repeats::ignore), where going
    // first it would make their pages count its listings as duplicates.
    const auto waits = [this](const PageCall& c) {
        const auto& query = queries_[c.query].query;
        if (query.kind != QueryKind::aspect_filter) return false;
        const auto it = searching_.find(query.family);
        return it != searching_.end() && it->second > 0;
    };
    // Family search pages first, then family pages put back after failing (behind every other
    // family's), then extras, then extras put back (an item group eBay was revising).
    const auto tier = [&extra](const PageCall& c) {
        return (extra(c) ? 2 : 0) + (c.requeued > 0 ? 1 : 0);
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
        if (tier(a) != tier(b)) {
            if (tier(a) < tier(b)) best = i;
            continue;
        }
        const auto pa = family_pages(queries_[a.query].query.family);
        const auto pb = family_pages(queries_[b.query].query.family);
        if (pa < pb || (pa == pb && a.order < b.order)) best = i;
    }
    if (!best) return std::nullopt;
    if (extra(ready_[*best]) && calls_left <= search_pages_due()) return std::nullopt;
    const auto call = ready_[*best];
    ready_.erase(ready_.begin() + static_cast<long>(*best));
    auto& state = queries_[call.query];
    ++dispatched_by_family_[state.query.family];
    ++state.dispatched;
    return call;
}

bool ListingsPager::only_aspects_waiting() const {
    return std::all_of(ready_.begin(), ready_.end(), [this](const PageCall& c) {
        return queries_[c.query].query.kind == QueryKind::aspect_filter;
    });
}

std::string ListingsPager::call_name(const PageCall& call) const {
    return "query '" + queries_[call.query].coverage.query + "' offset " +
           std::to_string(call.offset);
}

// eBay may serve fewer items per page than asked and says so in the page's `limit` (Browse
// search: "the value of the limit parameter ... the maximum number of items to return on a
// page"). Paging goes on from offset + that size, asking for that size, so nothing between the
// pages is skipped and the offsets stay multiples of the limit asked as eBay requires (12515)
// when the smaller size divides the offsets so far (50 does 200; should it not, the next page
// fails with eBay's error, said). A larger or invalid `limit` is ignored. An item group is one
// call whatever it says.
int ListingsPager::served_size(const PageCall& call, const SearchPage& page) {
    auto& state = queries_[call.query];
    if (state.query.kind == QueryKind::item_group) return state.paging.limit;
    if (auto note = follow_served_size(state.paging, page.limit, call_name(call), "items")) {
        notes_.push_back(std::move(*note));
    }
    if (auto note =
            unbelieved_total(state.paging, page.total, page.total_problem, call_name(call))) {
        notes_.push_back(std::move(*note));
        state.coverage.warnings += "invalid total; ";
    }
    return state.paging.limit;
}

void ListingsPager::after_page(const PageCall& call, const SearchPage& page, std::string_view body,
                               std::int64_t items_read) {
    auto& state = queries_[call.query];
    if (state.query.kind == QueryKind::search || state.query.kind == QueryKind::price_band ||
        state.query.kind == QueryKind::other_category) {
        expand_variations(call.query, page);
    }
    if (state.query.refinements && call.offset == 0) plan_aspect_searches(call.query, body);
    // (Queries added meanwhile leave `state` valid: the deque keeps references.)
    if (state.query.kind == QueryKind::item_group) {
        group_sizes_[state.query.item_group_id] = items_read;
    } else if (!is_extra(state.query.kind)) {
        record_span(state, page, items_read);
    }
    state.coverage.pages += 1;
    state.coverage.items += static_cast<int>(items_read);
    state.coverage.variation_summaries += static_cast<int>(
        std::count_if(page.listings.begin(), page.listings.end(),
                      [](const auto& l) { return l.item_group_type == kVariationsGroupType; }));
    if (!page.next.empty() && items_read < state.paging.limit && page.page_problem.empty()) {
        state.coverage.short_page_deficit += static_cast<int>(state.paging.limit - items_read);
    }
    if (call.offset == 0) state.coverage.total = page.total;
    if (page.total && (!state.lowest_total || *page.total < *state.lowest_total)) {
        state.lowest_total = page.total;
    }
    split_or_next(call, page, items_read);
}

// A search page's place in its query's creation order (newlyListed: newest first), and the item
// groups of its multi-variation summaries, whose sizes may explain eBay's total.
void ListingsPager::record_span(QueryState& state, const SearchPage& page,
                                std::int64_t items_read) {
    PageSpan span;
    span.items = items_read;
    span.short_with_next =
        !page.next.empty() && items_read < state.paging.limit && page.page_problem.empty();
    for (const auto& listing : page.listings) {
        if (listing.item_group_type == kVariationsGroupType)
            state.variation_groups.push_back(listing.item_group_id);
        const auto& created = listing.created_at;
        if (created.empty()) continue;
        if (!state.last_created.empty() && created > state.last_created)
            state.paged.in_creation_order = false;
        state.last_created = created;
        if (!span.newest) span.newest = created;
        span.oldest = created;
    }
    state.paged.pages.push_back(std::move(span));
}

std::optional<std::int64_t> ListingsPager::variation_excess(const QueryState& state) const {
    std::int64_t excess = 0;
    for (const auto& id : state.variation_groups) {
        const auto size = id.empty() ? group_sizes_.end() : group_sizes_.find(id);
        if (size == group_sizes_.end()) return std::nullopt;  // gone, failed or not asked
        excess += std::max<std::int64_t>(0, size->second - 1);
    }
    return excess;
}

// After a page: split the query into price bands, ask for the next page, or end paging.
void ListingsPager::split_or_next(const PageCall& call, const SearchPage& page,
                                  std::int64_t returned) {
    auto& state = queries_[call.query];
    const int limit = state.paging.limit;
    if (state.query.kind == QueryKind::item_group) return close(call.query, QueryStop::last_page);
    // Only a first page with `next` backs a total over the cap: an absurd total (10^9 on a few
    // hundred listings) would otherwise split band after band down to single prices. A short
    // first page with `next` splits too: eBay serves short pages mid-result, and a family over
    // 10,000 that is not split is capped (audit 3, F4).
    if (call.offset == 0 && page.total && *page.total > kMaxReachableItems &&
        state.query.kind != QueryKind::aspect_filter && !page.next.empty()) {
        const auto split = median_price(page.listings);
        const auto bands = split ? split_band(state.query.band, *split) : std::nullopt;
        if (bands) {
            notes_.push_back("query '" + state.coverage.query + "' matches " +
                             std::to_string(*page.total) +
                             " listings, more than eBay serves: split at price " +
                             band_text({split, std::nullopt}));
            const auto parent = state.coverage.query;
            const auto base = state.query;
            close(call.query, QueryStop::split);
            for (const auto& band : {bands->first, bands->second}) {
                Query child = base;
                child.kind = QueryKind::price_band;
                child.refinements = false;  // the parent's first page had them
                child.band = band;
                queries_[call.query].children.push_back(queries_.size());
                add(child, parent);
            }
            return;
        }
    }
    if (!more_pages(call.offset, limit, returned, !page.next.empty(), page.total,
                    !page.page_problem.empty())) {
        record_total_gap(call.query);
        return close(call.query, QueryStop::last_page);
    }
    if (call.offset + 2 * limit > kMaxReachableItems) {
        notes_.push_back("query '" + state.coverage.query +
                         "' reached eBay's 10,000-item cap and could not be split");
        return close(call.query, QueryStop::cap);
    }
    enqueue(call.query, call.offset + limit);
}

// Paging ended (eBay gave no `next`) with fewer items than eBay's total: eBay's total counts
// what its pages do not serve (variations, items withheld by short pages). The query is still
// complete (every page fetched, none failed or cut, no `next` left): the gap is recorded as a
// metric and said in the night's notes with what explains it.
void ListingsPager::record_total_gap(std::size_t index) {
    auto& state = queries_[index];
    const auto items = static_cast<std::int64_t>(state.coverage.items);
    const auto short_by = items_short_of_total(state.lowest_total, items);
    if (!short_by || is_extra(state.query.kind)) return;
    state.coverage.total_gap = *short_by;
    notes_.push_back("query '" + state.coverage.query + "': eBay's total said " +
                     std::to_string(*state.lowest_total) + " listings, its pages served " +
                     std::to_string(items) + " and ended without next (a gap of " +
                     std::to_string(*short_by) + "; " + explain_gap(state.coverage) + ")");
}

std::string explain_gap(const schema::QueryCoverage& coverage) {
    return std::to_string(coverage.variation_summaries) +
           " multi-variation summaries among the items, " +
           std::to_string(coverage.short_page_deficit) + " withheld by short pages";
}

// An extra query of the family searched by query `index`: its family, q and conditions, the
// rest (the aspect, the item group) for the caller to set.
Query ListingsPager::extra_of(std::size_t index, QueryKind kind) const {
    const auto& family = queries_[index].query;
    Query q;
    q.kind = kind;
    q.family = family.family;
    q.keywords = family.keywords;
    q.conditions = family.conditions;
    return q;
}

// After a family's first page: one search per aspect value its refinement says some listing
// has tonight, in eBay's own spellings. Without the aspect in the refinement, an exact value is
// searched as the catalog spells it and a prefix is skipped (its spellings are unknown).
void ListingsPager::plan_aspect_searches(std::size_t index, std::string_view body) {
    const auto* splits = splits_of(queries_[index].query);
    if (!splits) return;
    const auto refinement = parse_aspect_refinements(body);
    for (const auto& split : *splits) {
        auto spellings = refinement_spellings(split, refinement);
        if (!spellings) {
            if (split.prefix) continue;
            spellings = std::vector<std::string>{split.value};
        }
        if (spellings->empty()) continue;  // no listing has the value tonight
        auto q = extra_of(index, QueryKind::aspect_filter);
        q.aspect = split.aspect;
        q.aspect_spellings = std::move(*spellings);
        q.aspect_value = split.value;
        add(q, queries_[index].coverage.query);
    }
}

// Queues get_items_by_item_group for each multi-variation listing not queued yet; a group whose
// answer an earlier night kept for the same summary is handed out for replay instead.
void ListingsPager::expand_variations(std::size_t index, const SearchPage& page) {
    if (!expand_variations_) return;
    for (const auto& listing : page.listings) {
        if (listing.item_group_type != kVariationsGroupType || listing.item_group_id.empty() ||
            !groups_.insert(listing.item_group_id).second) {
            continue;
        }
        auto group = extra_of(index, QueryKind::item_group);
        group.item_group_id = listing.item_group_id;
        group.item_group_summary = group_summary_key(listing);
        if (replayable_ && replayable_(group.item_group_id, group.item_group_summary)) {
            const auto added = add_state(std::move(group), queries_[index].coverage.query);
            queries_[added].parent = index;
            replays_.push_back(PageCall{added, 0, next_order_++, 0, {}, true});
            continue;
        }
        add(group, queries_[index].coverage.query);
        queries_.back().parent = index;
    }
}

void ListingsPager::mark_degraded(std::size_t index, const std::string& why) {
    degraded_.insert(index);
    queries_[index].coverage.warnings += why + "; ";
}

void ListingsPager::mark_truncated(std::size_t index) {
    truncated_.insert(index);
    queries_[index].coverage.warnings += "truncated page; ";
}

void ListingsPager::fail(std::size_t index) {
    failed_.insert(index);
    close(index, QueryStop::error);
}

bool ListingsPager::requeue(const PageCall& call, int times, std::chrono::milliseconds wait) {
    if (call.requeued >= times || !queries_[call.query].open()) return false;
    auto again = call;
    ++again.requeued;
    again.wait = wait;
    again.order = next_order_++;
    --queries_[call.query].dispatched;  // the page is still due
    ready_.push_back(again);
    return true;
}

void ListingsPager::close(std::size_t index, QueryStop why) {
    auto& state = queries_[index];
    if (!state.open()) return;
    state.coverage.stopped = why;
    if (!is_extra(state.query.kind)) --searching_[state.query.family];
}

void ListingsPager::close_waiting(QueryStop why) {
    for (const auto& call : ready_) close(call.query, why);
    ready_.clear();
}

void ListingsPager::close_open(QueryStop why) {
    for (std::size_t i = 0; i < queries_.size(); ++i) close(i, why);
}

int ListingsPager::queries_degraded() const {
    return static_cast<int>(std::count_if(degraded_.begin(), degraded_.end(), [this](auto i) {
        return !is_extra(queries_[i].query.kind);
    }));
}

int ListingsPager::aspects_left_for_budget() const {
    return static_cast<int>(std::count_if(queries_.begin(), queries_.end(), [](const auto& q) {
        return q.query.kind == QueryKind::aspect_filter && q.coverage.stopped == QueryStop::budget;
    }));
}

bool ListingsPager::complete(std::size_t index) const {
    const auto& state = queries_[index];
    if (degraded_.contains(index) || truncated_.contains(index) || failed_.contains(index)) {
        return false;
    }
    if (state.coverage.stopped == QueryStop::split) {
        return std::all_of(state.children.begin(), state.children.end(),
                           [this](std::size_t child) { return complete(child); });
    }
    return state.coverage.stopped == QueryStop::last_page;
}

std::vector<schema::QueryCoverage> ListingsPager::coverage() const {
    std::vector<schema::QueryCoverage> rows;
    for (std::size_t i = 0; i < queries_.size(); ++i) {
        const auto& state = queries_[i];
        auto row = state.coverage;
        row.complete = complete(i);
        row.sent = sent_key(i);
        if (!is_extra(state.query.kind) && !state.paged.pages.empty()) {
            auto paged = state.paged;
            // A query split into bands ended on no last page of its own.
            paged.last_page_suspect =
                state.coverage.stopped == QueryStop::last_page &&
                !total_accounted(row.total_gap, row.short_page_deficit, variation_excess(state));
            row.withheld = withheld_windows(paged);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::string ListingsPager::sent_key(std::size_t index) const {
    const auto& state = queries_[index];
    if (state.query.kind == QueryKind::item_group && state.parent)
        return queries_[*state.parent].query.sent_key();
    return state.query.sent_key();
}

}  // namespace gpuprice::fetcher
