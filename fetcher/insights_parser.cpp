#include "fetcher/insights_parser.hpp"

#include <simdjson.h>

#include <charconv>

#include "fetcher/ebay_json.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/printable_text.hpp"

namespace gpuprice::fetcher {

namespace dom = simdjson::dom;
using schema::SkipReason;

namespace {

// Text fields are stored and shown: cleaned as Browse's are (fetcher/ebay_json.hpp).
std::string text(dom::object obj, std::string_view key) {
    std::string_view value;
    if (obj[key].get(value)) return {};
    return schema::printable_text(value);
}

// Reads one sale; returns the skip reason, or nullopt when it is usable.
std::optional<SkipReason> read_sale(dom::element value, std::string_view currency,
                                    schema::SoldItem& sale) {
    dom::object item;
    if (value.get(item)) return SkipReason::malformed_item;
    sale.item_id = text(item, "itemId");
    if (sale.item_id.empty()) return SkipReason::missing_item_id;
    if (auto skip = read_title(item, sale.title)) return skip;

    dom::object price;
    std::string_view amount;
    if (item["lastSoldPrice"].get(price) || price["value"].get(amount))
        return SkipReason::bad_price;
    const auto cents = parse_price_cents(amount);
    if (!cents || *cents <= 0 || *cents > kMaxPriceCents) return SkipReason::bad_price;
    sale.price_cents = *cents;
    sale.currency = text(price, "currency");
    if (sale.currency != currency) return SkipReason::other_currency;

    sale.sold_at = text(item, "lastSoldDate");
    if (!schema::parse_iso_utc(sale.sold_at)) return SkipReason::missing_sold_date;

    sale.condition_id = read_condition_id(item);
    if (sale.condition_id &&
        schema::condition_class(*sale.condition_id) == schema::ConditionClass::for_parts)
        return SkipReason::for_parts_condition;

    dom::array buying;
    if (!item["buyingOptions"].get(buying)) {
        for (auto option : buying) {
            std::string_view name;
            if (option.get(name)) continue;
            if (!sale.buying_options.empty()) sale.buying_options += ',';
            sale.buying_options += name;
        }
    }
    std::int64_t quantity = 0;
    if (!item["totalSoldQuantity"].get(quantity)) sale.quantity_sold = static_cast<int>(quantity);
    sale.item_group_type = text(item, "itemGroupType");
    sale.item_url = text(item, "itemWebUrl");
    dom::object location;
    if (!item["itemLocation"].get(location)) sale.location_country = text(location, "country");
    dom::object seller;
    if (!item["seller"].get(seller)) {
        sale.seller_username = text(seller, "username");
        std::int64_t score = 0;
        if (!seller["feedbackScore"].get(score)) sale.seller_feedback_score = score;
        const auto pct = text(seller, "feedbackPercentage");
        double percent = 0;
        const auto [pend, pec] = std::from_chars(pct.data(), pct.data() + pct.size(), percent);
        if (!pct.empty() && pec == std::errc()) sale.seller_feedback_pct = percent;
    }
    return std::nullopt;
}

}  // namespace

SoldPage parse_sold_page(std::string_view body, std::string_view currency) {
    SoldPage page;
    dom::parser parser;
    simdjson::padded_string json;
    dom::element root_value;
    dom::object root;
    if (parse_repaired(parser, body, json, root_value) || root_value.get(root)) {
        page.page_problem = "the response is not a JSON object";
        return page;
    }
    page.errors = parse_errors(body);
    auto total = read_total(root);
    page.total = total.count;
    page.total_problem = std::move(total.problem);
    std::int64_t limit = 0;
    if (!root["limit"].get(limit)) page.limit = limit;
    std::string_view next;
    page.has_next = !root["next"].get(next) && !next.empty();
    dom::array sales;
    if (root["itemSales"].get(sales)) return page;  // absent when nothing sold
    for (auto value : sales) {
        schema::SoldItem sale;
        if (auto skip = read_sale(value, currency, sale)) {
            ++page.skips[*skip];
        } else {
            page.items.push_back(std::move(sale));
        }
    }
    return page;
}

}  // namespace gpuprice::fetcher
