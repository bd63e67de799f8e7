#include <iostream>

#include "analysis/title_matcher.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/match_listings.hpp"
#include "fetcher/credentials.hpp"
#include "fetcher/errors.hpp"
#include "fetcher/fetch_run.hpp"
#include "fetcher/oauth_client.hpp"
#include "fetcher/sample_replay.hpp"
#include "schema/domain/clock.hpp"
#include "schema/rules/match_rules.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

namespace {

struct FetchOptions {
    std::string condition = "all";
    std::vector<std::string> queries;
    std::optional<std::string> sample_dir;
    std::optional<std::string> config_path;
    std::string token_cache;
    fetcher::FetchConfig config;
};

std::optional<FetchOptions> parse_fetch_options(const std::vector<std::string>& args) {
    FetchOptions o;
    auto& c = o.config;
    po::options_description options("fetch options");
    options.add_options()("condition", po::value(&o.condition)->default_value(o.condition),
                          "new, used, refurbished, open-box or all")(
        "query", po::value(&o.queries)->composing(),
        "search text, repeatable (default: one per model family of the catalog)")(
        "sample", po::value<std::string>()->implicit_value(fetcher::default_sample_dir()),
        "replay recorded responses from this folder instead of calling eBay")(
        "api-base", po::value(&c.api_base)->default_value(c.api_base), "Browse API base URL")(
        "auth-url", po::value(&c.auth_url)->default_value(c.auth_url), "OAuth token endpoint")(
        "marketplace", po::value(&c.marketplace)->default_value(c.marketplace),
        "X-EBAY-C-MARKETPLACE-ID")(
        "max-calls", po::value(&c.http.max_calls)->default_value(c.http.max_calls),
        "stop cleanly after this many API calls (eBay allows 5,000/day)")(
        "parallel", po::value(&c.http.parallel)->default_value(c.http.parallel),
        "concurrent requests")("config", po::value<std::string>(),
                               "credentials file (default $GPUPRICE_CONFIG or "
                               "~/.config/gpuprice/credentials), mode 0600")(
        "token-cache",
        po::value(&o.token_cache)->default_value(fetcher::default_token_cache_path()),
        "where the OAuth token is kept between runs (mode 0600)")(
        "retry-base-ms", po::value<int>()->default_value(500),
        "first retry delay; doubles per attempt, with jitter");
    const auto vm = parse_command_options(
        "fetch", "Fetch graphics-card listings from the eBay Browse API into the database.",
        options, args);
    if (!vm) return std::nullopt;
    if (vm->count("sample")) o.sample_dir = (*vm)["sample"].as<std::string>();
    if (vm->count("config")) o.config_path = (*vm)["config"].as<std::string>();
    if (c.http.max_calls <= 0) throw UsageError("--max-calls must be positive");
    if (c.http.parallel < 1 || c.http.parallel > 16) throw UsageError("--parallel must be 1..16");
    const int retry_base = (*vm)["retry-base-ms"].as<int>();
    if (retry_base < 0) throw UsageError("--retry-base-ms must not be negative");
    c.http.retry.base_delay = std::chrono::milliseconds(retry_base);
    c.token_cache_path = o.token_cache;
    return o;
}

void print_outcome(const GlobalOptions& global, const fetcher::FetchOutcome& outcome) {
    const bool show = global.verbosity != Verbosity::Quiet &&
                      (global.stdout_is_terminal || global.verbosity == Verbosity::Verbose);
    if (show) {
        std::cout << "run " << outcome.run_id << ": " << schema::run_status_name(outcome.status)
                  << ", " << outcome.pages_stored << " pages, " << outcome.listings_seen
                  << " listings (" << outcome.listings_new << " new), " << outcome.listings_skipped
                  << " skipped, " << outcome.calls_used << " API calls\n";
        for (const auto& note : outcome.notes) std::cout << "  note: " << note << '\n';
    }
    if (outcome.status != schema::RunStatus::ok || show) {
        for (const auto& problem : outcome.problems) {
            std::cerr << "gpuprice: fetch: " << problem << '\n';
        }
    }
}

}  // namespace

// Fetch, then match what the run saw. Steps: credentials (before anything is written), open the
// database, fetch or replay, match, summarise.
int command_fetch(const GlobalOptions& global, const std::vector<std::string>& args) {
    auto options = parse_fetch_options(args);
    if (!options) return kExitOk;
    std::vector<fetcher::ConditionGroup> conditions;
    try {
        conditions = fetcher::condition_groups(options->condition);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }

    const auto catalog_dir = schema::resolve_catalog_dir(global.catalog_dir);
    const auto catalog = schema::load_catalog(catalog_dir);
    const auto rules = schema::load_match_rules(catalog_dir, catalog);
    const analysis::TitleMatcher matcher(catalog, rules);
    std::optional<fetcher::Credentials> credentials;
    if (!options->sample_dir) credentials = fetcher::load_credentials(options->config_path);

    auto db = open_database(global, catalog);
    if (int closed = schema::close_abandoned_runs(db, schema::now_iso())) {
        warn(global,
             std::to_string(closed) + " earlier run(s) had been interrupted; marked failed");
    }
    const auto observed_on = schema::utc_date(std::chrono::system_clock::now());
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
        std::vector<std::string> terms =
            options->queries.empty() ? fetcher::search_terms(catalog) : options->queries;
        for (const auto& condition : conditions) {
            for (const auto& term : terms) config.queries.push_back({term, condition});
        }
        outcome = fetcher::run_fetch(db, config, *credentials, observed_on, progress_fn);
    }
    if (show_progress) std::cerr << '\n';

    const auto verdicts =
        match_listings(db, matcher, schema::WhichListings::WithoutVerdictOrSeenInRun,
                       outcome.run_id, schema::now_iso());
    progress(global, "matched " + std::to_string(verdicts.count("ok") ? verdicts.at("ok") : 0) +
                         " listings to catalog models");
    print_outcome(global, outcome);
    switch (outcome.status) {
        case schema::RunStatus::ok:
            return kExitOk;
        case schema::RunStatus::partial:
            // Reaching the call budget is a clean stop; errors are not.
            return outcome.pages_failed == 0 ? kExitOk : kExitPartial;
        default:
            return kExitFailure;
    }
}

}  // namespace gpuprice::cli
