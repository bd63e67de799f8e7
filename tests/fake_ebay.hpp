// A fake eBay on 127.0.0.1 (an ephemeral port) that speaks the real Browse API and OAuth JSON:
// the token endpoint checks Basic auth and issues expiring tokens; the search endpoint checks
// the bearer token, the marketplace header and the filter, pages by offset with `total` and
// `next`, and enforces eBay's offset rules. Faults can be queued per search request.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

// cpp-httplib stays in fake_ebay.cpp: parsing it in every test file that starts a fake cost more
// compile time than any other header of the tests.
namespace httplib {
class Server;
struct Request;
struct Response;
}  // namespace httplib

namespace gpuprice::test {

enum class Fault {
    RateLimited,              // 429 with Retry-After: 1 and no eBay body (a passing throttle)
    RateLimitedNoRetryAfter,  // the same without Retry-After
    QuotaExhausted,           // the daily quota is spent from now on: 429, eBay's 2001 body
    AccessDenied,             // 403 with eBay's 1100 body (a token without the Browse scope)
    FilterWarning,            // 200 with a 12002 warning: eBay ignored a filter value
    ServerError,              // 500
    ExpireToken,              // revoke every token, then answer 401 (error 1001)
    RevokeClient,             // as ExpireToken, and refuse the client credentials from now on
    Truncated,                // 200 with the JSON cut in half
    TruncatedNoTotal,         // the same, on a page without `total` (nor `next` on the last)
    ErrorsBody200,            // 200 with an `errors` body
    Stall,                    // send half the body, then stall until the client gives up
    Slow,                     // answer after `slow_ms`
    NotJson,                  // 200 with an HTML error page
    GzipBomb,                 // 200, Content-Encoding gzip: 130 KB that inflate to 128 MB
    NeverEnding,              // 200, chunked, 1 MB chunks until the client hangs up
    CutBody,                  // 200 with the whole page's Content-Length, 60% sent, closed
    Slowloris,                // 200 with Content-Length, then 10 bytes a second
    ShortLimit,               // serves at most 50 items per page and answers "limit":50
    BadTotal,                 // `total` is `bad_total` verbatim (next and items stay right)
    Burst,  // 429 with eBay's 2001 body and Retry-After: 1, the daily quota not spent (a burst)
};

// How Marketplace Insights refuses a keyset or a request (its specification's error ids).
enum class InsightsDenial {
    none,
    access_denied,     // 403, errorId 1100 (as Browse does)
    no_permission,     // 400, errorId 100017 "Insufficient permissions to use this API"
    category_refused,  // 409, errorId 100015 "The category {categoryId} is not supported"
    // 409, errorId 100005 "Currently, the {marketplaceId} marketplace is not supported"
    marketplace_refused,
};

// How Marketplace Insights joins the words of q: as its specification says (a comma ANDs, a space
// ORs), or as Browse does (a space ANDs; a comma is part of a word, which no title holds).
enum class InsightsKeywords { comma_and, space_and };

// Fault::BadTotal's totals that are not a count: negative, floats, a string, null, beyond int64, an
// object. The fetches must page past each of them.
inline const std::vector<std::string> kInvalidTotals = {
    "-5", "1e20", "440.0", R"("440")", "null", "18446744073709551615", R"({"a":1})"};

struct FakeItem {
    std::string item_id;
    std::string title;
    std::string price = "500.00";
    std::string currency = "USD";
    // Empty: the summary carries no conditionId, only its condition name (audit D15).
    std::string condition_id = "3000";
    // eBay's condition name; empty: the English name eBay gives condition_id (none for an id
    // the fake does not know).
    std::string condition;
    std::string country = "US";
    std::string category = "27386";  // its leaf category: a search in another one misses it
    // FIXED or CALCULATED. A CALCULATED cost is only filled in when the request says where the
    // buyer is (X-EBAY-C-ENDUSERCTX), as eBay estimates it; empty: no cost at all.
    std::string shipping_type = "FIXED";
    std::string shipping_cost = "0.00";
    std::string group_id;  // set: a SELLER_DEFINED_VARIATIONS summary of this item group
    std::string aspects;   // variations only: localizedAspects JSON array
    // Variations only: estimatedAvailabilities[0] as eBay sends it (IN_STOCK, LIMITED_STOCK,
    // OUT_OF_STOCK) and its quantity.
    std::string availability = "IN_STOCK";
    int available_quantity = 3;
    // The item's aspects as eBay holds them, for aspect_filter searches and the refinement of
    // fieldgroups=ASPECT_REFINEMENTS; an aspect the item lacks counts as "Not Specified".
    std::vector<std::pair<std::string, std::string>> specifics;
    std::int64_t feedback_score = 512;
    std::string feedback_pct = "99.8";
    std::string raw;  // if set, served verbatim instead of a generated ItemSummary
    // eBay's itemCreationDate; empty: 2026-11-20T10:00:00.000Z. sort=newlyListed serves the
    // newest first (items of one date in the stored order).
    std::string created_at;
    // Set (ISO 8601): a market item that ended then. Searches no longer serve it; getItem still
    // answers 200 with this itemEndDate and OUT_OF_STOCK, as eBay may for an ended listing.
    std::string ended_at;
};

// A generated ItemSummary (or, with `as_group_item`, an Item of an item group) in eBay's shape.
// Without `buyer_context`, CALCULATED shipping comes without a cost.
std::string item_json(const FakeItem& item, bool buyer_context = true, bool as_group_item = false);

// A sold item as Marketplace Insights serves it (ItemSales).
struct FakeSale {
    std::string item_id;
    std::string title;
    std::string price = "500.00";  // lastSoldPrice
    std::string currency = "USD";
    std::string condition_id = "3000";
    std::string sold_at = "2026-11-20T18:30:00.000Z";  // lastSoldDate
    int quantity = 1;
    std::string buying_options = R"("FIXED_PRICE")";  // the JSON array's contents
    std::string country = "US";
    std::string item_group_type;
    int feedback_score = 512;
};
std::string sale_json(const FakeSale& sale);

class FakeEbay {
  public:
    FakeEbay();
    ~FakeEbay();

