#include <iostream>

#include "analysis/listing_attributes.hpp"
#include "analysis/title_matcher.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/match_listings.hpp"
#include "fetcher/credentials.hpp"
#include "fetcher/errors.hpp"
#include "fetcher/fetch_run.hpp"
#include "fetcher/item_aspects.hpp"
#include "fetcher/oauth_client.hpp"
#include "fetcher/sample_replay.hpp"
#include "fetcher/sold_fetch.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/locations.hpp"
#include "schema/domain/marketplace.hpp"
#include "schema/domain/printable_text.hpp"
#include "schema/rules/aspect_filter_rules.hpp"
#include "schema/rules/attribute_rules.hpp"
#include "schema/rules/match_rules.hpp"
#include "schema/store/aspect_store.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

namespace {

struct FetchOptions {
    std::string condition = "all";
    std::vector<std::string> queries;
    std::optional<std::string> sample_dir;
    std::optional<std::string> config_path;
    std::string token_cache;
    std::string marketplace = "EBAY_US";
    std::string item_location = "marketplace";
    bool sold = false;
    bool aspect_filters = true;
    double item_share = fetcher::kDefaultItemCallShare;
    fetcher::FetchConfig config;
};

// eBay documents no per-second Browse limit; a few connections are plenty for ~5,000 calls a
// day, and more only risks being throttled.
constexpr int kMaxParallel = 8;

std::optional<FetchOptions> parse_fetch_options(const std::vector<std::string>& args) {
    FetchOptions o;
    auto& c = o.config;
    bool no_quota_check = false;
    bool no_expand = false;
    bool no_aspect_filters = false;
    po::options_description options("fetch options");
    options.add_options()("condition", po::value(&o.condition)->default_value(o.condition),
                          "new, used, refurbished, open-box or all (one query per family either "
                          "way; each listing is classed by its own condition)")(
        "query", po::value(&o.queries)->composing(),
        "search text, repeatable (default: one per model family of the catalog)")(
        "sample",
        po::value<std::string>()
            ->implicit_value(schema::default_sample_dir(), "the bundled sample")
            ->value_name("DIR"),
        "replay recorded responses from DIR instead of calling eBay")(
        "api-base", po::value(&c.search.api_base)->default_value(c.search.api_base),
        "Browse API base URL")("auth-url", po::value(&c.auth_url)->default_value(c.auth_url),
                               "OAuth token endpoint")(
        "marketplace", po::value(&o.marketplace)->default_value(o.marketplace),
        ("eBay marketplace: " + schema::marketplace_ids()).c_str())(
        "item-location", po::value(&o.item_location)->default_value(o.item_location),
        "marketplace: only items located in the marketplace's country; any: items anywhere "
        "(those abroad are kept, flagged and left out of medians)")(
        "max-calls", po::value(&c.http.max_calls)->default_value(c.http.max_calls),
        "stop cleanly after this many API calls (eBay allows 5,000/day)")(
        "quota-reserve", po::value(&c.quota_reserve)->default_value(c.quota_reserve),
        "calls of eBay's daily quota to leave unused")(
        "no-quota-check", po::bool_switch(&no_quota_check),
        "do not read the remaining quota (getRateLimits) first")(
        "deliver-to", po::value(&c.delivery_postal_code),
        "postal code in the marketplace's country that shipping is estimated to (sent as "
        "X-EBAY-C-ENDUSERCTX; default a central one per marketplace)")(
        "min-seller-feedback-pct",
        po::value(&c.seller.min_feedback_pct)->default_value(c.seller.min_feedback_pct),
        "sellers below this positive feedback are flagged and left out of medians")(
        "min-seller-feedback-score",
        po::value(&c.seller.min_feedback_score)->default_value(c.seller.min_feedback_score),
        "sellers with fewer ratings are flagged (1: zero-feedback sellers)")(
        "no-expand-variations", po::bool_switch(&no_expand),
        "do not fetch multi-variation listings' variations (they stay out of medians)")(
        "parallel", po::value(&c.http.parallel)->default_value(c.http.parallel),
        "concurrent requests (1..8)")("config", po::value<std::string>(),
                                      "credentials file (default $GPUPRICE_CONFIG or "
                                      "~/.config/gpuprice/credentials), mode 0600")(
        "token-cache",
        po::value(&o.token_cache)->default_value(fetcher::default_token_cache_path()),
        "where the OAuth token is kept between runs (mode 0600)")(
        "deadline-minutes",
        po::value<int>()->default_value(static_cast<int>(c.deadline.count() / 60)),
        "the whole run ends by then, partial (exit 6), whatever the server does")(
        "retry-base-ms", po::value<int>()->default_value(500),
        "first retry delay; doubles per attempt, with jitter")(
        "sold", po::bool_switch(&o.sold),
        "also fetch the last 90 days of sold items (eBay Marketplace Insights; needs the "
        "buy.marketplace.insights scope), within --max-calls")(
        "no-aspect-filters", po::bool_switch(&no_aspect_filters),
        "do not search families whose variants differ in VRAM or form factor once per value "
        "(aspect_filter); their titles alone (and getItem) then decide the variant")(
        "item-share", po::value(&o.item_share)->default_value(o.item_share),
        "share of --max-calls for getItem on listings new tonight whose title leaves the "
        "variant open, to read eBay's item aspects (0 turns it off)");
    const auto vm = parse_command_options(
        "fetch", "Fetch graphics-card listings from the eBay Browse API into the database.",
        options, args);
    if (!vm) return std::nullopt;
    if (vm->count("sample")) o.sample_dir = (*vm)["sample"].as<std::string>();
    if (vm->count("config")) o.config_path = (*vm)["config"].as<std::string>();
    if (c.http.max_calls <= 0) throw UsageError("--max-calls must be positive");
    if (c.quota_reserve < 0) throw UsageError("--quota-reserve must not be negative");
    if (!(o.item_share >= 0 && o.item_share <= 1)) {
        throw UsageError("--item-share must be between 0 and 1");
    }
    if (c.http.parallel < 1 || c.http.parallel > kMaxParallel) {
        throw UsageError("--parallel must be 1.." + std::to_string(kMaxParallel));
    }
    const auto marketplace = schema::find_marketplace(o.marketplace);
    if (!marketplace) {
        throw UsageError("--marketplace '" + o.marketplace + "' is not one of " +
                         schema::marketplace_ids());
    }
    c.search.marketplace = *marketplace;
    if (o.item_location == "marketplace") {
        c.search.location = fetcher::ItemLocation::marketplace_country;
    } else if (o.item_location == "any") {
        c.search.location = fetcher::ItemLocation::anywhere;
    } else {
        throw UsageError("--item-location must be marketplace or any");
    }
    c.check_quota = !no_quota_check;
    c.expand_variations = !no_expand;
    o.aspect_filters = !no_aspect_filters;
    const int retry_base = (*vm)["retry-base-ms"].as<int>();
    if (retry_base < 0) throw UsageError("--retry-base-ms must not be negative");
    c.http.retry.base_delay = std::chrono::milliseconds(retry_base);
    const int deadline = (*vm)["deadline-minutes"].as<int>();
    if (deadline < 1) throw UsageError("--deadline-minutes must be at least 1");
    c.deadline = std::chrono::minutes(deadline);  // whole minutes on the command line
    c.token_cache_path = o.token_cache;
    return o;
}

void print_coverage(const fetcher::FetchOutcome& outcome) {
    std::cout << "  coverage (query: total, pages, items, stopped, complete):\n";
    for (const auto& q : outcome.coverage) {
        std::cout << "    " << q.query << ": "
                  << (q.total ? std::to_string(*q.total) : std::string("-")) << ", " << q.pages
                  << ", " << q.items << ", " << q.stopped << ", "
                  << (q.complete ? "complete" : "INCOMPLETE");
        if (!q.warnings.empty()) std::cout << " (" << q.warnings << ")";
        std::cout << '\n';
    }
}

void print_outcome(const GlobalOptions& global, const fetcher::FetchOutcome& outcome) {
    const bool show = global.verbosity != Verbosity::Quiet &&
                      (global.stdout_is_terminal || global.verbosity == Verbosity::Verbose);
    if (show) {
        std::cout << "run " << outcome.run_id << ": " << schema::run_status_name(outcome.status);
        if (outcome.stop != fetcher::StopReason::none) {
            std::cout << " (stopped: " << fetcher::stop_reason_name(outcome.stop) << ")";
        }
        std::cout << ", " << outcome.pages_stored << " pages, " << outcome.listings_seen
                  << " listings (" << outcome.listings_new << " new), " << outcome.listings_skipped
                  << " skipped, " << outcome.calls_used << " API calls";
        if (outcome.calls_budget) std::cout << " of a budget of " << outcome.calls_budget;
        std::cout << '\n';
        for (const auto& note : outcome.notes)
            std::cout << "  note: " << schema::printable_text(note) << '\n';
        if (global.verbosity == Verbosity::Verbose) print_coverage(outcome);
    }
    if (outcome.status != schema::RunStatus::ok || show) {
        for (const auto& problem : outcome.problems) {
            std::cerr << "gpuprice: fetch: " << schema::printable_text(problem) << '\n';
        }
    }
}

int exit_code(const fetcher::FetchOutcome& outcome) {
    switch (outcome.stop) {
        case fetcher::StopReason::quota:
            return kExitQuota;
        case fetcher::StopReason::access_denied:
        case fetcher::StopReason::credentials:
            return kExitCredentials;
        default:
            break;
    }
    switch (outcome.status) {
        case schema::RunStatus::ok:
            return kExitOk;
        case schema::RunStatus::partial:
            // Reaching the call budget is a clean stop; failed or truncated pages, ignored
            // filters and the deadline are not.
            return outcome.listings_missing() ? kExitPartial : kExitOk;
        default:
            return kExitFailure;
    }
}

// The sold pass of `fetch --sold`, with what the listings left of the call budget. Without the
// Insights scope it says so once and the night goes on.
int fetch_sold(const GlobalOptions& global, schema::Database& db, const FetchOptions& options,
               const schema::Catalog& catalog,
               const std::vector<schema::ConditionClass>& conditions,
               const fetcher::Credentials& credentials, int calls_used) {
    fetcher::SoldFetchConfig sold;
    const auto& market = options.config.search.marketplace;
    sold.api_base = options.config.search.api_base;
    sold.auth_url = options.config.auth_url;
    sold.marketplace = std::string(market.id);
    sold.country = std::string(market.country);
    sold.currency = std::string(market.currency);
    sold.category = market.graphics_cards_category;
    sold.seller = options.config.seller;
    sold.terms = options.queries.empty()
                     ? fetcher::drop_covered_terms(fetcher::search_terms(catalog))
                     : options.queries;
    sold.condition_ids = schema::search_ids(conditions);
    sold.token_cache_path = options.token_cache + ".insights";
    sold.http = options.config.http;
    sold.http.max_calls = options.config.http.max_calls - calls_used;
    if (sold.http.max_calls <= 0) {
        std::cerr << "gpuprice: fetch: no calls left of --max-calls for sold items\n";
        return 0;
    }
    const auto outcome = fetcher::run_sold_fetch(db, sold, credentials, schema::now());
    if (outcome.scope_refused) {
        if (global.verbosity != Verbosity::Quiet)
            std::cerr << "gpuprice: fetch: no sold prices: eBay has not granted this keyset the "
                         "Marketplace Insights scope (buy.marketplace.insights); listings are "
                         "fetched as usual\n";
        return outcome.calls_used;
    }
    progress(global, "sold items: " + std::to_string(outcome.items_stored) + " stored (" +
                         std::to_string(outcome.items_kept_out) + " kept out of medians), " +
                         std::to_string(outcome.items_skipped) + " skipped, " +
                         std::to_string(outcome.calls_used) + " API calls");
    for (const auto& note : outcome.notes) progress(global, "  note: " + note);
    for (const auto& problem : outcome.problems)
        std::cerr << "gpuprice: fetch: " << problem << '\n';
    if (outcome.budget_reached) {
        warn(global, "sold items: the call budget (--max-calls) ran out before every family");
    }
    return outcome.calls_used;
}

// getItem for the listings new tonight that are still ambiguous, within --item-share of the
// budget; their aspects are stored for the match that follows.
void ask_items(const GlobalOptions& global, schema::Database& db, const FetchOptions& options,
               const fetcher::Credentials& credentials, std::int64_t run_id, int calls_used) {
    fetcher::ItemAspectsConfig config;
    config.api_base = options.config.search.api_base;
    config.auth_url = options.config.auth_url;
    config.marketplace = std::string(options.config.search.marketplace.id);
    config.token_cache_path = options.config.token_cache_path;
    config.http = options.config.http;
    config.http.max_calls =
        fetcher::item_call_budget(options.config.http.max_calls, options.item_share, calls_used);
    if (config.http.max_calls <= 0) return;
    std::vector<fetcher::ItemToAsk> items;
    for (auto& l : schema::ambiguous_listings_to_ask(db, run_id, config.http.max_calls)) {
        items.push_back({l.listing_id, std::move(l.item_id)});
    }
    if (items.empty()) return;
    const auto outcome = fetcher::fetch_item_aspects(db, config, credentials, items);
    progress(global, "item aspects: " + std::to_string(outcome.items_with_aspects) + " of " +
                         std::to_string(items.size()) + " ambiguous new listings had aspects, " +
                         std::to_string(outcome.calls_used) + " API calls");
    for (const auto& problem : outcome.problems) warn(global, problem);
}

}  // namespace

