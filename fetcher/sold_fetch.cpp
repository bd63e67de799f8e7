#include "fetcher/sold_fetch.hpp"

#include <simdjson.h>

#include <algorithm>

#include "fetcher/insights_parser.hpp"
#include "fetcher/oauth_client.hpp"
#include "fetcher/paging.hpp"
#include "fetcher/url.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/price_flags.hpp"
#include "schema/store/listing_store.hpp"
#include "schema/store/sold_store.hpp"

namespace gpuprice::fetcher {

namespace {

using SystemClock = std::chrono::system_clock;

constexpr std::chrono::seconds kTokenMargin{300};
constexpr int kAccessDenied = 1100;  // "Insufficient permissions"

bool token_scope_refused(const HttpResponse& response) {
    if (response.status != 400) return false;
    simdjson::dom::parser parser;
    simdjson::dom::object root;
    std::string_view error;
    return !parser.parse(response.body).get(root) && !root["error"].get(error) &&
           error == "invalid_scope";
}

bool access_denied(const HttpResponse& response) {
    if (response.status != 403) return false;
    for (const auto& error : parse_errors(response.body)) {
        if (error.error_id == kAccessDenied) return true;
    }
    return false;
}

std::string describe(const HttpResponse& response) {
    std::string out = response.describe_transport();
    if (!response.complete()) return out;
    for (const auto& e : parse_errors(response.body)) {
        out += ", eBay error " + std::to_string(e.error_id) + " (" + e.domain + "): " + e.message;
    }
    return out;
}

class SoldFetch {
  public:
    SoldFetch(schema::Database& db, const SoldFetchConfig& config, std::string token,
              std::int64_t run_id, SystemClock::time_point now)
        : db_(db),
          config_(config),
          token_(std::move(token)),
          run_id_(run_id),
          now_(now),
          engine_(config.http),
          families_(config.terms.size(), Family{Paging{config.page_limit}, 0, std::nullopt}) {}

    SoldOutcome run() {
        outcome_.run_id = run_id_;
        // The first family alone: if eBay denies the scope, one call learns it, not one per
        // family.
        if (!config_.terms.empty()) request(0, 0);
        engine_.run();
        outcome_.calls_used = engine_.calls_made();
        // A refused scope is not a failure of the night: there was nothing to fetch.
        if (outcome_.pages_failed > 0 || outcome_.budget_reached) {
            outcome_.status =
                outcome_.pages_stored > 0 ? schema::RunStatus::partial : schema::RunStatus::failed;
        }
        return std::move(outcome_);
    }

  private:
    // A family's pages go one at a time: its page size is the one to ask now.
    void request(std::size_t term, std::int64_t offset) {
        if (stopped_) return;
        HttpRequest r;
        r.url = sold_search_url(config_, config_.terms[term], offset, now_,
                                families_[term].paging.limit);
        r.headers = {"Authorization: Bearer " + token_,
                     "X-EBAY-C-MARKETPLACE-ID: " + std::string(config_.market.id),
                     "Accept: application/json"};
        engine_.submit(std::move(r), [this, term, offset](HttpResponse&& response) {
            on_page(term, offset, std::move(response));
        });
    }

    void on_page(std::size_t term, std::int64_t offset, HttpResponse response) {
        if (stopped_) return;
        if (term == 0 && offset == 0) {
            // The gate passed (or failed): the other families now.
            if (access_denied(response)) {
                outcome_.scope_refused = true;
                stopped_ = true;
                return;
            }
            for (std::size_t t = 1; t < config_.terms.size(); ++t) request(t, 0);
        }
        if (response.budget_exhausted) {
            outcome_.budget_reached = true;
            return;
        }
        const auto where = "sold '" + config_.terms[term] + "' offset " + std::to_string(offset);
        if (!response.complete() || response.status != 200) {
            ++outcome_.pages_failed;
            outcome_.problems.push_back(where + ": " + describe(response));
            return;
        }
        auto page = parse_sold_page(response.body, config_.market.currency);
        if (!page.page_problem.empty() || (page.items.empty() && !page.errors.empty())) {
            ++outcome_.pages_failed;
            outcome_.problems.push_back(
                where + ": " +
                (page.page_problem.empty() ? describe(response) : page.page_problem));
            return;
        }
        std::vector<std::string> kept_out;
        for (const auto& sale : page.items) {
            kept_out.push_back(
                sold_kept_out(sale, {std::string(config_.market.country), config_.seller}));
            if (!kept_out.back().empty()) ++outcome_.items_kept_out;
        }
        schema::store_sold_items(db_, run_id_, config_.market, page.items, kept_out);
        ++outcome_.pages_stored;
        outcome_.items_stored += static_cast<int>(page.items.size());
        const int skipped = schema::total_skipped(page.skips);
        outcome_.items_skipped += skipped;
        // eBay may serve fewer sales per page than asked: paging goes on at that size, as the
        // listings' fetch does (fetcher/paging.hpp).
        auto& paging = families_[term].paging;
        if (auto note = follow_served_size(paging, page.limit, where, "sales")) {
            outcome_.notes.push_back(std::move(*note));
        }
        if (auto note = unbelieved_total(paging, page.total, page.total_problem, where)) {
            outcome_.notes.push_back(std::move(*note));
        }
        next_step(term, offset, page, static_cast<std::int64_t>(page.items.size()) + skipped,
                  paging.limit);
    }