    std::string api_base() const;
    std::string token_url() const;

    // Items returned for a search term (q), in order; `claimed_total` overrides `total`.
    void set_items(const std::string& term, std::vector<FakeItem> items,
                   std::int64_t claimed_total = -1);
    // A whole market: a search term with no items of its own (set_items) returns every market
    // item whose title holds all of the term's words, as eBay ANDs them. getItem answers for the
    // market's items (200, IN_STOCK), and for an item an earlier market held and this one does
    // not (sold, ended) 404 with errorId 11001, as eBay answers for a listing it no longer
    // serves.
    void set_market(std::vector<FakeItem> items);
    // Taxonomy (default tree per marketplace, getCategorySubtree, getCategorySuggestions): the
    // leaf "Graphics/Video Cards" has this id (27386 as on EBAY_US unless set); its parent
    // 175673 "Computer Components & Parts" is not a leaf; any other id answers 400.
    void set_graphics_category(int id);
    // The variations get_items_by_item_group returns for a group.
    void set_item_group(const std::string& group_id, std::vector<FakeItem> variations);
    // The group ended: get_items_by_item_group answers 400 errorId 11002 (its summary may still
    // be served by a search made before).
    void remove_item_group(const std::string& group_id);
    // The next `times` calls for the group answer 400 errorId 11008 (eBay revising it).
    void set_item_group_unavailable(const std::string& group_id, int times);
    // The next `times` token requests answer HTTP 503 (the identity endpoint down).
    void fail_token_requests(int times);
    // Search `total` counts every variation of a multi-variation listing (eBay: total "could
    // vary based on the number of listings with variations"); `next` and the items served stay
    // those of the listings.
    void set_total_counts_variations(bool on);
    // getItem (/item/{item_id}): the item's localizedAspects array contents (JSON objects, may be
    // empty for an item without aspects). Items not set answer 404 (errorId 11001), as an ended
    // or removed item does.
    void set_item_details(const std::string& item_id, std::string localized_aspects);
    // An ended item answers a bare 404 (as a proxy or an older API might) instead of the
    // documented 400 with errorId 11001.
    void set_ended_item_404(bool on);
    // Faults applied to the next search requests, one each, in order.
    void queue_faults(std::initializer_list<Fault> faults);
    // Faults for the next getItem requests (ExpireToken, ServerError), one each, in order.
    void queue_item_faults(std::initializer_list<Fault> faults);
    // Every Browse call answers 401 (errorId 1001) whatever the token: a keyset of one
    // environment (the sandbox) against the other's API.
    void set_reject_tokens(bool reject);
    // Tokens asked for this scope's last part ("buy.marketplace.insights") answer HTTP 500.
    void set_token_error_for(const std::string& scope_suffix);
    // The clock tokens expire by (default: the steady clock), and a function called at the
    // start of every search, getItem and item-group request (default: none): a test advances
    // its own clock there to run a night's hours in milliseconds.
    void set_clock(std::function<std::chrono::steady_clock::time_point()> now);
    void set_on_request(std::function<void()> hook);
    // While held, every search waits before it answers: a test holds a fetch in the middle of
    // its run without sleeping.
    void hold_searches(bool hold);
    int searches_started() const { return searches_started_; }
    // Faults for the next requests of one search term only.
    void queue_faults_for(const std::string& term, std::initializer_list<Fault> faults);
    void set_delay(std::chrono::milliseconds delay);  // for every search response
    void set_token_lifetime(std::chrono::seconds lifetime);
    // The daily Browse quota: after this many search calls every search answers 429/2001, and
    // getRateLimits reports what is left. Negative: no quota (the default).
    void set_daily_quota(int calls);
    // Every `every`-th page of every search (pages 3, 6, 9... for 3) holds `short_by` items fewer
    // than its limit, yet keeps `next` and `total`: the items it leaves out are never served, as
    // eBay serves short pages mid-result. 0: every page is whole (the default).
    void set_short_pages(int every, int short_by);
    // Without sort=newlyListed, eBay's Best Match order re-ranks between calls: the fake
    // reshuffles each call's order (seeded by the call count) when this is on.
    void set_best_match_shifts(bool shifts);

