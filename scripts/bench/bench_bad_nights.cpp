// Two nights (or NIGHTS) a day apart against the realistic fake market (realistic_market.hpp), run
// in this process through app::run_night as `gpuprice fetch --max-calls 3000` runs them, on an
// injected clock: every response moves it by LATENCY_MS (0.6 s: the wall time such a night would
// take at that latency, one request at a time), retry waits move it instead of sleeping, and
// GPUPRICE_NOW sets each night's date. Nothing reads the wall clock.
//
// Between the nights the market turns over: every 20th listing sells (leaves, its last price the
// truth) and 5% new listings arrive. Every 4th sale stays known to getItem as ended (200 with an
// itemEndDate in the past and OUT_OF_STOCK); the others answer 404 with errorId 11001. Prices come
// from PRICES (real_prices.tsv: each model's real eBay prices, real_prices.hpp) or, with PRICES
// `uniform`, 100-1,600 USD for every model. A scenario teaches the fake eBay's bad behaviours
// (ebay_audit_3 F1-F6), on both nights unless said:
//   best        eBay on its best behaviour
//   bad         all of: `total` counting variations, short pages mid-result (every 3rd page 3
//               items short), 20 failed search calls, 19 item groups gone (night 2), the token
//               endpoint failing 8 requests in a row mid-night, twelve 429/2001 with the quota far
//               from spent (one request at a time)
//   variations / short / failures / groups / token / throttle: one of them alone
//   unchanged   eBay on its best behaviour, and nothing sells or arrives between the nights: what
//               a second night costs when nothing changed (item groups replayed, issue 39)
// Prints per night: its exit code (as `gpuprice fetch` would exit), calls by kind, coverage of
// valid US listings, the wall time at LATENCY_MS; then the clearances (cleared, pending,
// uncounted; per day of sales, how many were cleared), and per model the cleared median against
// the truth of what sold.
//   bench_bad_nights CATALOG_DIR SCENARIO [LATENCY_MS] [PERCENT] [PRICES] [NIGHTS]
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "analysis/median.hpp"
#include "app/night.hpp"
#include "fetcher/item_aspects.hpp"
#include "fetcher/listings_pager.hpp"
#include "schema/rules/rule_set.hpp"
#include "schema/store/catalog_store.hpp"
#include "schema/store/migrations.hpp"
#include "scripts/bench/real_prices.hpp"
#include "scripts/bench/realistic_market.hpp"
#include "tests/manual_clock.hpp"

using namespace gpuprice;

