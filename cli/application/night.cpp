#include "cli/application/night.hpp"

#include "cli/application/derived_pass.hpp"
#include "fetcher/aspect_filter.hpp"
#include "fetcher/errors.hpp"
#include "fetcher/item_aspects.hpp"
#include "fetcher/query_plan.hpp"
#include "fetcher/sample_replay.hpp"
#include "fetcher/token_cache.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/aspect_store.hpp"
#include "schema/store/listing_store.hpp"
#include "schema/store/sold_store.hpp"

namespace gpuprice::app {

namespace {

// The search terms of the night: those given, else one per catalog family without the terms a
// shorter one already returns.
std::vector<std::string> search_terms(const schema::RuleSet& rules, const NightPlan& plan) {
    return plan.queries.empty() ? fetcher::drop_covered_terms(fetcher::search_terms(rules.catalog))
                                : plan.queries;
}

fetcher::FetchOutcome fetch_listings(schema::Database& db, const schema::RuleSet& rules,
                                     const NightPlan& plan, const fetcher::Credentials& credentials,
                                     const NightObserver& observer) {
    auto config = plan.fetch;
    const auto terms = search_terms(rules, plan);
    config.queries = fetcher::family_queries(terms, plan.conditions);
    if (plan.aspect_filters) {
        for (const auto& term : terms) {
            config.aspect_splits[term] =
                fetcher::aspect_splits(rules.catalog, rules.aspect_filters, term);
        }
    }
    if (plan.queries.empty()) {
        for (auto& q : fetcher::other_category_queries(rules.catalog, terms, plan.conditions,
                                                       config.search.marketplace)) {
            config.queries.push_back(std::move(q));
        }
    }
    try {
        return fetcher::run_fetch(db, config, credentials, plan.observed_on,
                                  observer.fetch_progress);
    } catch (const fetcher::CredentialsError& e) {
        throw fetcher::CredentialsError(std::string(e.what()) + " (the credentials came from " +
                                        credentials.source + ")");
    }
}

// The sold pass, with what the listings left of the call budget. Without the Insights scope it
// says so once and the night goes on.
std::optional<fetcher::SoldOutcome> fetch_sold(schema::Database& db, const schema::RuleSet& rules,
                                               const NightPlan& plan,
                                               const fetcher::Credentials& credentials,
                                               int calls_used, const NightObserver& observer) {
    const auto& fetch = plan.fetch;
    const auto& market = fetch.search.marketplace;
    fetcher::SoldFetchConfig sold;
    sold.api_base = fetch.search.api_base;
    sold.auth_url = fetch.auth_url;
    sold.market = market;
    sold.seller = fetch.seller;
    sold.terms = search_terms(rules, plan);
    sold.condition_ids = schema::search_ids(plan.conditions);
    sold.token_cache_path = fetch.token_cache_path + ".insights";
    sold.http = fetch.http;
    sold.http.max_calls = fetch.http.max_calls - calls_used;
    if (sold.http.max_calls <= 0) {
        observer.message(Loudness::problem, "no calls left of --max-calls for sold items");
        return std::nullopt;
    }
    auto outcome = fetcher::run_sold_fetch(db, sold, credentials, schema::now());
    if (outcome.scope_refused) {
        observer.message(Loudness::notice,
                         "no sold prices: eBay has not granted this keyset the Marketplace "
                         "Insights scope (buy.marketplace.insights); listings are fetched as "
                         "usual");
        return outcome;
    }
    observer.message(Loudness::progress, "sold items: " + std::to_string(outcome.items_stored) +
                                             " stored (" + std::to_string(outcome.items_kept_out) +
                                             " kept out of medians), " +
                                             std::to_string(outcome.items_skipped) + " skipped, " +
                                             std::to_string(outcome.calls_used) + " API calls");
    for (const auto& note : outcome.notes) observer.message(Loudness::progress, "  note: " + note);
    for (const auto& problem : outcome.problems) observer.message(Loudness::problem, problem);
    if (outcome.budget_reached) {
        observer.message(Loudness::warning,
                         "sold items: the call budget (--max-calls) ran out before every family");
    }
    return outcome;
}

// getItem for the listings new tonight that are still ambiguous, within the plan's share of the
// budget; their aspects are stored for the match that follows. Returns the calls it used.
int ask_items(schema::Database& db, const NightPlan& plan, const fetcher::Credentials& credentials,
              std::int64_t run_id, int calls_used, const NightObserver& observer) {
    const auto& fetch = plan.fetch;
    fetcher::ItemAspectsConfig config;
    config.api_base = fetch.search.api_base;
    config.auth_url = fetch.auth_url;
    config.market = fetch.search.marketplace;
    config.token_cache_path = fetch.token_cache_path;
    config.http = fetch.http;
    config.http.max_calls =
        fetcher::item_call_budget(fetch.http.max_calls, plan.item_share, calls_used);
    if (config.http.max_calls <= 0) return 0;
    std::vector<fetcher::ItemToAsk> items;
    for (auto& l : schema::ambiguous_listings_to_ask(db, run_id, config.http.max_calls)) {
        items.push_back({l.listing_id, std::move(l.item_id)});
    }
    if (items.empty()) return 0;
    const auto outcome = fetcher::fetch_item_aspects(db, config, credentials, items);
    observer.message(Loudness::progress,
                     "item aspects: " + std::to_string(outcome.items_with_aspects) + " of " +
                         std::to_string(items.size()) + " ambiguous new listings had aspects, " +
                         std::to_string(outcome.calls_used) + " API calls");
    for (const auto& problem : outcome.problems) observer.message(Loudness::warning, problem);
    return outcome.calls_used;
}

}  // namespace

NightResult run_night(schema::Database& db, const schema::RuleSet& rules, const Matchers& matchers,
                      const NightPlan& plan, const fetcher::Credentials* credentials,
                      const NightObserver& observer) {
    const bool live = !plan.sample_dir;
    if (live && !credentials) {
        throw std::logic_error("run_night: a live night needs credentials");
    }
    // A token cache others can tamper with is not used; say so even under cron.
    if (live) {
        if (const auto problem = fetcher::check_token_cache(plan.fetch.token_cache_path)) {
            observer.message(Loudness::notice,
                             *problem + "; not using it (a fresh token is minted each run)");
        }
    }
    if (const int closed = schema::close_abandoned_runs(db, schema::now_iso())) {
        observer.message(Loudness::warning, std::to_string(closed) +
                                                " earlier run(s) had been interrupted; marked "
                                                "failed");
    }

    NightResult night;
    if (live) {
        night.fetch = fetch_listings(db, rules, plan, *credentials, observer);
    } else {
        const auto sold_before = schema::count_sold_items(db);
        night.fetch = fetcher::replay_sample(db, *plan.sample_dir, plan.fetch.search.marketplace,
                                             plan.observed_on, observer.fetch_progress);
        // The sample's sold pages are replayed with its listings, --sold or not.
        if (const auto replayed = schema::count_sold_items(db) - sold_before; replayed > 0) {
            observer.message(Loudness::progress, "sold items: " + std::to_string(replayed) +
                                                     " replayed from the sample");
        }
    }
    night.calls_used = night.fetch.calls_used;
    if (plan.sold && live) {
        night.sold = fetch_sold(db, rules, plan, *credentials, night.calls_used, observer);
        if (night.sold) night.calls_used += night.sold->calls_used;
    }

    // Rules changed since the stored verdicts were made: every listing is matched again, not
    // only tonight's, so that no report mixes verdicts of two rule sets. Else only the listings
    // new tonight and those whose title or item aspects changed: a known listing's verdict
    // stands while what it was made from does.
    night.rematched_all = !verdicts_current(db, matchers);
    const auto now = schema::now_iso();
    const auto match_tonight = [&] {
        return night.rematched_all
                   ? match_listings(db, matchers, schema::WhichListings::All, 0, now)
                   : match_listings(db, matchers, schema::WhichListings::VerdictDue,
                                    night.fetch.run_id, now);
    };
    night.verdicts = match_tonight();
    if (live && plan.item_share > 0 && night.fetch.run_id > 0) {
        if (const int calls =
                ask_items(db, plan, *credentials, night.fetch.run_id, night.calls_used, observer)) {
            night.calls_used += calls;
            night.verdicts = match_listings(db, matchers, schema::WhichListings::VerdictDue,
                                            night.fetch.run_id, now);
        }
    }
    match_sold_items(
        db, matchers,
        night.rematched_all ? schema::WhichSoldItems::All : schema::WhichSoldItems::WithoutVerdict);
    if (night.rematched_all) schema::remember_verdict_rules_digest(db, matchers.digest);
    // What reports read instead of every night: clearances decided, tonight's medians rolled up.
    update_derived_tables(db, rules.catalog);
    observer.message(Loudness::progress,
                     "matched " + std::to_string(night.verdicts.of(schema::MatchReason::ok)) +
                         " listings to catalog models");
    return night;
}

}  // namespace gpuprice::app