    // Marketplace Insights: whether the keyset has the scope (else the token endpoint answers
    // invalid_scope), whether the API then still denies access (403, errorId 1100), and the sales
    // served per search term.
    void set_insights(bool granted, bool api_denied = false);
    void set_insights_denial(InsightsDenial denial);
    // Marketplace Insights' own daily quota in getRateLimits (apiName "marketplace_insights",
    // resource buy.marketplace.insights): `calls` a day, less the sold searches served; -1
    // (the default): not listed, as for a keyset without the Limited Release.
    void set_insights_quota(int calls);
    // Sales served for a family term ("RTX 3080"): a q whose words, joined as the keyword rule
    // says, are the term's; a q the rule reads as an OR gets every sale holding any of its words.
    void set_sales(const std::string& term, std::vector<FakeSale> sales);
    void set_insights_keywords(InsightsKeywords rule);
    std::vector<std::string> sold_queries_seen() const;  // each sold search's q, decoded
    // Faults applied to the next sold searches, one each, in order (ShortLimit, BadTotal).
    void queue_sold_faults(std::initializer_list<Fault> faults);
    int sold_calls() const { return sold_calls_; }
    std::vector<std::string> sold_filters_seen() const;
    std::vector<std::int64_t> sold_offsets_requested() const;

    int token_calls() const { return token_calls_; }
    int search_calls() const { return search_calls_; }
    int rate_limit_calls() const { return rate_limit_calls_; }
    int taxonomy_calls() const { return taxonomy_calls_; }
    int item_group_calls() const { return item_group_calls_; }
    int item_calls() const { return item_calls_; }
    std::set<std::string> end_user_contexts() const;
    int unauthorized_calls() const { return unauthorized_calls_; }
    std::vector<std::int64_t> offsets_requested() const;
    std::set<std::string> marketplaces_seen() const;
    std::set<std::string> user_agents_seen() const;  // of the search requests
    std::vector<std::string> filters_seen() const;
    // Per search request, its aspect_filter and fieldgroups parameters ("" when absent).
    std::vector<std::string> aspect_filters_seen() const;
    std::vector<std::string> fieldgroups_seen() const;

    const std::string client_id = "test-client-id";
    const std::string client_secret = "s3cr3t-test-secret-value";
    int slow_ms = 300;
    std::string bad_total = "-5";  // Fault::BadTotal's JSON: "1e20", R"("440")", "null", ...

