#include <algorithm>
#include <iostream>

#include "app/night.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/message.hpp"
#include "fetcher/credentials.hpp"
#include "fetcher/item_aspects.hpp"
#include "fetcher/listings_pager.hpp"
#include "fetcher/token_cache.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/market.hpp"
#include "schema/domain/printable_text.hpp"
#include "schema/system/locations.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

namespace {

// The options as given, and the night they ask for.
struct FetchOptions {
    std::string condition = "all";
    std::optional<std::string> config_path;
    std::string marketplace{schema::default_market().id};
    std::string item_location = "marketplace";
    app::NightPlan plan = default_plan();

    static app::NightPlan default_plan() {
        app::NightPlan plan;
        plan.item_share = fetcher::kDefaultItemCallShare;
        plan.sold_share = app::kDefaultSoldCallShare;
        plan.check_share = fetcher::kDefaultWithheldCheckShare;
        return plan;
    }
};

// eBay documents no per-second Browse limit; a few connections are plenty for ~5,000 calls a
// day, and more only risks being throttled.
constexpr int kMaxParallel = 8;

std::optional<FetchOptions> parse_fetch_options(const std::vector<std::string>& args) {
    FetchOptions o;
    auto& c = o.plan.fetch;
    bool no_quota_check = false;
    bool no_expand = false;
    bool no_aspect_filters = false;
    po::options_description options("fetch options");
    options.add_options()("condition", po::value(&o.condition)->default_value(o.condition),
                          "new, used, refurbished, open-box or all (one query per family either "
                          "way; each listing is classed by its own condition)")(
        "query", po::value(&o.plan.queries)->composing(),
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
        ("eBay marketplace: " + schema::market_ids()).c_str())(
        "item-location", po::value(&o.item_location)->default_value(o.item_location),
        "marketplace: only items located in the marketplace's country; any: items anywhere "
        "(those abroad are kept, flagged and left out of medians)")(
        "max-calls", po::value(&c.max_calls)->default_value(c.max_calls),
        "stop cleanly after this many API calls, every pass's (eBay allows 5,000/day)")(
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
        "group-memory-nights",
        po::value(&c.group_memory_nights)->default_value(c.group_memory_nights),
        "an item group's variations, once fetched, are read again from the database on the "
        "nights after while its search summary (price, title, condition, shipping) is unchanged, "
        "and fetched again after this many nights (0: every night)")(
        "parallel", po::value(&c.http.parallel)->default_value(c.http.parallel),
        "concurrent requests (1..8)")("config", po::value<std::string>(),
                                      "credentials file (default $GPUPRICE_CONFIG or "
                                      "~/.config/gpuprice/credentials), mode 0600")(
        "token-cache",
        po::value(&c.token_cache_path)->default_value(fetcher::default_token_cache_path()),
        "where the OAuth token is kept between runs (mode 0600)")(
        "deadline-minutes",
        po::value<int>()->default_value(static_cast<int>(c.deadline.count() / 60)),
        "the whole run ends by then, partial (exit 6), whatever the server does")(
        "retry-base-ms", po::value<int>()->default_value(500),
        "first retry delay; doubles per attempt, with jitter")(
        "max-throttle-minutes",
        po::value<int>()->default_value(static_cast<int>(c.max_throttle_wait.count() / 60)),
        "how long in all to wait out eBay's throttling (429, errorId 2001, while getRateLimits "
        "says calls are left) before the night ends partial (exit 6)")(
        "token-wait-seconds",
        po::value<int>()->default_value(static_cast<int>(c.token_outage_wait.count())),
        "how long to keep asking eBay's token endpoint when it fails (network, 5xx) before the "
        "night ends partial (exit 6)")(
        "sold", po::bool_switch(&o.plan.sold),
        "also fetch the last 90 days of sold items (eBay Marketplace Insights; needs the "
        "buy.marketplace.insights scope), within --max-calls")(
        "sold-share", po::value(&o.plan.sold_share)->default_value(o.plan.sold_share),
        "share of the call budget reserved for sold items under --sold")(
        "no-aspect-filters", po::bool_switch(&no_aspect_filters),
        "do not search families whose variants differ in VRAM or form factor once per value "
        "(aspect_filter); their titles alone (and getItem) then decide the variant")(
        "item-share", po::value(&o.plan.item_share)->default_value(o.plan.item_share),
        "share of the call budget reserved for getItem on listings whose title leaves the "
        "variant open, to read eBay's item aspects (0 turns it off)")(
        "check-share", po::value(&o.plan.check_share)->default_value(o.plan.check_share),
        "share of the call budget reserved for getItem on listings the searches missed where "
        "eBay's short pages may have left them out, to tell a sale from a withheld listing (0 "
        "turns it off)");
    const auto vm = parse_command_options(
        "fetch", "Fetch graphics-card listings from the eBay Browse API into the database.",
        options, args);
    if (!vm) return std::nullopt;
    if (vm->count("sample")) o.plan.sample_dir = (*vm)["sample"].as<std::string>();
    if (vm->count("config")) o.config_path = (*vm)["config"].as<std::string>();
    if (c.max_calls <= 0) throw UsageError("--max-calls must be positive");
    if (c.quota_reserve < 0) throw UsageError("--quota-reserve must not be negative");
    if (c.group_memory_nights < 0) {
        throw UsageError("--group-memory-nights must not be negative");
    }
    if (!(o.plan.item_share >= 0 && o.plan.item_share <= 1)) {
        throw UsageError("--item-share must be between 0 and 1");
    }
    if (!(o.plan.sold_share >= 0 && o.plan.sold_share <= 1) ||
        o.plan.sold_share + o.plan.item_share > 1) {
        throw UsageError("--sold-share must be between 0 and 1, and with --item-share at most 1");
    }
    if (!(o.plan.check_share >= 0 && o.plan.check_share <= 1) ||
        o.plan.sold_share + o.plan.item_share + o.plan.check_share > 1) {
        throw UsageError(
            "--check-share must be between 0 and 1, and with --sold-share and --item-share at "
            "most 1");
    }
    if (c.http.parallel < 1 || c.http.parallel > kMaxParallel) {
        throw UsageError("--parallel must be 1.." + std::to_string(kMaxParallel));
    }
    c.search.marketplace = market_option(o.marketplace);
    if (o.item_location == "marketplace") {
        c.search.location = fetcher::ItemLocation::marketplace_country;
    } else if (o.item_location == "any") {
        c.search.location = fetcher::ItemLocation::anywhere;
    } else {
        throw UsageError("--item-location must be marketplace or any");
    }
    c.check_quota = !no_quota_check;
    c.expand_variations = !no_expand;
    o.plan.aspect_filters = !no_aspect_filters;
    o.plan.conditions = conditions_option(o.condition);
    const int retry_base = (*vm)["retry-base-ms"].as<int>();
    if (retry_base < 0) throw UsageError("--retry-base-ms must not be negative");
    c.http.retry.base_delay = std::chrono::milliseconds(retry_base);
    const int deadline = (*vm)["deadline-minutes"].as<int>();
    if (deadline < 1) throw UsageError("--deadline-minutes must be at least 1");
    c.deadline = std::chrono::minutes(deadline);  // whole minutes on the command line
    const int throttle = (*vm)["max-throttle-minutes"].as<int>();
    if (throttle < 0) throw UsageError("--max-throttle-minutes must not be negative");
    c.max_throttle_wait = std::chrono::minutes(throttle);
    const int token_wait = (*vm)["token-wait-seconds"].as<int>();
    if (token_wait < 0) throw UsageError("--token-wait-seconds must not be negative");
    c.token_outage_wait = std::chrono::seconds(token_wait);
    return o;
}

void print_coverage(const fetcher::FetchOutcome& outcome) {
    std::cout << "  coverage of run " << outcome.run_id
              << " (query: total, pages, items, stopped, complete):\n";
    for (const auto& q : outcome.coverage) {
        std::cout << "    " << q.query << ": "
                  << (q.total ? std::to_string(*q.total) : std::string("-")) << ", " << q.pages
                  << ", " << q.items << ", " << schema::query_stop_name(q.stopped) << ", "
                  << (q.complete ? "complete" : "INCOMPLETE");
        if (!q.warnings.empty()) std::cout << " (" << q.warnings << ")";
        if (q.total_gap > 0) {
            std::cout << " (total gap " << q.total_gap << ": " << fetcher::explain_gap(q) << ")";
        }
        std::cout << '\n';
    }
}

// "calls by kind: search 512, price-band 40, item-group 1960": where the night's calls went.
void print_calls_by_kind(const fetcher::FetchOutcome& outcome) {
    std::cout << "  calls by kind:";
    const char* separator = " ";
    for (const auto& [kind, calls] : outcome.calls_by_kind) {
        std::cout << separator << schema::query_kind_name(kind) << ' ' << calls;
        separator = ", ";
    }
    if (outcome.groups_replayed > 0) {
        std::cout << separator << "item-group replayed " << outcome.groups_replayed << " (no call)";
    }
    std::cout << '\n';
}

// "769 skipped" said nothing of why (UX N13): the run's skips by reason, most first.
void print_skips(schema::Database& db, std::int64_t run_id) {
    const auto skips = app::run_skips(db, run_id);
    if (skips.empty()) return;
    std::cout << "  skipped in run " << run_id << " (reason count):";
    for (std::size_t i = 0; i < skips.size(); ++i) {
        std::cout << (i ? ", " : " ") << skips[i].first << " " << skips[i].second;
    }
    std::cout << '\n';
}

void print_outcome(const GlobalOptions& global, const fetcher::FetchOutcome& outcome,
                   schema::Database& db) {
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
        if (global.verbosity == Verbosity::Verbose) {
            print_calls_by_kind(outcome);
            print_skips(db, outcome.run_id);
            print_coverage(outcome);
        }
    }
    if (outcome.status != schema::RunStatus::ok || show) {
        for (const auto& problem : outcome.problems) {
            say("fetch: " + schema::printable_text(problem));
        }
    }
}

