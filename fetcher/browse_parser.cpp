#include "fetcher/browse_parser.hpp"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <memory>
#include <set>

#include "fetcher/ebay_json.hpp"
#include "schema/domain/buying_option.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/printable_text.hpp"

namespace gpuprice::fetcher {

namespace dom = simdjson::dom;
using schema::SkipReason;

namespace {

std::optional<std::string_view> optional_string(dom::object obj, std::string_view key) {
    std::string_view value;
    if (obj[key].get(value)) return std::nullopt;
    return value;
}

// Text fields are stored and shown, so control characters never get in (see printable_text).
std::string string_or_empty(dom::object obj, std::string_view key) {
    return schema::printable_text(optional_string(obj, key).value_or(""));
}

std::optional<std::int64_t> money_cents(dom::object parent, std::string_view key,
                                        std::string_view currency) {
    dom::object money;
    if (parent[key].get(money)) return std::nullopt;
    if (optional_string(money, "currency") != currency) return std::nullopt;
    return parse_price_cents(optional_string(money, "value").value_or(""));
}

// The cheapest known shipping in the marketplace's currency. A FIXED cost wins over a CALCULATED
// one; a CALCULATED cost (an estimate for the buyer context eBay was given) is kept and marked
// as an estimate; CALCULATED without a cost, or no shipping options, stays unknown (nullopt).
void read_shipping(dom::object item, std::string_view currency, schema::Listing& listing) {
    dom::array options;
    if (item["shippingOptions"].get(options)) return;
    std::optional<std::int64_t> fixed, calculated;
    for (auto option_value : options) {
        dom::object option;
        if (option_value.get(option)) continue;
        const auto type = string_or_empty(option, "shippingCostType");
        if (listing.shipping_type.empty() || type == "FIXED") listing.shipping_type = type;
        const auto cost = money_cents(option, "shippingCost", currency);
        // Shipping above the price cap is a placeholder, not a cost: unknown.
        if (!cost || *cost > kMaxPriceCents) continue;
        auto& best = type == "FIXED" ? fixed : calculated;
        if (!best || *cost < *best) best = cost;
    }
    if (fixed) {
        listing.shipping_cents = fixed;
    } else if (calculated) {
        listing.shipping_cents = calculated;
        listing.shipping_estimated = true;
    }
}

// "…/get_items_by_item_group?item_group_id=185785195351" -> "185785195351".
std::string item_group_id(std::string_view href) {
    const auto key = href.find("item_group_id=");
    if (key == std::string_view::npos) return "";
    auto id = href.substr(key + 14);
    return std::string(id.substr(0, id.find('&')));
}

using Aspects = std::vector<std::pair<std::string, std::string>>;

// An Item whose estimatedAvailabilities say OUT_OF_STOCK, or a quantity of 0, everywhere it is
// sold (Browse API, EstimatedAvailability: estimatedAvailabilityStatus IN_STOCK, LIMITED_STOCK,
// OUT_OF_STOCK; estimatedAvailableQuantity). An item without the field is taken as on offer.
bool sold_out(dom::object item) {
    dom::array availabilities;
    if (item["estimatedAvailabilities"].get(availabilities)) return false;
    bool any = false;
    for (auto value : availabilities) {
        dom::object availability;
        if (value.get(availability)) continue;
        any = true;
        std::string_view status;
        std::int64_t quantity = 1;
        const bool has_status = !availability["estimatedAvailabilityStatus"].get(status);
        const bool has_quantity = !availability["estimatedAvailableQuantity"].get(quantity);
        const bool out =
            (has_status && status == "OUT_OF_STOCK") || (has_quantity && quantity <= 0);
        if (!out) return false;
    }
    return any;
}

// Reads one item; returns the skip reason, or nullopt when the listing is usable.
std::optional<SkipReason> read_item(dom::element value, std::string_view currency,
                                    schema::Listing& listing, Aspects* aspects) {
    dom::object item;
    if (value.get(item)) return SkipReason::malformed_item;

    auto item_id = optional_string(item, "itemId");
    if (!item_id || item_id->empty()) return SkipReason::missing_item_id;
    listing.item_id = std::string(*item_id);

    if (auto skip = read_title(item, listing.title)) return skip;

    dom::element price_value;
    if (item["price"].get(price_value)) return SkipReason::missing_price;
    dom::object price;
    std::string_view amount;
    if (price_value.get(price) || price["value"].get(amount)) return SkipReason::bad_price;
    const auto cents = parse_price_cents(amount);
    if (!cents || *cents <= 0 || *cents > kMaxPriceCents) return SkipReason::bad_price;
    listing.price_cents = *cents;
    listing.currency = string_or_empty(price, "currency");
    // Prices are kept in the marketplace's currency, never converted or mixed.
    if (listing.currency != currency) return SkipReason::other_currency;

    listing.condition_id = read_condition_id(item);
    if (listing.condition_id &&
        schema::condition_class(*listing.condition_id) == schema::ConditionClass::for_parts)
        return SkipReason::for_parts_condition;

    dom::array buying;
    if (item["buyingOptions"].get(buying)) return SkipReason::missing_buying_options;
    bool priced_offer = false;
    for (auto option : buying) {
        std::string_view name;
        if (option.get(name)) continue;
        if (!listing.buying_options.empty()) listing.buying_options += ',';
        listing.buying_options += name;
        const auto known = schema::parse_buying_option(name);
        priced_offer = priced_offer || known == schema::BuyingOption::fixed_price ||
                       known == schema::BuyingOption::best_offer;
    }
    // An auction's current bid is not a price.
    if (!priced_offer) return SkipReason::auction_only;

    listing.legacy_item_id = string_or_empty(item, "legacyItemId");
    listing.item_url = string_or_empty(item, "itemWebUrl");
    listing.created_at = string_or_empty(item, "itemCreationDate");
    listing.item_end_date = string_or_empty(item, "itemEndDate");
    listing.item_origin_date = string_or_empty(item, "itemOriginDate");
    listing.epid = string_or_empty(item, "epid");
    listing.item_group_type = string_or_empty(item, "itemGroupType");
    listing.item_group_id = item_group_id(string_or_empty(item, "itemGroupHref"));
    dom::object group;
    if (!item["primaryItemGroup"].get(group)) {
        // An item of get_items_by_item_group names its group here.
        if (listing.item_group_id.empty())
            listing.item_group_id = string_or_empty(group, "itemGroupId");
        if (listing.item_group_type.empty()) {
            listing.item_group_type = string_or_empty(group, "itemGroupType");
        }
    }
    listing.current_bid_cents = money_cents(item, "currentBidPrice", currency);
    dom::object marketing;
    if (!item["marketingPrice"].get(marketing)) {
        listing.original_price_cents = money_cents(marketing, "originalPrice", currency);
        if (auto pct = optional_string(marketing, "discountPercentage")) {
            double percent = 0;
            const auto [end, ec] = std::from_chars(pct->data(), pct->data() + pct->size(), percent);
            if (ec == std::errc()) listing.discount_percentage = percent;
        }
    }
    dom::object seller;
    if (!item["seller"].get(seller)) {
        listing.seller_username = string_or_empty(seller, "username");
        std::int64_t score = 0;
        if (!seller["feedbackScore"].get(score)) listing.seller_feedback_score = score;
        if (auto pct = optional_string(seller, "feedbackPercentage")) {
            double percent = 0;
            const auto [end, ec] = std::from_chars(pct->data(), pct->data() + pct->size(), percent);
            if (ec == std::errc()) listing.seller_feedback_pct = percent;
        }
    }
    dom::object location;
    if (!item["itemLocation"].get(location)) {
        listing.location_country = string_or_empty(location, "country");
    }
    read_shipping(item, currency, listing);
    // A variation of an item group that eBay says is sold out is not on offer: its price is
    // no asking price (Browse Item.estimatedAvailabilities). Summaries carry no availability.
    if (aspects && sold_out(item)) return SkipReason::sold_out;
    dom::array localized;
    if (aspects && !item["localizedAspects"].get(localized)) {
        for (auto aspect : localized) {
            dom::object a;
            if (aspect.get(a)) continue;
            aspects->emplace_back(string_or_empty(a, "name"), string_or_empty(a, "value"));
        }
    }
    return std::nullopt;
}

// The variations of an item group share the group's title; what tells them apart are the
// aspects whose values differ between them. Those are appended to each title, so that the
// matcher sees which option a price is for ("… [Chipset/GPU Model: NVIDIA GeForce RTX 3080]").
void label_variations(std::vector<schema::Listing>& listings, const std::vector<Aspects>& aspects) {
    std::map<std::string, std::set<std::string>> values;
    for (const auto& item : aspects) {
        for (const auto& [name, value] : item) values[name].insert(value);
    }
    for (std::size_t i = 0; i < listings.size(); ++i) {
        std::string label;
        for (const auto& [name, value] : aspects[i]) {
            if (values[name].size() < 2) continue;
            if (!label.empty()) label += ", ";
            label += name + ": " + value;
        }
        if (!label.empty()) listings[i].title += " [" + label + "]";
    }
}

// A page cut short (a dropped connection that still looked complete, a truncating proxy): keeps
// the envelope and every item that closed before the cut, and closes the JSON after them.
std::optional<std::string> salvage_truncated(std::string_view body) {
    const auto key = body.find("\"itemSummaries\"");
    if (key == std::string_view::npos) return std::nullopt;
    const auto open = body.find('[', key);
    if (open == std::string_view::npos) return std::nullopt;
    std::size_t last_item_end = 0;
    int depth = 0;
    bool in_string = false, escaped = false;
    for (std::size_t i = open + 1; i < body.size(); ++i) {
        const char c = body[i];
        if (in_string) {
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                in_string = false;
            }
            continue;
        }
        if (c == '"') in_string = true;
        if (c == '{' || c == '[') ++depth;
        if (c == '}' || c == ']') {
            if (depth == 0) return std::nullopt;  // the array closed: not truncated there
            if (--depth == 0) last_item_end = i + 1;
        }
    }
    if (last_item_end == 0) return std::string(body.substr(0, open + 1)) + "]}";
    return std::string(body.substr(0, last_item_end)) + "]}";
}

}  // namespace

