#include "fetcher/sold_fetch.hpp"

#include <algorithm>

#include "fetcher/ebay_error_ids.hpp"
#include "fetcher/errors.hpp"
#include "fetcher/insights_parser.hpp"
#include "fetcher/paging.hpp"
#include "fetcher/run_writer.hpp"
#include "fetcher/url.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/price_flags.hpp"
#include "schema/store/listing_store.hpp"
#include "schema/store/sold_store.hpp"

namespace gpuprice::fetcher {

namespace {

using SystemClock = std::chrono::system_clock;
using ebay_error::kInsightsCategoryNotSupported;
using ebay_error::kInsightsMarketplaceNotSupported;

class SoldFetch {
  public:
    SoldFetch(schema::Database& db, const SoldFetchConfig& config, EbayClient& client,
              std::int64_t run_id, SystemClock::time_point now)
        : db_(db),
          config_(config),
          client_(client),
          market_(client.config().market),
          run_id_(run_id),
          now_(now),
          families_(config.terms.size(), Family{Paging{config.page_limit}, 0, std::nullopt}) {}

    SoldOutcome run(std::optional<std::int64_t> insights_calls_left) {
        outcome_.run_id = run_id_;
        outcome_.insights_calls_left = insights_calls_left;
        // The first family alone: if eBay denies the scope or the category, one call learns it,
        // not one per family.
        if (!config_.terms.empty()) request(0, 0);
        client_.run();
        const auto& stop = client_.stop_of(EbayApi::insights);
        if (stop.reason != StopReason::none && !outcome_.scope_refused) {
            outcome_.stop = stop.reason;
            outcome_.problems.push_back(stop.message);
        }
        for (auto& note : client_.take_notes()) outcome_.notes.push_back(std::move(note));
        outcome_.calls_used = client_.budget()->used(Pass::sold);
        if (outcome_.insights_quota_spent) {
            outcome_.problems.push_back(
                "eBay's Marketplace Insights quota is spent (getRateLimits: " +
                std::to_string(*outcome_.insights_calls_left) +
                " calls were left): the sold pass stopped there, the rest waits for its reset");
        }
        // A refused scope, category or marketplace is not a failure of the night: there was
        // nothing to fetch.
        if (outcome_.pages_failed > 0 || outcome_.budget_reached || outcome_.insights_quota_spent ||
            outcome_.stop != StopReason::none) {
            // Insights' quota spent is no failure either: the pass did what the quota allowed.
            outcome_.status = outcome_.pages_stored > 0 || outcome_.insights_quota_spent
                                  ? schema::RunStatus::partial
                                  : schema::RunStatus::failed;
        }
        return std::move(outcome_);
    }

  private:
    // A family's pages go one at a time: its page size is the one to ask now.
    void request(std::size_t term, std::int64_t offset) {
        if (outcome_.insights_calls_left && sent_ >= *outcome_.insights_calls_left) {
            outcome_.insights_quota_spent = true;  // said once, at the end of the pass
            return;
        }
        ++sent_;
        EbayCall call;
        call.api = EbayApi::insights;
        call.pass = Pass::sold;
        call.url = sold_search_url(client_.config().endpoints.api_base, market_, config_,
                                   config_.terms[term], offset, now_, families_[term].paging.limit);
        client_.send(std::move(call), [this, term, offset](EbayAnswer&& answer) {
            on_page(term, offset, std::move(answer));
        });
    }