// Fetch, then match what the run saw. Steps: credentials (before anything is written), open the
// database, fetch or replay, match, summarise.
int command_fetch(const GlobalOptions& global, const std::vector<std::string>& args) {
    auto options = parse_fetch_options(args);
    if (!options) return kExitOk;
    const auto conditions = conditions_option(options->condition);

    const auto catalog_dir = schema::resolve_catalog_dir(global.catalog_dir);
    const auto catalog = schema::load_catalog(catalog_dir);
    const auto rules = schema::load_match_rules(catalog_dir, catalog);
    const auto aspect_rules = schema::load_aspect_filter_rules(catalog_dir);
    const analysis::TitleMatcher matcher(catalog, rules);
    const auto attribute_rules = schema::load_attribute_rules(catalog_dir, catalog);
    const analysis::AttributeExtractor extractor(attribute_rules);
    std::optional<fetcher::Credentials> credentials;
    if (!options->sample_dir) credentials = fetcher::load_credentials(options->config_path);

    // A token cache others can tamper with is not used (F14); say so even under cron.
    if (!options->sample_dir && global.verbosity != Verbosity::Quiet) {
        if (const auto problem = fetcher::check_token_cache(options->token_cache)) {
            std::cerr << "gpuprice: warning: " << *problem
                      << "; not using it (a fresh token is minted each run)\n";
        }
    }
    auto db = open_database(global, catalog);
    if (int closed = schema::close_abandoned_runs(db, schema::now_iso())) {
        warn(global,
             std::to_string(closed) + " earlier run(s) had been interrupted; marked failed");
    }
    const auto observed_on = schema::today();
    const bool show_progress = global.stderr_is_terminal && global.verbosity != Verbosity::Quiet;
    const fetcher::ProgressFn progress_fn = [&](const fetcher::FetchProgress& p) {
        if (!show_progress) return;
        std::cerr << "\rpages " << p.pages_done << "/" << p.pages_planned << ", " << p.listings
                  << " listings";
        if (p.calls_budget) std::cerr << ", calls " << p.calls_used << "/" << p.calls_budget;
        std::cerr << "   " << std::flush;
    };

    fetcher::FetchOutcome outcome;
    if (options->sample_dir) {
        outcome = fetcher::replay_sample(db, *options->sample_dir, observed_on, progress_fn);
    } else {
        auto& config = options->config;
        // Default: one query per family, without the terms a shorter one already returns.
        const auto terms = options->queries.empty()
                               ? fetcher::drop_covered_terms(fetcher::search_terms(catalog))
                               : options->queries;
        config.queries = fetcher::family_queries(terms, conditions);
        if (options->aspect_filters) {
            for (const auto& term : terms) {
                config.aspect_splits[term] = fetcher::aspect_splits(catalog, aspect_rules, term);
            }
        }
        if (options->queries.empty()) {
            for (auto& q : fetcher::other_category_queries(catalog, terms, conditions,
                                                           config.search.marketplace)) {
                config.queries.push_back(std::move(q));
            }
        }
        try {
            outcome = fetcher::run_fetch(db, config, *credentials, observed_on, progress_fn);
        } catch (const fetcher::CredentialsError& e) {
            throw fetcher::CredentialsError(std::string(e.what()) + " (the credentials came from " +
                                            credentials->source + ")");
        }
    }
    if (show_progress) std::cerr << '\n';
    if (options->sold && options->sample_dir) {
        warn(global, "--sold needs eBay: the sample holds no sold items");
    }
    int calls_used = outcome.calls_used;
    if (options->sold && !options->sample_dir) {
        calls_used +=
            fetch_sold(global, db, *options, catalog, conditions, *credentials, calls_used);
    }

    auto verdicts =
        match_listings(db, matcher, extractor, schema::WhichListings::WithoutVerdictOrSeenInRun,
                       outcome.run_id, schema::now_iso());
    if (!options->sample_dir && options->item_share > 0 && outcome.run_id > 0) {
        ask_items(global, db, *options, *credentials, outcome.run_id, calls_used);
        verdicts =
            match_listings(db, matcher, extractor, schema::WhichListings::WithoutVerdictOrSeenInRun,
                           outcome.run_id, schema::now_iso());
    }
    match_sold_items(db, matcher, /*all=*/false);  // from --sold, or the sample's sold pages
    progress(global, "matched " + std::to_string(verdicts.count("ok") ? verdicts.at("ok") : 0) +
                         " listings to catalog models");
    print_outcome(global, outcome);
    return exit_code(outcome);
}

}  // namespace gpuprice::cli