std::optional<std::int64_t> parse_price_cents(std::string_view value) {
    if (value.empty() || value.size() > 15) return std::nullopt;
    std::int64_t whole = 0;
    std::size_t i = 0;
    for (; i < value.size() && value[i] != '.'; ++i) {
        if (value[i] < '0' || value[i] > '9') return std::nullopt;
        whole = whole * 10 + (value[i] - '0');
    }
    if (i == 0) return std::nullopt;
    std::int64_t cents = 0;
    if (i < value.size()) {
        const auto fraction = value.substr(i + 1);
        if (fraction.empty() || fraction.size() > 2) return std::nullopt;
        for (char c : fraction) {
            if (c < '0' || c > '9') return std::nullopt;
            cents = cents * 10 + (c - '0');
        }
        if (fraction.size() == 1) cents *= 10;
    }
    return whole * 100 + cents;
}

// `total` as eBay documents it (an integer count), or the reason it is not one. The value is
// shown (control characters removed, at most 40 bytes) so the note says what the server sent.
PageTotal read_total(const dom::object& root) {
    PageTotal total;
    dom::element value;
    if (root["total"].get(value)) return total;  // absent
    std::int64_t number = 0;
    if (!value.get(number)) {
        if (number >= 0) {
            total.count = number;
        } else {
            total.problem = "total is negative (" + std::to_string(number) + ")";
        }
        return total;
    }
    const auto shown = [](std::string_view text) {
        return schema::printable_text(text.substr(0, 40));
    };
    switch (value.type()) {
        case dom::element_type::UINT64:
            total.problem = "total is out of range (" + simdjson::to_string(value) + ")";
            break;
        case dom::element_type::DOUBLE:
            total.problem = "total is not an integer (" + simdjson::to_string(value) + ")";
            break;
        case dom::element_type::STRING:
            total.problem = "total is a string (\"" +
                            shown(std::string_view(value.get_string().value())) + "\")";
            break;
        default:
            total.problem = "total is not a number (" + shown(simdjson::to_string(value)) + ")";
            break;
    }
    return total;
}

