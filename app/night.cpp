#include "app/night.hpp"

#include <algorithm>
#include <set>

#include "app/derived_pass.hpp"
#include "fetcher/aspect_filter.hpp"
#include "fetcher/errors.hpp"
#include "fetcher/item_aspects.hpp"
#include "fetcher/keyword_join.hpp"
#include "fetcher/probe.hpp"
#include "fetcher/query_plan.hpp"
#include "fetcher/sample_replay.hpp"
#include "fetcher/token_cache.hpp"
#include "fetcher/withheld_check.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/aspect_store.hpp"
#include "schema/store/listing_store.hpp"
#include "schema/store/sold_store.hpp"

namespace gpuprice::app {

namespace {

// The search terms of the night: those given, else one per catalog family without the terms a
// shorter one already returns.
std::vector<std::string> search_terms(const schema::RuleSet& rules, const NightPlan& plan) {
    return plan.queries.empty() ? fetcher::catalog_families(rules.catalog) : plan.queries;
}

fetcher::FetchOutcome fetch_listings(schema::Database& db, const schema::RuleSet& rules,
                                     const NightPlan& plan, fetcher::EbayClient& client,
                                     const NightObserver& observer) {
    auto config = plan.fetch;
    // The graphics-card category as `gpuprice probe` found it on this marketplace.
    const auto category = fetcher::stored_graphics_category(db, config.search.marketplace);
    config.search.marketplace.graphics_cards_category = category.id;
    if (!category.warning.empty()) observer.message(Loudness::warning, category.warning);
    const auto terms = search_terms(rules, plan);
    // The catalog's q's rely on OR groups: a probe that found eBay does not OR them stops the
    // night before a search that would miss listings and look complete (audit 3, F7).
    if (plan.queries.empty()) {
        if (const auto refused = fetcher::or_groups_refused(db, config.search.marketplace))
            throw fetcher::FetchError(*refused);
    }
    // The user's --query terms are sent as they are; the catalog's as search_terms.csv says.
    config.queries = plan.queries.empty()
                         ? fetcher::catalog_queries(rules.catalog, rules.search_terms,
                                                    plan.conditions, config.search.marketplace)
                         : fetcher::family_queries(terms, plan.conditions);
    if (plan.aspect_filters) {
        for (const auto& term : terms) {
            config.aspect_splits[term] =
                fetcher::aspect_splits(rules.catalog, rules.aspect_filters, term);
        }
    }
    return fetcher::run_fetch(db, config, client, plan.night, observer.fetch_progress);
}

// The sold pass, with its share of the budget and what the listings left. Without the Insights
// scope it says so once and the night goes on. Returns whether it failed (the night is then
// partial).
bool fetch_sold(schema::Database& db, const schema::RuleSet& rules, const NightPlan& plan,
                fetcher::EbayClient& client, NightResult& night, const NightObserver& observer) {
    auto& budget = *client.budget();
    if (budget.left(fetcher::Pass::sold) <= 0) {
        // Said, not silent: no sold prices tonight.
        observer.message(Loudness::problem,
                         "sold items: no calls left of the budget (--max-calls, --sold-share); "
                         "none fetched tonight");
        budget.close(fetcher::Pass::sold);
        return false;
    }
    fetcher::SoldFetchConfig sold;
    sold.seller = plan.fetch.seller;
    sold.check_quota = plan.fetch.check_quota;
    // As `gpuprice probe` saw Insights join q's words, else as its documents say.
    sold.keyword_join = fetcher::stored_or_documented_join(db, plan.fetch.search.marketplace,
                                                           fetcher::EbayApi::insights);
    sold.terms = sold_terms(rules, plan);
    sold.condition_ids = schema::search_ids(plan.conditions);
    night.sold = fetcher::run_sold_fetch(db, sold, client, plan.night, schema::now());
    const auto& outcome = *night.sold;
    night.calls_used += outcome.calls_used;
    if (outcome.scope_refused) {
        observer.message(Loudness::warning,
                         "no sold prices: eBay has not granted this keyset the Marketplace "
                         "Insights scope (buy.marketplace.insights); listings are fetched as "
                         "usual");
        return false;
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
    return outcome.stop == fetcher::StopReason::credentials ||
           outcome.stop == fetcher::StopReason::deadline || outcome.pages_failed > 0;
}

// getItem for the listings still ambiguous and never answered, within the pass's share of the
// budget; their aspects are stored for the match that follows. Returns whether it asked any and
// whether it failed.
struct ItemsAsked {
    bool asked = false;
    bool failed = false;
};
ItemsAsked ask_items(schema::Database& db, fetcher::EbayClient& client, std::int64_t run_id,
                     NightResult& night, const NightObserver& observer) {
    auto& budget = *client.budget();
    const int left = budget.left(fetcher::Pass::item_aspects);
    const auto waiting = schema::ambiguous_listings_to_ask(db, run_id, std::max(left, 1));
    if (waiting.empty()) {
        budget.close(fetcher::Pass::item_aspects);
        return {};
    }
    if (left <= 0) {
        // Said, not silent: these listings are asked on a later night.
        observer.message(Loudness::warning,
                         "item aspects: no calls left of the budget (--max-calls, --item-share); "
                         "ambiguous listings wait for a later night");
        budget.close(fetcher::Pass::item_aspects);
        return {};
    }
    std::vector<fetcher::ItemToAsk> items;
    for (const auto& l : waiting) items.push_back({l.listing_id, l.item_id});
    const auto outcome = fetcher::fetch_item_aspects(db, client, items);
    night.calls_used += outcome.calls_used;
    observer.message(Loudness::progress,
                     "item aspects: " + std::to_string(outcome.items_with_aspects) + " of " +
                         std::to_string(items.size()) + " ambiguous listings had aspects, " +
                         std::to_string(outcome.calls_used) + " API calls");
    if (outcome.items_not_asked > 0) {
        observer.message(Loudness::warning,
                         "item aspects: " + std::to_string(outcome.items_not_asked) +
                             " ambiguous listings not asked tonight (asked on a later night)");
    }
    for (const auto& problem : outcome.problems) observer.message(Loudness::warning, problem);
    return {true, outcome.stop == fetcher::StopReason::credentials ||
                      outcome.stop == fetcher::StopReason::deadline};
}

}  // namespace

std::vector<std::string> sold_terms(const schema::RuleSet& rules, const NightPlan& plan) {
    if (!plan.queries.empty()) return plan.queries;
    std::vector<std::string> terms;
    std::set<std::string> asked;
    for (const auto& query : fetcher::catalog_queries(
             rules.catalog, rules.search_terms, plan.conditions, plan.fetch.search.marketplace)) {
        for (auto& term : fetcher::and_terms(query.q())) {
            if (asked.insert(term).second) terms.push_back(std::move(term));
        }
    }
    return terms;
}

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
            observer.message(Loudness::warning,
                             *problem + "; not using it (a fresh token is minted each run)");
        }
    }
    if (const int closed = schema::close_abandoned_runs(db, schema::now_iso())) {
        observer.message(Loudness::warning, std::to_string(closed) +
                                                " earlier run(s) had been interrupted; marked "
                                                "failed");
    }

    NightResult night;
    // One client for every pass of a live night: its token, quota reading and call budget.
    std::optional<fetcher::EbayClient> client;
    if (live) {
        client.emplace(fetcher::client_config(plan.fetch), *credentials);
        fetcher::open_night(*client, plan.fetch,
                            {.sold = plan.sold ? plan.sold_share : 0.0,
                             .item_aspects = plan.item_share,
                             .withheld_check = fetcher::withheld_check_share(
                                 db, plan.fetch.search.marketplace, plan.night, plan.check_share)});
        night.fetch = fetch_listings(db, rules, plan, *client, observer);
    } else {
        const auto sold_before = schema::count_sold_items(db);
        night.fetch = fetcher::replay_sample(db, *plan.sample_dir, plan.fetch.search.marketplace,
                                             plan.night, observer.fetch_progress);
        // The sample's sold pages are replayed with its listings, --sold or not.
        if (const auto replayed = schema::count_sold_items(db) - sold_before; replayed > 0) {
            observer.message(Loudness::progress, "sold items: " + std::to_string(replayed) +
                                                     " replayed from the sample");
        }
    }
    night.calls_used = night.fetch.calls_used;
    if (client) {
        if (plan.sold) {
            night.later_pass_failed = fetch_sold(db, rules, plan, *client, night, observer);
        } else {
            client->budget()->close(fetcher::Pass::sold);  // its calls go to getItem
        }
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
    // The count said in the log is of this match: every listing whose verdict was due. The
    // re-match after getItem (only the listings whose aspects it read) is said apart.
    const auto matched = night.verdicts;
    std::optional<MatchCounts> after_items;
    if (client && plan.item_share > 0 && night.fetch.run_id > 0) {
        const auto asked = ask_items(db, *client, night.fetch.run_id, night, observer);
        night.later_pass_failed = night.later_pass_failed || asked.failed;
        if (asked.asked) {
            night.verdicts = match_listings(db, matchers, schema::WhichListings::VerdictDue,
                                            night.fetch.run_id, now);
            after_items = night.verdicts;
        }
    }
    match_sold_items(
        db, matchers,
        night.rematched_all ? schema::WhichSoldItems::All : schema::WhichSoldItems::WithoutVerdict);
    if (night.rematched_all) schema::remember_verdict_rules_digest(db, matchers.digest);
    // What reports read instead of every night: clearances decided, tonight's medians rolled up.
    if (derivation_outdated(db, rules.catalog)) {
        observer.message(Loudness::warning,
                         "the price history was derived with another catalog or gpuprice: "
                         "deriving it again from every night (minutes at a year)");
    }
    update_derived_tables(db, rules.catalog);
    observer.message(
        Loudness::progress,
        "matched " + std::to_string(matched.of(schema::MatchReason::ok)) + " of the " +
            std::to_string(matched.total()) + " listings " +
            (night.rematched_all ? "stored (the rules changed)" : "new or changed tonight") +
            " to catalog models" +
            (after_items
                 ? "; " + std::to_string(after_items->total()) +
                       " matched again with eBay's item aspects (getItem), " +
                       std::to_string(after_items->of(schema::MatchReason::ok)) + " to a model"
                 : std::string()));
    return night;
}

std::vector<std::pair<std::string, int>> run_skips(schema::Database& db, std::int64_t run_id) {
    const auto run = schema::load_run(db, run_id);
    if (!run) return {};
    std::vector<std::pair<std::string, int>> skips(run->skips.begin(), run->skips.end());
    std::stable_sort(skips.begin(), skips.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    return skips;
}

}  // namespace gpuprice::app