namespace {

struct Scenario {
    bool variations = false, short_pages = false, failures = false, groups = false, token = false,
         throttle = false, unchanged = false;
};

Scenario scenario(const std::string& name) {
    Scenario s;
    const bool bad = name == "bad";
    s.variations = bad || name == "variations";
    s.short_pages = bad || name == "short";
    s.failures = bad || name == "failures";
    s.groups = bad || name == "groups";
    s.token = bad || name == "token";
    s.throttle = bad || name == "throttle";
    s.unchanged = name == "unchanged";
    if (!bad && name != "best" && !s.unchanged && !s.variations && !s.short_pages && !s.failures &&
        !s.groups && !s.token && !s.throttle) {
        std::fprintf(stderr, "unknown scenario %s\n", name.c_str());
        std::exit(2);
    }
    return s;
}

// `gpuprice fetch`'s exit code for a night (cli/command_fetch.cpp exit_code).
int exit_code(const app::NightResult& night) {
    const auto& outcome = night.fetch;
    if (outcome.stop == fetcher::StopReason::quota) return 7;
    if (outcome.stop == fetcher::StopReason::access_denied ||
        outcome.stop == fetcher::StopReason::credentials)
        return 5;
    if (outcome.status == schema::RunStatus::ok) return night.later_pass_failed ? 6 : 0;
    if (outcome.status == schema::RunStatus::partial)
        return outcome.listings_missing() || night.later_pass_failed ? 6 : 0;
    return 1;
}

std::int64_t scalar(schema::Database& db, const std::string& sql) {
    auto select = db.prepare(sql);
    select.step();
    return select.int64(0);
}

double price_of(const test::FakeItem& item) {
    return std::stod(item.price) + std::stod(item.shipping_cost);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr,
                     "usage: bench_bad_nights CATALOG_DIR SCENARIO [LATENCY_MS] [PERCENT] "
                     "[PRICES] [NIGHTS]\n");
        return 2;
    }
    const std::string catalog_dir = argv[1];
    const auto name = std::string(argv[2]);
    const auto faults = scenario(name);
    const int latency_ms = argc > 3 ? std::stoi(argv[3]) : 600;
    const int percent = argc > 4 ? std::stoi(argv[4]) : 100;
    const std::string prices_path = argc > 5 ? argv[5] : "scripts/bench/real_prices.tsv";
    const int night_count = argc > 6 ? std::stoi(argv[6]) : 2;
    if (night_count < 2 || night_count > 9) {
        std::fprintf(stderr, "NIGHTS must be 2 to 9, not %d\n", night_count);
        return 2;
    }
    std::optional<bench::RealPrices> real_prices;
    if (prices_path != "uniform") real_prices = bench::load_real_prices(prices_path);
    const bench::RealPrices* prices = real_prices ? &*real_prices : nullptr;

    const auto rules = schema::load_rule_set(catalog_dir);
    const app::Matchers matchers(rules);
    auto market = bench::realistic_market(rules.catalog, rules.search_terms, 0, percent, prices);
    std::map<std::string, test::FakeItem> listed;  // what the fake serves tonight, by item id
    for (const auto& item : market.items) listed[item.item_id] = item;

    test::ManualClock clock;
    test::FakeEbay ebay;
    ebay.set_clock([&] { return clock.now(); });
    for (const auto& [id, variations] : market.groups) ebay.set_item_group(id, variations);
    ebay.set_total_counts_variations(faults.variations);
    if (faults.short_pages) ebay.set_short_pages(3, 3);

    const auto db_path = std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") +
                         "/bench_bad_nights-" + name + ".db";
    std::remove(db_path.c_str());
    std::remove((db_path + "-wal").c_str());
    std::remove((db_path + "-shm").c_str());
    schema::Database db(db_path);
    schema::migrate(db);
    schema::store_catalog(db, rules.catalog);

    app::NightPlan plan;
    plan.conditions = schema::parse_conditions("all");
    plan.item_share = fetcher::kDefaultItemCallShare;
    plan.check_share = fetcher::kDefaultWithheldCheckShare;
    plan.fetch.search.api_base = ebay.api_base();
    plan.fetch.auth_url = ebay.token_url();
    plan.fetch.token_cache_path = db_path + ".token";
    plan.fetch.max_calls = 3000;
    plan.fetch.http.parallel = 1;
    plan.fetch.http.clock = clock.run_clock();
    const fetcher::Credentials credentials{ebay.client_id, ebay.client_secret};
    std::remove(plan.fetch.token_cache_path.c_str());

    std::printf(
        "scenario %s: %zu listings (%d valid US, %d abroad, %d multi-variation), "
        "%d ms per response, --max-calls 3000, --parallel 1, prices %s, %d nights\n",
        name.c_str(), market.items.size(), market.valid, market.abroad, market.variation_groups,
        latency_ms, prices_path.c_str(), night_count);
    std::map<std::string, std::vector<double>> truth;  // model -> prices of what sold
    std::map<std::string, double> sold;                // item id -> its last price
    std::map<std::string, int> sold_on;  // item id -> the turnover day (1: before night 2)
    // Every 4th sale ends with eBay still serving it to getItem (200, itemEndDate past,
    // OUT_OF_STOCK); the others answer 404 with errorId 11001.
    std::vector<test::FakeItem> ended;
    int sales = 0;
    for (int n = 0; n < night_count; ++n) {
        const std::string night = "2026-12-0" + std::to_string(n + 1);
        if (n >= 1 && !faults.unchanged) {
            // The day between: every 20th valid listing sells, 5% new listings arrive.
            int i = 0;
            for (auto it = listed.begin(); it != listed.end();) {
                const bool valid = it->first.starts_with("v1|1");
                if (valid && i++ % 20 == 7) {
                    truth[market.model_of.at(it->first)].push_back(price_of(it->second));
                    sold[it->first] = price_of(it->second);
                    sold_on[it->first] = n;
                    if (sales++ % 4 == 0) {
                        ended.push_back(it->second);
                        ended.back().ended_at = "2026-12-0" + std::to_string(n) + "T12:00:00.000Z";
                    }
                    it = listed.erase(it);
                } else {
                    ++it;
                }
            }
            auto fresh = bench::realistic_market(rules.catalog, rules.search_terms,
                                                 5000000 + 100000 * (n - 1),
                                                 std::max(1, percent / 20), prices);
            for (auto& [id, model] : fresh.model_of) market.model_of[id] = model;
            for (const auto& [id, variations] : fresh.groups) ebay.set_item_group(id, variations);
            for (auto& item : fresh.items) listed[item.item_id] = item;
            if (faults.groups && n == 1) {  // 19 groups end between their search page and expansion
                int gone = 0;
                for (const auto& [id, variations] : market.groups) {
                    if (gone++ >= 19) break;
                    ebay.remove_item_group(id);
                }
            }
        }
        std::vector<test::FakeItem> items;
        for (const auto& [id, item] : listed) items.push_back(item);
        items.insert(items.end(), ended.begin(), ended.end());
        ebay.set_market(items);
        int responses = 0;
        ebay.set_on_request([&] {
            clock.advance(std::chrono::milliseconds(latency_ms));
            ++responses;
            if (faults.failures && responses == 100) {
                for (int f = 0; f < 20; ++f) ebay.queue_faults({test::Fault::ServerError});
            }
            if (faults.throttle && responses == 300) {
                for (int f = 0; f < 12; ++f) ebay.queue_faults({test::Fault::Burst});
            }
            if (faults.token && responses == 500) {
                // Every token dies now: the next mint meets the endpoint down for 8 requests.
                ebay.queue_faults({test::Fault::ExpireToken});
                ebay.fail_token_requests(8);
            }
        });
        ::setenv("GPUPRICE_NOW", (night + "T03:00:00Z").c_str(), 1);
        plan.night = gpuprice::schema::Night::from_text(night);
        const auto start = clock.now();
        const auto result = app::run_night(db, rules, matchers, plan, &credentials, {});
        const auto seconds =
            std::chrono::duration_cast<std::chrono::seconds>(clock.now() - start).count();
        const auto& f = result.fetch;
        int valid_tonight = 0;
        for (const auto& [id, item] : listed) valid_tonight += id.starts_with("v1|1") ? 1 : 0;
        const auto seen = scalar(db,
                                 "SELECT count(*) FROM listings WHERE item_id LIKE 'v1|1%' "
                                 "AND last_seen_on = '" +
                                     night + "'");
        std::printf(
            "night %s: exit %d%s, %d calls (listings pass %d), %lld valid US listings "
            "seen of %d (%.2f%%), wall %lld s at %d ms per response (%d:%02d)\n",
            night.c_str(), exit_code(result),
            f.stop == fetcher::StopReason::none
                ? ""
                : (" stopped " + std::string(fetcher::stop_reason_name(f.stop))).c_str(),
            result.calls_used, f.calls_used, static_cast<long long>(seen), valid_tonight,
            100.0 * static_cast<double>(seen) / valid_tonight, static_cast<long long>(seconds),
            latency_ms, static_cast<int>(seconds / 3600), static_cast<int>(seconds / 60 % 60));
        std::printf("  calls by kind:");
        for (const auto& [kind, calls] : f.calls_by_kind)
            std::printf(" %s %d", std::string(schema::query_kind_name(kind)).c_str(), calls);
        std::printf(", getItem %d\n", result.calls_used - f.calls_used);
        const auto& check = f.withheld_check;
        std::printf(
            "  withheld check: %d missed inside windows, %d ended, %d still listed, %d undecided, "
            "%d not asked, %d calls\n",
            check.missed, check.ended, check.listed, check.undecided, check.not_asked,
            check.calls_used);
        std::printf(
            "  total gap: %d queries, %lld items; pages put back %d, failed %d; groups "
            "gone %d; extras failed %d\n",
            f.queries_with_gap, static_cast<long long>(f.total_gap), f.pages_requeued,
            f.pages_failed, f.groups_gone, f.extras_failed);
        for (const auto& p : f.problems) std::printf("  problem: %s\n", p.c_str());
    }

    // What the nights decided for the listings that sold, and the cleared prices per model.
    std::map<std::string, int> outcomes;
    auto decided = db.prepare(
        "SELECT l.item_id, c.outcome FROM listing_clearances c JOIN listings l "
        "ON l.id = c.listing_id");
    std::map<std::string, std::vector<double>> cleared;
    std::map<int, int> cleared_by_day;
    int cleared_sold = 0, cleared_not_sold = 0;
    while (decided.step()) {
        const auto id = decided.text(0);
        const auto outcome = decided.text(1);
        ++outcomes[outcome];
        if (outcome != "cleared") continue;
        if (!sold.contains(id)) {
            ++cleared_not_sold;  // a listing still for sale counted as gone
            std::printf("  cleared while listed: %s\n", id.c_str());
            continue;
        }
        ++cleared_sold;
        ++cleared_by_day[sold_on.at(id)];
        // The fake's own price for it: the measure is the decision, not the parser.
        cleared[market.model_of.at(id)].push_back(sold.at(id));
    }
    std::printf("clearances:");
    for (const auto& [outcome, count] : outcomes) std::printf(" %s %d", outcome.c_str(), count);
    std::printf("; sold %zu, cleared of them %d, cleared while still listed %d\n", sold.size(),
                cleared_sold, cleared_not_sold);
    std::map<int, int> sold_by_day;
    for (const auto& [id, day] : sold_on) ++sold_by_day[day];
    for (const auto& [day, count] : sold_by_day)
        std::printf("  sold before night %d: %d, cleared %d\n", day + 1, count,
                    cleared_by_day[day]);
    int models = 0, within = 0;
    double worst = 0;
    for (const auto& [model, sold_prices] : truth) {
        const auto found = cleared.find(model);
        if (sold_prices.size() < 5 || found == cleared.end() || found->second.size() < 5) continue;
        const double error =
            std::abs(analysis::median(found->second) / analysis::median(sold_prices) - 1);
        if (error > 0.05) {
            std::printf("  %s: cleared median %.2f of %zu, truth %.2f of %zu sold\n", model.c_str(),
                        analysis::median(found->second), found->second.size(),
                        analysis::median(sold_prices), sold_prices.size());
        }
        ++models;
        within += error <= 0.05 ? 1 : 0;
        worst = std::max(worst, error);
    }
    std::printf(
        "cleared medians (models with >= 5 sold and >= 5 cleared): %d of %d within 5%% "
        "of the truth, worst %.1f%%\n",
        within, models, 100 * worst);
    return 0;
}