struct BrowseParser::Parsers {
    dom::parser parser;
};

BrowseParser::BrowseParser() : parsers_(std::make_unique<Parsers>()) {}
BrowseParser::~BrowseParser() = default;

SearchPage BrowseParser::parse(std::string_view body, std::string_view currency) {
    SearchPage page;
    // The whole body is parsed and validated at once (simdjson's DOM, SIMD-dispatched at run
    // time). A body that fails is cut back to its last complete item and parsed again. (On-demand
    // parsing was tried first: after a structural error its iterator must not be used, and a
    // truncated page crashed it; validating first and then reading on demand parsed twice.)
    simdjson::padded_string json;
    dom::element root_value;
    auto error = parse_repaired(parsers_->parser, body, json, root_value);
    bool salvaged = false;
    if (error) {
        const std::string original_error = simdjson::error_message(error);
        const auto salvage = salvage_truncated(std::string_view(json.data(), json.size()));
        if (salvage) {
            json = simdjson::padded_string(*salvage);
            error = parsers_->parser.parse(json).get(root_value);
        }
        if (!salvage || error) {
            page.page_problem = "not a JSON object: " + original_error;
            return page;
        }
        salvaged = true;
    }
    dom::object root;
    if (root_value.get(root)) {
        page.page_problem = "not a JSON object";
        return page;
    }
    std::int64_t number = 0;
    auto total = read_total(root);
    page.total = total.count;
    page.total_problem = std::move(total.problem);
    if (!root["offset"].get(number)) page.offset = number;
    if (!root["limit"].get(number)) page.limit = number;
    page.next = string_or_empty(root, "next");
    page.errors = read_errors(root, "errors");
    page.warnings = read_errors(root, "warnings");

    // A search page has itemSummaries (absent when there are no results); an item group
    // (get_items_by_item_group) has items.
    dom::element items_value;
    const bool group = root["itemSummaries"].get(items_value) != simdjson::SUCCESS;
    if (group && root["items"].get(items_value)) return page;
    dom::array items;
    if (items_value.get(items)) {
        page.page_problem = "itemSummaries is not an array";
        return page;
    }
    std::size_t read = 0;
    std::vector<Aspects> aspects;
    for (auto element : items) {
        ++read;
        schema::Listing listing;
        Aspects item_aspects;
        if (auto skip = read_item(element, currency, listing, group ? &item_aspects : nullptr)) {
            ++page.skips[*skip];
        } else {
            page.listings.push_back(std::move(listing));
            aspects.push_back(std::move(item_aspects));
        }
    }
    if (group) label_variations(page.listings, aspects);
    if (salvaged) {
        page.page_problem = "page ends early after " + std::to_string(read) +
                            " items (truncated or malformed JSON)";
    }
    return page;
}