  private:
    void handle_token(const httplib::Request& req, httplib::Response& res);
    void handle_search(const httplib::Request& req, httplib::Response& res);
    void handle_rate_limits(const httplib::Request& req, httplib::Response& res);
    void handle_taxonomy(const httplib::Request& req, httplib::Response& res);
    void handle_item_group(const httplib::Request& req, httplib::Response& res);
    void handle_item(const httplib::Request& req, httplib::Response& res);
    void answer_market_item(const FakeItem& item, bool buyer_context, httplib::Response& res);
    bool token_valid(const std::string& authorization);
    std::chrono::steady_clock::time_point now() const;
    void request_started();
    // The 429/2001 answer once the daily quota is spent (true), for search, groups and getItem.
    bool quota_spent_now();
    void handle_sold(const httplib::Request& req, httplib::Response& res);
    std::vector<FakeSale> sales_for(const std::string& q) const;  // under mutex_

    std::unique_ptr<httplib::Server> server_;
    std::thread thread_;
    int port_ = 0;
    mutable std::mutex mutex_;
    mutable std::mutex clock_mutex_;  // clock_ and on_request_
    struct Listing {
        std::vector<FakeItem> items;
        std::int64_t claimed_total = -1;
    };
    std::map<std::string, Listing> by_term_;
    std::deque<Fault> faults_;
    std::map<std::string, std::deque<Fault>> term_faults_;
    std::deque<Fault> sold_faults_;
    std::vector<std::int64_t> sold_offsets_;
    std::map<std::string, std::chrono::steady_clock::time_point> tokens_;
    std::deque<Fault> item_faults_;
    bool reject_tokens_ = false;
    std::string token_error_for_;
    std::function<std::chrono::steady_clock::time_point()> clock_;
    std::function<void()> on_request_;
    bool held_ = false;
    std::condition_variable released_;
    std::atomic<int> searches_started_{0};
    InsightsDenial insights_denial_ = InsightsDenial::none;
    std::chrono::seconds token_lifetime_{7200};
    std::chrono::milliseconds delay_{0};
    std::vector<std::int64_t> offsets_;
    std::set<std::string> marketplaces_;
    std::set<std::string> user_agents_;
    std::vector<std::string> filters_;
    std::vector<std::string> aspect_filters_;
    std::vector<std::string> fieldgroups_;
    std::atomic<int> token_calls_{0};
    std::atomic<int> search_calls_{0};
    std::atomic<int> rate_limit_calls_{0};
    std::atomic<int> taxonomy_calls_{0};
    std::atomic<int> graphics_category_{27386};
    std::atomic<int> item_group_calls_{0};
    std::atomic<int> item_calls_{0};
    std::map<std::string, std::string> item_details_;
    std::map<std::string, std::vector<FakeItem>> groups_;
    std::map<std::string, int> groups_unavailable_;
    int token_failures_ = 0;
    bool total_counts_variations_ = false;
    std::vector<FakeItem> market_;
    std::map<std::string, std::size_t> market_ids_;  // item id -> its place in market_
    std::set<std::string> left_market_;              // ids an earlier market held, not this one
    std::map<std::string, std::vector<std::size_t>> market_index_;  // term -> its items
    std::set<std::string> end_user_contexts_;
    std::atomic<int> unauthorized_calls_{0};
    int daily_quota_ = -1;
    int insights_quota_ = -1;
    bool quota_spent_ = false;
    bool best_match_shifts_ = true;
    int short_every_ = 0;
    int short_by_ = 0;
    std::atomic<bool> stopping_{false};
    std::atomic<bool> client_revoked_{false};
    // Marketplace Insights.
    bool insights_granted_ = false;
    bool insights_api_denied_ = false;
    std::set<std::string> insights_tokens_;
    std::map<std::string, std::vector<FakeSale>> sales_;
    std::vector<std::string> sold_filters_;
    std::vector<std::string> sold_queries_;
    InsightsKeywords insights_keywords_ = InsightsKeywords::comma_and;
    bool ended_item_404_ = false;
    std::atomic<int> sold_calls_{0};
};

}  // namespace gpuprice::test