    // One page at a time: `total` never plans pages ahead (an absurd total asked for 49 empty
    // pages) nor ends paging alone; a short page with `next` is not the last (paging.hpp).
    void next_step(std::size_t term, std::int64_t offset, const SoldPage& page,
                   std::int64_t returned, int size) {
        const auto& family = config_.terms[term];
        auto& seen = families_[term];
        seen.items += returned;
        if (page.total && (!seen.lowest_total || *page.total < *seen.lowest_total)) {
            seen.lowest_total = page.total;
        }
        if (!more_pages(offset, size, returned, page.has_next, page.total, false)) {
            if (items_short_of_total(seen.lowest_total, seen.items)) {
                outcome_.notes.push_back("sold '" + family + "': eBay's total said " +
                                         std::to_string(*seen.lowest_total) +
                                         " sales but its pages ended after " +
                                         std::to_string(seen.items));
            }
            return;
        }
        if (offset + 2 * size > kMaxReachableItems) {
            outcome_.notes.push_back("sold '" + family + "' reached eBay's 10,000-item cap");
            return;
        }
        request(term, offset + size);
    }

    schema::Database& db_;
    const SoldFetchConfig& config_;
    std::string token_;
    std::int64_t run_id_;
    SystemClock::time_point now_;
    HttpEngine engine_;
    struct Family {
        Paging paging;
        std::int64_t items = 0;  // sales its pages held, stored or skipped
        std::optional<std::int64_t> lowest_total;
    };
    std::vector<Family> families_;  // per term
    SoldOutcome outcome_;
    bool stopped_ = false;
};

}  // namespace

std::string sold_filter(const SoldFetchConfig& config, SystemClock::time_point from,
                        SystemClock::time_point to) {
    return "conditionIds:{" + config.condition_ids +
           "},itemLocationCountry:" + std::string(config.market.country) +
           ",buyingOptions:{FIXED_PRICE|AUCTION},lastSoldDate:[" + schema::iso_utc(from) + ".." +
           schema::iso_utc(to) + "]";
}

std::string sold_search_url(const SoldFetchConfig& config, const std::string& term,
                            std::int64_t offset, SystemClock::time_point now,
                            std::optional<int> limit) {
    const auto from = now - std::chrono::days(kSoldHistoryDays);
    return config.api_base +
           "/buy/marketplace_insights/v1_beta/item_sales/search?q=" + percent_encode(term) +
           "&category_ids=" + std::to_string(config.market.graphics_cards_category) +
           "&filter=" + percent_encode(sold_filter(config, from, now)) +
           "&limit=" + std::to_string(limit.value_or(config.page_limit)) +
           "&offset=" + std::to_string(offset);
}

std::string sold_kept_out(const schema::SoldItem& sale, const PriceRules& rules) {
    schema::Listing as_listing;
    as_listing.location_country = sale.location_country;
    as_listing.item_group_type = sale.item_group_type;
    as_listing.seller_feedback_score = sale.seller_feedback_score;
    as_listing.seller_feedback_pct = sale.seller_feedback_pct;
    return schema::price_flag_names(price_flags(as_listing, rules, ListingSource::search));
}

SoldOutcome run_sold_fetch(schema::Database& db, const SoldFetchConfig& config,
                           const Credentials& credentials, SystemClock::time_point now) {
    // Token lifetimes are real seconds: the system clock, not gpuprice's (maybe frozen) one.
    std::string token;
    if (auto cached = load_cached_token(config.token_cache_path, credentials.client_id,
                                        config.auth_url, SystemClock::now(), kTokenMargin)) {
        token = cached->value;
    } else {
        HttpOptions options = config.http;
        options.parallel = 1;
        HttpEngine engine(options);
        HttpResponse response;
        engine.submit(token_request(config.auth_url, credentials, kInsightsScope),
                      [&response](HttpResponse&& r) { response = std::move(r); });
        engine.run();
        if (token_scope_refused(response)) {
            SoldOutcome refused;
            refused.scope_refused = true;
            return refused;
        }
        const auto minted = token_from_response(response, SystemClock::now());
        save_cached_token(config.token_cache_path, credentials.client_id, config.auth_url, minted);
        token = minted.value;
    }
    const auto run = schema::begin_run(db, "ebay-sold", config.market, schema::iso_utc(now));
    const auto run_id = run.id();
    SoldFetch fetch(db, config, std::move(token), run_id, now);
    SoldOutcome outcome;
    try {
        outcome = fetch.run();
    } catch (const std::exception& e) {
        schema::finish_run(db, run_id, schema::RunStatus::failed, schema::now_iso(), 0, e.what());
        throw;
    }
    std::string message;
    if (outcome.scope_refused) message += "eBay denied the Marketplace Insights scope\n";
    for (const auto& p : outcome.problems) message += p + "\n";
    for (const auto& n : outcome.notes) message += n + "\n";
    if (outcome.budget_reached) message += "stopped: the call budget (--max-calls) was reached\n";
    schema::finish_run(db, run_id, outcome.status, schema::now_iso(), outcome.calls_used, message);
    return outcome;
}

}  // namespace gpuprice::fetcher