std::int64_t items_read(const SearchPage& page) {
    return static_cast<std::int64_t>(page.listings.size()) + schema::total_skipped(page.skips);
}

std::optional<std::int64_t> items_lost(const SearchPage& page, std::int64_t limit) {
    if (page.page_problem.empty()) return 0;
    std::int64_t expected = 0;
    if (page.total) {
        expected = std::clamp<std::int64_t>(*page.total - page.offset, 0, limit);
    } else if (!page.next.empty()) {
        expected = limit;
    } else {
        return std::nullopt;
    }
    return std::max<std::int64_t>(0, expected - items_read(page));
}

ItemAnswer parse_item(std::string_view body, std::string_view currency) {
    ItemAnswer answer;
    dom::parser parser;
    dom::element value;
    dom::object item;
    if (parser.parse(body.data(), body.size()).get(value) || value.get(item)) return answer;
    answer.is_item = optional_string(item, "itemId").has_value();
    answer.item_end_date = string_or_empty(item, "itemEndDate");
    answer.sold_out = sold_out(item);
    schema::Listing listing;
    if (auto skip = read_item(value, currency, listing, nullptr)) {
        answer.skip = skip;
    } else {
        answer.listing = std::move(listing);
    }
    return answer;
}

SearchPage parse_search_page(std::string_view body, std::string_view currency) {
    return BrowseParser().parse(body, currency);
}

}  // namespace gpuprice::fetcher
