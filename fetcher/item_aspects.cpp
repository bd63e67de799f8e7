#include "fetcher/item_aspects.hpp"

#include <simdjson.h>

#include <algorithm>
#include <cmath>

#include "fetcher/browse_parser.hpp"
#include "fetcher/oauth_client.hpp"
#include "fetcher/url.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/aspect_store.hpp"

namespace gpuprice::fetcher {

namespace {

using SystemClock = std::chrono::system_clock;

// A cached token needs this long left to be used for the pass.
constexpr std::chrono::seconds kTokenMargin{300};
constexpr long kNotFound = 404;

std::string describe(const HttpResponse& response) {
    if (response.status == 0) return "network: " + response.curl_error;
    std::string out = "HTTP " + std::to_string(response.status);
    for (const auto& e : parse_errors(response.body)) out += ", " + e.describe();
    return out;
}

}  // namespace

int item_call_budget(int max_calls, double share, int calls_used) {
    const int share_calls = static_cast<int>(std::floor(static_cast<double>(max_calls) * share));
    return std::max(0, std::min(share_calls, max_calls - calls_used));
}

std::string item_url(const std::string& api_base, const std::string& item_id) {
    return api_base + "/buy/browse/v1/item/" + percent_encode(item_id);
}

std::vector<std::pair<std::string, std::string>> parse_item_aspects(std::string_view body) {
    std::vector<std::pair<std::string, std::string>> aspects;
    simdjson::dom::parser parser;
    simdjson::dom::object item;
    simdjson::dom::array localized;
    if (parser.parse(body.data(), body.size()).get(item) ||
        item["localizedAspects"].get(localized)) {
        return aspects;
    }
    for (auto element : localized) {
        std::string_view name, value;
        simdjson::dom::object aspect;
        if (element.get(aspect) || aspect["name"].get(name) || aspect["value"].get(value)) {
            continue;  // a malformed aspect costs only itself
        }
        if (name.empty() || value.empty()) continue;
        aspects.emplace_back(std::string(name), std::string(value));
    }
    return aspects;
}

ItemAspectsOutcome fetch_item_aspects(schema::Database& db, const ItemAspectsConfig& config,
                                      const Credentials& credentials,
                                      const std::vector<ItemToAsk>& items) {
    ItemAspectsOutcome outcome;
    if (items.empty() || config.http.max_calls <= 0) {
        outcome.budget_reached = !items.empty();
        return outcome;
    }
    HttpEngine engine(config.http);
    // Token lifetimes are real seconds: the system clock, not gpuprice's (maybe frozen) one.
    std::string token;
    if (auto cached = load_cached_token(config.token_cache_path, credentials.client_id,
                                        config.auth_url, SystemClock::now(), kTokenMargin)) {
        token = cached->value;
    } else {
        HttpResponse response;
        auto request = token_request(config.auth_url, credentials);
        request.counts_against_budget = false;  // token mints have their own limit
        engine.submit(std::move(request), [&](HttpResponse&& r) { response = std::move(r); });
        engine.run();
        const auto minted = token_from_response(response, SystemClock::now());
        save_cached_token(config.token_cache_path, credentials.client_id, config.auth_url, minted);
        token = minted.value;
    }
    const auto now = schema::now_iso();
    for (const auto& item : items) {
        HttpRequest request;
        request.url = item_url(config.api_base, item.item_id);
        request.headers = {"Authorization: Bearer " + token,
                           "X-EBAY-C-MARKETPLACE-ID: " + std::string(config.market.id),
                           "Accept: application/json"};
        engine.submit(std::move(request), [&, item](HttpResponse&& response) {
            if (response.budget_exhausted) {
                outcome.budget_reached = true;
                return;
            }
            if (response.status == 200) {
                const auto aspects = parse_item_aspects(response.body);
                schema::Transaction tx(db);
                schema::store_aspects(db, item.listing_id, schema::AspectSource::item, aspects,
                                      now);
                schema::record_item_lookup(db, item.listing_id, now, "ok");
                tx.commit();
                ++outcome.items_answered;
                if (!aspects.empty()) ++outcome.items_with_aspects;
            } else if (response.status == kNotFound) {
                schema::record_item_lookup(db, item.listing_id, now, "gone");
                ++outcome.items_gone;
            } else {
                ++outcome.items_failed;
                if (outcome.problems.size() < 5) {
                    outcome.problems.push_back("getItem " + item.item_id + ": " +
                                               describe(response));
                }
            }
        });
    }
    engine.run();
    outcome.calls_used = engine.calls_made();
    if (engine.budget_exhausted()) outcome.budget_reached = true;
    return outcome;
}

}  // namespace gpuprice::fetcher