// The night's exit code: the listings pass's stop first (quota 7, credentials 5), then whether
// listings may be missing (6). A later pass that lost its token, met the deadline or failed
// pages makes the night partial (6): its listings and reports stand.
int exit_code(const app::NightResult& night) {
    const auto& outcome = night.fetch;
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
            return night.later_pass_failed ? kExitPartial : kExitOk;
        case schema::RunStatus::partial:
            // Reaching the call budget is a clean stop; failed or truncated pages, ignored
            // filters and the deadline are not.
            return outcome.listings_missing() || night.later_pass_failed ? kExitPartial : kExitOk;
        default:
            return kExitFailure;
    }
}

}  // namespace

// Fetch, then match what the run saw: the night (app/night.hpp). Steps: options,
// rules, credentials (before anything is written), open the database, the night, summarise.
int command_fetch(const GlobalOptions& global, const std::vector<std::string>& args) {
    auto options = parse_fetch_options(args);
    if (!options) return kExitOk;

    const auto rules = load_rules(global);
    const app::Matchers matchers(rules);
    std::optional<fetcher::Credentials> credentials;
    if (!options->plan.sample_dir) {
        credentials = fetcher::load_credentials(options->config_path);
    }
    auto db = open_database(global, rules);

    const bool show_progress = global.stderr_is_terminal && global.verbosity != Verbosity::Quiet;
    app::NightObserver observer;
    observer.message = [&](app::Loudness loudness, const std::string& text) {
        switch (loudness) {
            case app::Loudness::progress:
                progress(global, text);
                break;
            case app::Loudness::warning:
                warn(global, text);
                break;
            case app::Loudness::problem:
                say("fetch: " + text);
                break;
        }
    };
    observer.fetch_progress = [&](const fetcher::FetchProgress& p) {
        if (!show_progress) return;
        std::cerr << "\rpages " << p.pages_done << "/" << p.pages_planned << ", " << p.listings
                  << " listings";
        if (p.calls_budget) std::cerr << ", calls " << p.calls_used << "/" << p.calls_budget;
        std::cerr << "   " << std::flush;
    };
    options->plan.night = schema::Night::of(schema::now());
    const auto night = app::run_night(db, rules, matchers, options->plan,
                                      credentials ? &*credentials : nullptr, observer);
    if (show_progress) std::cerr << '\n';
    print_outcome(global, night.fetch, db);
    return exit_code(night);
}

}  // namespace gpuprice::cli
