// `gpuprice probe`: the live self-check (fetcher/probe.hpp), run once after entering keys and
// never from cron. Options, credentials, the client, the probe, its table, its answers stored.
#include <algorithm>
#include <iostream>

#include "app/probe.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/message.hpp"
#include "fetcher/credentials.hpp"
#include "fetcher/fetch_run.hpp"
#include "fetcher/probe.hpp"
#include "fetcher/query_plan.hpp"
#include "fetcher/token_cache.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/market.hpp"
#include "schema/domain/printable_text.hpp"

namespace po = boost::program_options;

namespace gpuprice::cli {

int command_probe(const GlobalOptions& global, const std::vector<std::string>& args) {
    fetcher::FetchConfig c;
    std::string marketplace{schema::default_market().id};
    std::optional<std::string> term;
    std::optional<std::string> config_path;
    po::options_description options("probe options");
    options.add_options()("api-base",
                          po::value(&c.search.api_base)->default_value(c.search.api_base),
                          "Browse API base URL")(
        "auth-url", po::value(&c.auth_url)->default_value(c.auth_url), "OAuth token endpoint")(
        "marketplace", po::value(&marketplace)->default_value(marketplace),
        ("eBay marketplace: " + schema::market_ids()).c_str())(
        "term", po::value<std::string>(),
        "family term whose keyword joins are compared and whose pages are read (default: the "
        "family that took the most pages in the last fetch, else RTX 3080)")(
        "quota-reserve", po::value(&c.quota_reserve)->default_value(c.quota_reserve),
        "calls of eBay's daily quota the probe leaves unused")(
        "config", po::value<std::string>(),
        "credentials file (default $GPUPRICE_CONFIG or ~/.config/gpuprice/credentials)")(
        "token-cache",
        po::value(&c.token_cache_path)->default_value(fetcher::default_token_cache_path()),
        "where the OAuth token is kept between runs (mode 0600)");
    const auto vm = parse_command_options(
        "probe",
        "Check, in at most " + std::to_string(fetcher::kProbeCalls) +
            " live calls, what eBay does where its documents disagree or say nothing; print what "
            "was expected, what eBay did and what gpuprice will do, and store the answers the "
            "fetch uses. Run it once after entering keys, not from cron.",
        options, args);
    if (!vm) return kExitOk;
    if (vm->count("term")) term = (*vm)["term"].as<std::string>();
    if (vm->count("config")) config_path = (*vm)["config"].as<std::string>();
    if (c.quota_reserve < 0) throw UsageError("--quota-reserve must not be negative");
    const auto market = market_option(marketplace);
    c.search.marketplace = market;

    const auto rules = load_rules(global);
    fetcher::ProbeSettings settings;
    settings.conditions = conditions_option("all");
    auto credentials = fetcher::load_credentials(config_path);
    auto db = open_database(global, rules);
    if (!term) term = app::default_probe_term(db, rules, market);
    if (!term)
        throw UsageError("the catalog has no family term of two words; give one with --term");
    settings.term = *term;
    for (const auto& row : rules.search_terms) {
        if (row.family == settings.term) settings.q = row.q;  // the q the night sends for it
    }

    fetcher::EbayClient client(fetcher::client_config(c), credentials);
    const auto result =
        app::probe_and_store(db, market, client, settings, c.quota_reserve, schema::now_iso());
    std::cout << schema::printable_lines(fetcher::probe_table(result.rows));
    if (global.verbosity != Verbosity::Quiet) {
        say("probe: " + std::to_string(result.calls) + " API calls, " +
            std::to_string(result.answers.size()) + " answers stored for " +
            std::string(market.id));
    }
    return result.answered_all ? kExitOk : kExitPartial;
}

}  // namespace gpuprice::cli
