#include "fetcher/item_aspects.hpp"

#include <simdjson.h>

#include "fetcher/ebay_error_ids.hpp"
#include "fetcher/url.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/printable_text.hpp"
#include "schema/store/aspect_store.hpp"

namespace gpuprice::fetcher {

namespace {

using ebay_error::kItemNotFound;
constexpr long kNotFound = 404;

}  // namespace

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
        // Stored and shown, as every eBay text: control characters never get in.
        auto clean_name = schema::printable_text(name);
        auto clean_value = schema::printable_text(value);
        if (clean_name.empty() || clean_value.empty()) continue;
        aspects.emplace_back(std::move(clean_name), std::move(clean_value));
    }
    return aspects;
}

std::size_t send_item_calls(EbayClient& client, Pass pass, const std::vector<std::string>& item_ids,
                            bool buyer_context,
                            const std::function<void(std::size_t, EbayAnswer&&)>& answered) {
    auto& budget = *client.budget();
    const auto& api_base = client.config().endpoints.api_base;
    // Sent as the pass's calls allow, `parallel` at a time: every answer sends the next.
    std::size_t next = 0;
    const std::function<void()> pump = [&] {
        while (next < item_ids.size() && client.can_send(EbayApi::browse) &&
               client.stop_of(EbayApi::browse).reason == StopReason::none &&
               budget.left(pass) > 0) {
            const auto index = next++;
            EbayCall call;
            call.api = EbayApi::browse;
            call.pass = pass;
            call.url = item_url(api_base, item_ids[index]);
            call.buyer_context = buyer_context;
            client.send(std::move(call), [&answered, index](EbayAnswer&& answer) {
                answered(index, std::move(answer));
            });
        }
    };
    client.set_wake(pump);
    pump();
    client.run();
    client.set_wake({});
    return next;
}

ItemAspectsOutcome fetch_item_aspects(schema::Database& db, EbayClient& client,
                                      const std::vector<ItemToAsk>& items) {
    ItemAspectsOutcome outcome;
    auto& budget = *client.budget();
    const auto now = schema::now_iso();
    std::vector<std::string> ids;
    for (const auto& item : items) ids.push_back(item.item_id);
    const auto next = send_item_calls(
        client, Pass::item_aspects, ids, false, [&](std::size_t index, EbayAnswer&& answer) {
            const auto& item = items[index];
            if (answer.not_sent == NotSent::budget) {
                outcome.budget_reached = true;
                ++outcome.items_not_asked;
                return;
            }
            if (answer.not_sent != NotSent::none) {
                ++outcome.items_not_asked;
                return;
            }
            const auto status = answer.response.status;
            if (answer.ok()) {
                const auto aspects = parse_item_aspects(answer.response.body);
                schema::Transaction tx(db);
                schema::store_aspects(db, item.listing_id, schema::AspectSource::item, aspects,
                                      now);
                schema::record_item_lookup(db, item.listing_id, now, schema::ItemLookupStatus::ok);
                tx.commit();
                ++outcome.items_answered;
                if (!aspects.empty()) ++outcome.items_with_aspects;
            } else if (answer.response.complete() &&
                       (answer.has_error(kItemNotFound) || status == kNotFound)) {
                // An ended or removed item: eBay documents 11001 under 400; 404 is kept for
                // what a proxy or an older API answers.
                schema::record_item_lookup(db, item.listing_id, now,
                                           schema::ItemLookupStatus::gone);
                ++outcome.items_gone;
            } else if (client.stop_of(EbayApi::browse).reason != StopReason::none) {
                ++outcome.items_not_asked;  // the answer that stopped the client
            } else {
                ++outcome.items_failed;
                if (outcome.problems.size() < 5) {
                    outcome.problems.push_back("getItem " + item.item_id + ": " +
                                               answer.describe());
                }
            }
        });
    outcome.items_not_asked += static_cast<int>(items.size() - next);
    if (next < items.size() && budget.left(Pass::item_aspects) <= 0) outcome.budget_reached = true;
    const auto& stop = client.stop_of(EbayApi::browse);
    if (stop.reason != StopReason::none) {
        outcome.stop = stop.reason;
        outcome.problems.push_back("getItem: " + stop.message);
    }
    outcome.calls_used = budget.used(Pass::item_aspects);
    budget.close(Pass::item_aspects);
    return outcome;
}

}  // namespace gpuprice::fetcher