    void on_page(std::size_t term, std::int64_t offset, EbayAnswer&& answer) {
        const bool gate = term == 0 && offset == 0;
        if (gate && client_.stop_of(EbayApi::insights).reason == StopReason::access_denied) {
            outcome_.scope_refused = true;
            return;
        }
        if (gate && answer.has_error(kInsightsMarketplaceNotSupported)) {
            outcome_.marketplace_refused = true;
            outcome_.problems.push_back("eBay Marketplace Insights does not serve " +
                                        std::string(market_.id) + " (" + answer.describe() +
                                        "); no sold items tonight, the listings are as usual");
            return;
        }
        if (gate && answer.has_error(kInsightsCategoryNotSupported)) {
            outcome_.category_refused = true;
            outcome_.problems.push_back("eBay Marketplace Insights does not serve category " +
                                        std::to_string(market_.graphics_cards_category) + " on " +
                                        std::string(market_.id) + " (" + answer.describe() +
                                        "); no sold items tonight");
            return;
        }
        if (gate) {
            for (std::size_t t = 1; t < config_.terms.size(); ++t) request(t, 0);
        }
        if (answer.not_sent == NotSent::budget) {
            outcome_.budget_reached = true;
            return;
        }
        if (answer.not_sent != NotSent::none) return;  // the client's stop says why, once
        const auto where = "sold '" + config_.terms[term] + "' offset " + std::to_string(offset);
        if (!answer.ok()) {
            if (client_.stop_of(EbayApi::insights).reason != StopReason::none) return;
            ++outcome_.pages_failed;
            outcome_.problems.push_back(where + ": " + answer.describe());
            return;
        }
        auto page = parse_sold_page(answer.response.body, market_.currency);
        if (!page.page_problem.empty() || (page.items.empty() && !page.errors.empty())) {
            ++outcome_.pages_failed;
            outcome_.problems.push_back(where + ": " +
                                        (page.page_problem.empty()
                                             ? describe_response(answer.response)
                                             : page.page_problem));
            return;
        }
        std::vector<std::string> kept_out;
        for (const auto& sale : page.items) {
            kept_out.push_back(sold_kept_out(sale, {std::string(market_.country), config_.seller}));
            if (!kept_out.back().empty()) ++outcome_.items_kept_out;
        }
        schema::store_sold_items(db_, run_id_, market_, page.items, kept_out);
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
    EbayClient& client_;
    const schema::Market& market_;
    std::int64_t run_id_;
    SystemClock::time_point now_;
    struct Family {
        Paging paging;
        std::int64_t items = 0;  // sales its pages held, stored or skipped
        std::optional<std::int64_t> lowest_total;
    };
    std::vector<Family> families_;  // per term
    std::int64_t sent_ = 0;         // searches sent, against Insights' quota
    SoldOutcome outcome_;
};

}  // namespace

std::string sold_filter(const SoldFetchConfig& config, const schema::Market& market,
                        SystemClock::time_point from, SystemClock::time_point to) {
    return "conditionIds:{" + config.condition_ids +
           "},itemLocationCountry:" + std::string(market.country) +
           ",buyingOptions:{FIXED_PRICE|AUCTION},lastSoldDate:[" + schema::iso_utc(from) + ".." +
           schema::iso_utc(to) + "]";
}

std::string sold_search_url(const std::string& api_base, const schema::Market& market,
                            const SoldFetchConfig& config, const std::string& term,
                            std::int64_t offset, SystemClock::time_point now, int limit) {
    const auto from = now - std::chrono::days(kSoldHistoryDays);
    std::string q;
    // A plain loop, not views::split: clang 14 with libstdc++ 12 (scripts/fuzz) rejects it.
    const auto joined = join_keywords(term, KeywordJoin::comma_and);
    for (std::string_view rest = joined;;) {
        const auto comma = rest.find(',');
        if (!q.empty()) q += config.keyword_join == KeywordJoin::comma_and ? "," : "%20";
        q += percent_encode(rest.substr(0, comma));
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    return api_base + "/buy/marketplace_insights/v1_beta/item_sales/search?q=" + q +
           "&category_ids=" + std::to_string(market.graphics_cards_category) +
           "&filter=" + percent_encode(sold_filter(config, market, from, now)) +
           "&limit=" + std::to_string(limit) + "&offset=" + std::to_string(offset);
}

std::string sold_kept_out(const schema::SoldItem& sale, const PriceRules& rules) {
    // A sale is found by search like a listing summary: one variation's price of a group.
    return schema::price_flag_names(price_flags(sale, rules, ListingSource::search));
}

SoldOutcome run_sold_fetch(schema::Database& db, const SoldFetchConfig& config, EbayClient& client,
                           schema::Night night, SystemClock::time_point now) {
    SoldOutcome outcome;
    // A token failure here must not undo the night: the listings are stored, the reports run.
    try {
        if (client.ensure_token(EbayApi::insights).failure == MintFailure::scope_refused) {
            outcome.scope_refused = true;
        }
    } catch (const std::exception& e) {
        outcome.stop = StopReason::credentials;
        outcome.status = schema::RunStatus::failed;
        outcome.problems.push_back(std::string("sold items: no Insights token: ") + e.what());
    }
    if (outcome.scope_refused || outcome.stop != StopReason::none) {
        client.budget()->close(Pass::sold);
        return outcome;
    }
    const auto& market = client.config().market;
    const auto run =
        schema::begin_run(db, schema::RunSource::ebay_sold, market, night, schema::iso_utc(now));
    // Insights' own quota, not Browse's: a keyset whose getRateLimits lists none keeps to the
    // pass's share of the night's calls alone.
    std::optional<std::int64_t> insights_left;
    if (config.check_quota) {
        try {
            client.ensure_token(EbayApi::analytics);
            if (const auto reading = client.read_quota(RateLimitsOf::insights); reading.quota)
                insights_left = std::max<std::int64_t>(0, reading.quota->remaining);
        } catch (const std::exception&) {
            // No reading: the pass keeps to its share of the night's calls, as before.
        }
    }
    SoldFetch fetch(db, config, client, run.id(), now);
    try {
        outcome = fetch.run(insights_left);
    } catch (const std::exception& e) {
        // noexcept: a failure to record the failure must not replace the error being reported.
        mark_failed(db, run.id(), e.what());
        throw;
    }
    client.budget()->close(Pass::sold);
    std::string message;
    if (outcome.scope_refused) message += "eBay denied the Marketplace Insights scope\n";
    for (const auto& p : outcome.problems) message += p + "\n";
    for (const auto& n : outcome.notes) message += n + "\n";
    if (outcome.budget_reached) message += "stopped: the call budget (--max-calls) was reached\n";
    schema::finish_run(db, run.id(), outcome.status, schema::now_iso(), outcome.calls_used,
                       message);
    return outcome;
}

}  // namespace gpuprice::fetcher
