#include "fetcher/browse_parser.hpp"

#include <simdjson.h>

#include <charconv>
#include <memory>

namespace gpuprice::fetcher {

namespace ondemand = simdjson::ondemand;

namespace {

constexpr std::string_view kReplacementChar = "\xEF\xBF\xBD";
constexpr int kForPartsCondition = 7000;

// Replaces invalid UTF-8 sequences with U+FFFD so one bad title cannot sink a whole page;
// items that carry the replacement character are then skipped as invalid-utf8.
std::string repair_utf8(std::string_view in) {
    std::string out;
    out.reserve(in.size());
    std::size_t i = 0;
    while (i < in.size()) {
        const auto c = static_cast<unsigned char>(in[i]);
        std::size_t len = c < 0x80           ? 1
                          : (c >> 5) == 0x6  ? 2
                          : (c >> 4) == 0xE  ? 3
                          : (c >> 3) == 0x1E ? 4
                                             : 0;
        bool valid = len > 0 && i + len <= in.size();
        for (std::size_t k = 1; valid && k < len; ++k) {
            valid = (static_cast<unsigned char>(in[i + k]) & 0xC0) == 0x80;
        }
        if (valid && len == 2 && c < 0xC2) valid = false;  // overlong
        if (valid) {
            out.append(in.substr(i, len));
            i += len;
        } else {
            out.append(kReplacementChar);
            ++i;
        }
    }
    return out;
}

std::optional<std::string> optional_string(ondemand::object& obj, std::string_view key) {
    std::string_view value;
    if (obj.find_field_unordered(key).get_string().get(value)) return std::nullopt;
    return std::string(value);
}

std::string string_or_empty(ondemand::object& obj, std::string_view key) {
    return optional_string(obj, key).value_or("");
}

// The cheapest FIXED shipping in USD; nullopt (unknown) for CALCULATED or missing shipping.
void read_shipping(ondemand::object& item, schema::Listing& listing) {
    ondemand::array options;
    if (item.find_field_unordered("shippingOptions").get_array().get(options)) return;
    for (auto option_value : options) {
        ondemand::object option;
        if (option_value.get_object().get(option)) continue;
        const auto type = string_or_empty(option, "shippingCostType");
        if (listing.shipping_type.empty() || type == "FIXED") listing.shipping_type = type;
        if (type != "FIXED") continue;
        ondemand::object cost;
        if (option.find_field_unordered("shippingCost").get_object().get(cost)) continue;
        const auto currency = string_or_empty(cost, "currency");
        const auto value = parse_price_cents(string_or_empty(cost, "value"));
        if (currency != "USD" || !value) continue;
        if (!listing.shipping_cents || *value < *listing.shipping_cents) {
            listing.shipping_cents = value;
        }
    }
}

// Reads one item; returns the skip reason, or nullopt when the listing is usable.
std::optional<std::string> read_item(ondemand::value& value, schema::Listing& listing) {
    ondemand::object item;
    if (value.get_object().get(item)) return "malformed-item";

    auto item_id = optional_string(item, "itemId");
    if (!item_id || item_id->empty()) return "missing-item-id";
    listing.item_id = std::move(*item_id);

    ondemand::value title_value;
    auto title_error = item.find_field_unordered("title").get(title_value);
    bool title_null = false;
    if (!title_error && !title_value.is_null().get(title_null) && title_null) {
        return "missing-title";
    }
    std::string_view title;
    if (!title_error) title_error = title_value.get_string().get(title);
    if (title_error == simdjson::NO_SUCH_FIELD || (!title_error && title.empty())) {
        return "missing-title";
    }
    if (title_error == simdjson::UTF8_ERROR) return "invalid-utf8";
    if (title_error)
        return title_error == simdjson::INCORRECT_TYPE ? "bad-title" : "malformed-item";
    if (title.size() > kMaxTitleBytes) return "bad-title";
    if (title.find(kReplacementChar) != std::string_view::npos) return "invalid-utf8";
    listing.title = std::string(title);

    ondemand::object price;
    const auto price_error = item.find_field_unordered("price").get_object().get(price);
    if (price_error == simdjson::NO_SUCH_FIELD) return "missing-price";
    if (price_error) return "bad-price";
    std::string_view price_value;
    if (price.find_field_unordered("value").get_string().get(price_value)) return "bad-price";
    const auto cents = parse_price_cents(price_value);
    if (!cents || *cents <= 0 || *cents > kMaxPriceCents) return "bad-price";
    listing.price_cents = *cents;
    listing.currency = string_or_empty(price, "currency");
    if (listing.currency != "USD") return "non-usd";

    // conditionId is a string in the Browse API ("3000").
    if (auto condition = optional_string(item, "conditionId")) {
        int id = 0;
        const auto [end, ec] =
            std::from_chars(condition->data(), condition->data() + condition->size(), id);
        if (ec == std::errc() && end == condition->data() + condition->size())
            listing.condition_id = id;
    }
    if (listing.condition_id == kForPartsCondition) return "for-parts-condition";

    ondemand::array buying;
    bool priced_offer = false;
    if (!item.find_field_unordered("buyingOptions").get_array().get(buying)) {
        for (auto option : buying) {
            std::string_view name;
            if (option.get_string().get(name)) continue;
            if (!listing.buying_options.empty()) listing.buying_options += ',';
            listing.buying_options += name;
            priced_offer = priced_offer || name == "FIXED_PRICE" || name == "BEST_OFFER";
        }
    }
    // An auction's current bid is not a price.
    if (!priced_offer) return "auction-only";

    listing.legacy_item_id = string_or_empty(item, "legacyItemId");
    listing.item_url = string_or_empty(item, "itemWebUrl");
    listing.created_at = string_or_empty(item, "itemCreationDate");
    ondemand::object seller;
    if (!item.find_field_unordered("seller").get_object().get(seller)) {
        listing.seller_username = string_or_empty(seller, "username");
        std::int64_t score = 0;
        if (!seller.find_field_unordered("feedbackScore").get_int64().get(score)) {
            listing.seller_feedback_score = score;
        }
        if (auto pct = optional_string(seller, "feedbackPercentage")) {
            double percent = 0;
            const auto [end, ec] = std::from_chars(pct->data(), pct->data() + pct->size(), percent);
            if (ec == std::errc()) listing.seller_feedback_pct = percent;
        }
    }
    ondemand::object location;
    if (!item.find_field_unordered("itemLocation").get_object().get(location)) {
        listing.location_country = string_or_empty(location, "country");
    }
    read_shipping(item, listing);
    return std::nullopt;
}

std::vector<EbayError> read_errors(ondemand::object& root, std::string_view key) {
    std::vector<EbayError> errors;
    ondemand::array array;
    if (root.find_field_unordered(key).get_array().get(array)) return errors;
    for (auto entry : array) {
        ondemand::object obj;
        if (entry.get_object().get(obj)) continue;
        EbayError error;
        std::int64_t id = 0;
        if (!obj.find_field_unordered("errorId").get_int64().get(id)) error.error_id = id;
        error.domain = string_or_empty(obj, "domain");
        error.category = string_or_empty(obj, "category");
        error.message = string_or_empty(obj, "message");
        errors.push_back(std::move(error));
    }
    return errors;
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

struct BrowseParser::Parsers {
    simdjson::dom::parser validator;
    ondemand::parser reader;
};

BrowseParser::BrowseParser() : parsers_(std::make_unique<Parsers>()) {}
BrowseParser::~BrowseParser() = default;

SearchPage BrowseParser::parse(std::string_view body) {
    SearchPage page;
    // On-demand parsing must not go on after a structural error (a truncated page would send it
    // past the end), so the whole body is validated first; a body that fails is cut back to the
    // last complete item and validated again.
    simdjson::padded_string json(body);
    auto error = parsers_->validator.parse(json).error();
    if (error == simdjson::UTF8_ERROR) {
        json = simdjson::padded_string(repair_utf8(body));
        error = parsers_->validator.parse(json).error();
    }
    bool salvaged = false;
    if (error) {
        const std::string original_error = simdjson::error_message(error);
        const auto salvage = salvage_truncated(std::string_view(json.data(), json.size()));
        if (salvage) {
            json = simdjson::padded_string(*salvage);
            error = parsers_->validator.parse(json).error();
        }
        if (!salvage || error) {
            page.page_problem = "not a JSON object: " + original_error;
            return page;
        }
        salvaged = true;
    }
    ondemand::document doc;
    ondemand::object root;
    error = parsers_->reader.iterate(json).get(doc);
    if (!error) error = doc.get_object().get(root);
    if (error) {
        page.page_problem = std::string("not a JSON object: ") + simdjson::error_message(error);
        return page;
    }
    std::int64_t number = 0;
    if (!root.find_field_unordered("total").get_int64().get(number)) page.total = number;
    if (!root.find_field_unordered("offset").get_int64().get(number)) page.offset = number;
    if (!root.find_field_unordered("limit").get_int64().get(number)) page.limit = number;
    page.next = string_or_empty(root, "next");
    page.errors = read_errors(root, "errors");

    ondemand::array items;
    error = root.find_field_unordered("itemSummaries").get_array().get(items);
    if (error == simdjson::NO_SUCH_FIELD) return page;  // an empty result has no array
    if (error) {
        page.page_problem = std::string("itemSummaries: ") + simdjson::error_message(error);
        return page;
    }
    std::size_t read = 0;
    for (auto element : items) {
        ondemand::value value;
        if (element.get(value)) break;
        ++read;
        schema::Listing listing;
        if (auto skip = read_item(value, listing)) {
            ++page.skips[*skip];
        } else {
            page.listings.push_back(std::move(listing));
        }
    }
    if (salvaged) {
        page.page_problem = "page ends early after " + std::to_string(read) +
                            " items (truncated or malformed JSON)";
    }
    return page;
}

SearchPage parse_search_page(std::string_view body) {
    return BrowseParser().parse(body);
}

std::vector<EbayError> parse_errors(std::string_view body) {
    ondemand::parser parser;
    simdjson::padded_string json(body);
    ondemand::document doc;
    ondemand::object root;
    if (parser.iterate(json).get(doc) || doc.get_object().get(root)) return {};
    return read_errors(root, "errors");
}

}  // namespace gpuprice::fetcher
