#include "tests/fake_ebay.hpp"

#include <httplib.h>
#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>

#include "fetcher/oauth_client.hpp"
#include "schema/domain/base64.hpp"
#include "schema/rules/search_terms.hpp"

namespace gpuprice::test {

namespace {

// A gzip member whose JSON-looking content inflates to `inflated` bytes: the start of a page,
// then spaces (deflate shrinks a run about 1000 times).
std::string gzip_bomb(std::size_t inflated) {
    z_stream z{};
    if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) {
        throw std::runtime_error("deflateInit2 failed");
    }
    std::string out;
    std::string chunk = R"({"total":1,"limit":200,"offset":0,"pad":")";
    chunk.resize(std::size_t{1} << 20, ' ');
    std::string buffer(std::size_t{1} << 16, '\0');
    for (std::size_t done = 0; done < inflated; done += chunk.size()) {
        const bool last = done + chunk.size() >= inflated;
        z.next_in = reinterpret_cast<Bytef*>(chunk.data());
        z.avail_in = static_cast<uInt>(chunk.size());
        do {
            z.next_out = reinterpret_cast<Bytef*>(buffer.data());
            z.avail_out = static_cast<uInt>(buffer.size());
            deflate(&z, last ? Z_FINISH : Z_NO_FLUSH);
            out.append(buffer.data(), buffer.size() - z.avail_out);
        } while (z.avail_out == 0);
        chunk.assign(chunk.size(), ' ');
    }
    deflateEnd(&z);
    return out;
}

std::string error_body(int id, const std::string& domain, const std::string& message) {
    return R"({"errors":[{"errorId":)" + std::to_string(id) + R"(,"domain":")" + domain +
           R"(","category":"REQUEST","message":")" + message + R"("}]})";
}

// 429 with eBay's real 2001 body (ebay-samples/error_2001_rate_limited.json): the daily quota
// spent (no Retry-After), or a short burst (Retry-After: 1).
void answer_rate_limited(httplib::Response& res, bool burst) {
    res.status = 429;
    if (burst) res.set_header("Retry-After", "1");
    res.set_content(R"({"errors":[{"errorId":2001,"domain":"ACCESS","category":"REQUEST",)"
                    R"("message":"Too many requests.","longMessage":"The request limit has )"
                    R"(been reached for the resource."}]})",
                    "application/json");
}

// The parts of a Browse `filter` the fake honours, as eBay does.
struct Filter {
    std::set<std::string> condition_ids;
    std::string location_country;  // empty: anywhere
    std::optional<double> price_low, price_high;
    std::string price_currency;
    std::string category;
};

Filter parse_filter(const std::string& text) {
    Filter f;
    std::size_t start = 0;
    while (start < text.size()) {
        auto end = text.find(',', start);
        if (end == std::string::npos) end = text.size();
        const auto part = text.substr(start, end - start);
        start = end + 1;
        const auto colon = part.find(':');
        if (colon == std::string::npos) continue;
        const auto name = part.substr(0, colon);
        auto value = part.substr(colon + 1);
        if (name == "conditionIds" && value.size() > 2) {
            std::stringstream ids(value.substr(1, value.size() - 2));
            std::string id;
            while (std::getline(ids, id, '|')) f.condition_ids.insert(id);
        } else if (name == "itemLocationCountry") {
            f.location_country = value;
        } else if (name == "priceCurrency") {
            f.price_currency = value;
        } else if (name == "price" && value.size() > 2) {
            value = value.substr(1, value.size() - 2);
            const auto dots = value.find("..");
            const auto low = dots == std::string::npos ? value : value.substr(0, dots);
            const auto high = dots == std::string::npos ? "" : value.substr(dots + 2);
            if (!low.empty()) f.price_low = std::stod(low);
            if (!high.empty()) f.price_high = std::stod(high);
        }
    }
    return f;
}

// An aspect_filter: "categoryId:27386,Memory Size:{12 GB|12GB}" (a '|' in a value as "\|").
struct AspectFilter {
    std::string category;
    std::map<std::string, std::set<std::string>> values;  // aspect -> accepted values
};

std::optional<AspectFilter> parse_aspect_filter(const std::string& text) {
    AspectFilter f;
    std::size_t at = 0;
    while (at < text.size()) {
        const auto colon = text.find(':', at);
        if (colon == std::string::npos) return std::nullopt;
        const auto name = text.substr(at, colon - at);
        if (name == "categoryId") {
            const auto end = std::min(text.find(',', colon), text.size());
            f.category = text.substr(colon + 1, end - colon - 1);
            at = end + 1;
            continue;
        }
        if (colon + 1 >= text.size() || text[colon + 1] != '{') return std::nullopt;
        std::string value;
        std::size_t i = colon + 2;
        for (; i < text.size() && text[i] != '}'; ++i) {
            if (text[i] == '\\' && i + 1 < text.size()) {
                value += text[++i];
            } else if (text[i] == '|') {
                f.values[name].insert(value);
                value.clear();
            } else {
                value += text[i];
            }
        }
        if (i >= text.size()) return std::nullopt;
        f.values[name].insert(value);
        at = i + 2;  // past "}" and ","
    }
    if (f.category.empty()) return std::nullopt;  // eBay requires the category
    return f;
}

std::string specific(const FakeItem& item, const std::string& aspect) {
    for (const auto& [name, value] : item.specifics) {
        if (name == aspect) return value;
    }
    return "Not Specified";
}

bool has_aspects(const FakeItem& item, const AspectFilter& f) {
    for (const auto& [aspect, values] : f.values) {
        if (!values.contains(specific(item, aspect))) return false;
    }
    return true;
}

// refinement.aspectDistributions over the items a search selects, in eBay's shape.
std::string refinement_json(const std::vector<const FakeItem*>& items,
                            const std::string& category) {
    std::vector<std::string> names;
    for (const auto* item : items) {
        for (const auto& [name, value] : item->specifics) {
            if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
        }
    }
    std::string out =
        R"("refinement":{"dominantCategoryId":")" + category + R"(","aspectDistributions":[)";
    for (std::size_t n = 0; n < names.size(); ++n) {
        std::map<std::string, int> counts;
        for (const auto* item : items) ++counts[specific(*item, names[n])];
        if (n > 0) out += ',';
        out += R"({"localizedAspectName":")" + names[n] + R"(","aspectValueDistributions":[)";
        bool first = true;
        for (const auto& [value, count] : counts) {
            if (!first) out += ',';
            first = false;
            out += R"({"localizedAspectValue":")" + value + R"(","matchCount":)" +
                   std::to_string(count) + R"(,"refinementHref":"x"})";
        }
        out += "]}";
    }
    return out + "]}";
}

bool passes(const FakeItem& item, const Filter& f) {
    if (!item.raw.empty()) return true;  // hand-written bodies are served as they are
    // An item whose summary omits its conditionId still has one at eBay, which filters by it:
    // served whatever the filter asks.
    if (!f.condition_ids.empty() && !item.condition_id.empty() &&
        !f.condition_ids.contains(item.condition_id))
        return false;
    if (!f.category.empty() && item.category != f.category) return false;
    if (!f.location_country.empty() && item.country != f.location_country) return false;
    char* end = nullptr;
    const double price = std::strtod(item.price.c_str(), &end);
    if (end == item.price.c_str()) return true;  // a broken price is served, for the parser
    if (f.price_low && price < *f.price_low) return false;
    if (f.price_high && price > *f.price_high) return false;
    return true;
}

std::set<std::string> lower_words(const std::string& text) {
    std::set<std::string> words;
    std::string word;
    for (char c : text + ' ') {
        if (c == ' ') {
            if (!word.empty()) words.insert(word);
            word.clear();
        } else {
            word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
    }
    return words;
}

// The English condition names eBay sends beside these ids (as in tests/data/ebay's real bodies).
std::string condition_name_of(const std::string& id) {
    static const std::map<std::string, std::string> names = {{"1000", "New"},
                                                             {"1500", "Open box"},
                                                             {"1750", "New with defects"},
                                                             {"2000", "Certified - Refurbished"},
                                                             {"2010", "Excellent - Refurbished"},
                                                             {"2020", "Very Good - Refurbished"},
                                                             {"2030", "Good - Refurbished"},
                                                             {"2500", "Seller refurbished"},
                                                             {"3000", "Used"},
                                                             {"7000", "For parts or not working"}};
    const auto it = names.find(id);
    return it == names.end() ? std::string() : it->second;
}

std::string escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

const std::string& created_of(const FakeItem& item) {
    static const std::string fixed = "2026-11-20T10:00:00.000Z";
    return item.created_at.empty() ? fixed : item.created_at;
}

}  // namespace

std::string item_json(const FakeItem& item, bool buyer_context, bool as_group_item) {
    if (!item.raw.empty()) return item.raw;
    const std::string legacy = item.item_id.substr(3, item.item_id.find('|', 3) - 3);
    std::string shipping =
        R"("shippingOptions":[{"shippingCostType":")" + item.shipping_type + "\"";
    if (!item.shipping_cost.empty() && (item.shipping_type == "FIXED" || buyer_context)) {
        shipping += R"(,"shippingCost":{"value":")" + item.shipping_cost + R"(","currency":")" +
                    item.currency + R"("})";
    }
    shipping += "}],";
    std::string group;
    if (!item.group_id.empty() && !as_group_item) {
        group =
            R"("itemGroupType":"SELLER_DEFINED_VARIATIONS","itemGroupHref":"https://api.ebay.com/buy/browse/v1/item/get_items_by_item_group?item_group_id=)" +
            item.group_id + R"(",)";
    }
    if (as_group_item) {
        group = R"("primaryItemGroup":{"itemGroupId":")" + item.group_id +
                R"(","itemGroupType":"SELLER_DEFINED_VARIATIONS"},"localizedAspects":)" +
                (item.aspects.empty() ? "[]" : item.aspects) +
                R"(,"estimatedAvailabilities":[{"deliveryOptions":["SHIP_TO_HOME"],)"
                R"("estimatedAvailabilityStatus":")" +
                item.availability + R"(","estimatedAvailableQuantity":)" +
                std::to_string(item.available_quantity) + R"(,"estimatedSoldQuantity":7}],)";
    }
    const auto name =
        item.condition.empty() ? condition_name_of(item.condition_id) : item.condition;
    std::string condition;
    if (!name.empty()) condition += R"("condition":")" + escape(name) + R"(",)";
    if (!item.condition_id.empty()) condition += R"("conditionId":")" + item.condition_id + R"(",)";
    return R"({"itemId":")" + escape(item.item_id) + R"(","title":")" + escape(item.title) +
           R"(","leafCategoryIds":[")" + item.category + R"("],"price":{"value":")" + item.price +
           R"(","currency":")" + item.currency +
           R"("},"seller":{"username":"seller-x","feedbackPercentage":")" + item.feedback_pct +
           R"(","feedbackScore":)" + std::to_string(item.feedback_score) + R"(},)" + condition +
           shipping + group +
           R"("buyingOptions":["FIXED_PRICE","BEST_OFFER"],"itemWebUrl":"https://www.ebay.com/itm/)" +
           legacy + R"(","itemLocation":{"country":")" + item.country + R"("},"legacyItemId":")" +
           legacy + R"(","itemCreationDate":")" + created_of(item) + R"("})";
}

FakeEbay::FakeEbay() : server_(std::make_unique<httplib::Server>()) {
    server_->Post(
        "/identity/v1/oauth2/token",
        [this](const httplib::Request& req, httplib::Response& res) { handle_token(req, res); });
    server_->Get(
        "/buy/browse/v1/item_summary/search",
        [this](const httplib::Request& req, httplib::Response& res) { handle_search(req, res); });
    server_->Get("/buy/browse/v1/item/get_items_by_item_group",
                 [this](const httplib::Request& req, httplib::Response& res) {
                     handle_item_group(req, res);
                 });
    // After get_items_by_item_group, which the pattern would also match.
    server_->Get(
        R"(/buy/browse/v1/item/([^/?]+))",
        [this](const httplib::Request& req, httplib::Response& res) { handle_item(req, res); });
    server_->Get("/developer/analytics/v1_beta/rate_limit/",
                 [this](const httplib::Request& req, httplib::Response& res) {
                     handle_rate_limits(req, res);
                 });
    server_->Get(
        R"(/commerce/taxonomy/v1/(get_default_category_tree_id|category_tree/[^/]+/.+))",
        [this](const httplib::Request& req, httplib::Response& res) { handle_taxonomy(req, res); });
    server_->Get(
        "/buy/marketplace_insights/v1_beta/item_sales/search",
        [this](const httplib::Request& req, httplib::Response& res) { handle_sold(req, res); });
    port_ = server_->bind_to_any_port("127.0.0.1");
    if (port_ <= 0) throw std::runtime_error("fake eBay could not bind 127.0.0.1");
    thread_ = std::thread([this] { server_->listen_after_bind(); });
    while (!server_->is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

FakeEbay::~FakeEbay() {
    stopping_ = true;
    hold_searches(false);
    server_->stop();
    thread_.join();
}

std::string FakeEbay::api_base() const {
    return "http://127.0.0.1:" + std::to_string(port_);
}

std::string FakeEbay::token_url() const {
    return api_base() + "/identity/v1/oauth2/token";
}

void FakeEbay::set_items(const std::string& term, std::vector<FakeItem> items,
                         std::int64_t claimed_total) {
    std::lock_guard lock(mutex_);
    by_term_[term] = {std::move(items), claimed_total};
}

void FakeEbay::queue_faults(std::initializer_list<Fault> faults) {
    std::lock_guard lock(mutex_);
    faults_.insert(faults_.end(), faults.begin(), faults.end());
}

void FakeEbay::queue_faults_for(const std::string& term, std::initializer_list<Fault> faults) {
    std::lock_guard lock(mutex_);
    auto& queue = term_faults_[term];
    queue.insert(queue.end(), faults.begin(), faults.end());
}

void FakeEbay::set_delay(std::chrono::milliseconds delay) {
    std::lock_guard lock(mutex_);
    delay_ = delay;
}

void FakeEbay::set_token_lifetime(std::chrono::seconds lifetime) {
    std::lock_guard lock(mutex_);
    token_lifetime_ = lifetime;
}

void FakeEbay::set_market(std::vector<FakeItem> items) {
    std::lock_guard lock(mutex_);
    market_index_.clear();
    std::map<std::string, std::size_t> ids;
    for (std::size_t i = 0; i < items.size(); ++i) ids.emplace(items[i].item_id, i);
    for (const auto& [id, at] : market_ids_) {
        if (!ids.contains(id)) left_market_.insert(id);
    }
    for (const auto& [id, at] : ids) left_market_.erase(id);
    market_ids_ = std::move(ids);
    market_ = std::move(items);
}

void FakeEbay::set_item_group(const std::string& group_id, std::vector<FakeItem> variations) {
    std::lock_guard lock(mutex_);
    groups_[group_id] = std::move(variations);
}

void FakeEbay::remove_item_group(const std::string& group_id) {
    std::lock_guard lock(mutex_);
    groups_.erase(group_id);
}

void FakeEbay::set_item_group_unavailable(const std::string& group_id, int times) {
    std::lock_guard lock(mutex_);
    groups_unavailable_[group_id] = times;
}

void FakeEbay::fail_token_requests(int times) {
    std::lock_guard lock(mutex_);
    token_failures_ = times;
}

void FakeEbay::set_total_counts_variations(bool on) {
    std::lock_guard lock(mutex_);
    total_counts_variations_ = on;
}

std::set<std::string> FakeEbay::end_user_contexts() const {
    std::lock_guard lock(mutex_);
    return end_user_contexts_;
}

// get_items_by_item_group: every variation of a multi-variation listing, as Items. It counts
// against the same daily Browse quota as search.
void FakeEbay::set_item_details(const std::string& item_id, std::string localized_aspects) {
    std::lock_guard lock(mutex_);
    item_details_[item_id] = std::move(localized_aspects);
}

void FakeEbay::handle_item(const httplib::Request& req, httplib::Response& res) {
    request_started();
    ++item_calls_;
    ++search_calls_;
    bool server_error = false;
    {
        std::lock_guard lock(mutex_);
        if (!item_faults_.empty()) {
            if (item_faults_.front() == Fault::ExpireToken) tokens_.clear();
            server_error = item_faults_.front() == Fault::ServerError;
            item_faults_.pop_front();
        }
    }
    if (server_error) {
        res.status = 500;
        res.set_content(error_body(10000, "API_BROWSE",
                                   "There was a problem with an eBay internal "
                                   "system or process."),
                        "application/json");
        return;
    }
    if (!token_valid(req.get_header_value("Authorization"))) {
        ++unauthorized_calls_;
        res.status = 401;
        res.set_content(error_body(1001, "OAuth", "Invalid access token"), "application/json");
        return;
    }
    // getItem counts in the same daily Browse quota ("All methods except getItems").
    if (quota_spent_now()) {
        res.status = 429;
        res.set_content(error_body(2001, "ACCESS", "Too many requests."), "application/json");
        return;
    }
    std::string id = req.matches[1];
    for (std::size_t at; (at = id.find("%7C")) != std::string::npos;) id.replace(at, 3, "|");
    std::lock_guard lock(mutex_);
    const auto it = item_details_.find(id);
    if (it == item_details_.end()) {
        if (const auto listed = market_ids_.find(id); listed != market_ids_.end()) {
            return answer_market_item(market_[listed->second],
                                      req.has_header("X-EBAY-C-ENDUSERCTX"), res);
        }
        // A variation of a listed group is an item of its own to getItem, as on eBay.
        for (const auto& [group_id, variations] : groups_) {
            for (const auto& variation : variations) {
                if (variation.item_id == id)
                    return answer_market_item(variation, req.has_header("X-EBAY-C-ENDUSERCTX"),
                                              res);
            }
        }
        if (left_market_.contains(id)) {
            // Sold or ended between nights: what eBay answers for a listing it no longer serves,
            // 404 with errorId 11001 (a live capture quoted in public code: "404
            // {"errorId":11001,"message":"The specified item Id was not found."}").
            res.status = 404;
            res.set_content(error_body(11001, "API_BROWSE", "The specified item Id was not found."),
                            "application/json");
            return;
        }
        // An ended or removed item: 400 with errorId 11001 (Browse getItem's documented errors).
        if (ended_item_404_) {  // as a proxy answers: no eBay error body
            res.status = 404;
            res.set_content("Not Found", "text/plain");
            return;
        }
        res.status = 400;
        res.set_content(error_body(11001, "API_BROWSE", "The specified item ID was not found."),
                        "application/json");
        return;
    }
    std::string body = R"({"itemId":")" + id + R"(","title":"item )" + id + R"(")";
    if (!it->second.empty()) body += R"(,"localizedAspects":[)" + it->second + "]";
    body += "}";
    res.set_content(body, "application/json");
}

// getItem's Item for a market listing: its summary's fields with estimatedAvailabilities, and an
// ended one's itemEndDate (Browse Item: itemEndDate, estimatedAvailabilityStatus).
void FakeEbay::answer_market_item(const FakeItem& item, bool buyer_context,
                                  httplib::Response& res) {
    auto body = item_json(item, buyer_context);
    const bool ended = !item.ended_at.empty();
    std::string extra = R"(,"estimatedAvailabilities":[{"deliveryOptions":["SHIP_TO_HOME"],)"
                        R"("estimatedAvailabilityStatus":")" +
                        std::string(ended ? "OUT_OF_STOCK" : "IN_STOCK") +
                        R"(","estimatedAvailableQuantity":)" + (ended ? "0" : "1") + "}]";
    if (ended) extra += R"(,"itemEndDate":")" + item.ended_at + "\"";
    if (item.raw.empty()) body.insert(body.size() - 1, extra);
    res.set_content(body, "application/json");
}

void FakeEbay::handle_item_group(const httplib::Request& req, httplib::Response& res) {
    request_started();  // an expansion is a response like a search page: it moves the clock too
    ++item_group_calls_;
    ++search_calls_;
    if (!token_valid(req.get_header_value("Authorization"))) {
        ++unauthorized_calls_;
        res.status = 401;
        res.set_content(error_body(1001, "OAuth", "Invalid access token"), "application/json");
        return;
    }
    if (quota_spent_now()) {
        res.status = 429;
        res.set_content(error_body(2001, "ACCESS", "Too many requests."), "application/json");
        return;
    }
    std::lock_guard lock(mutex_);
    const auto id = req.get_param_value("item_group_id");
    if (auto busy = groups_unavailable_.find(id);
        busy != groups_unavailable_.end() && busy->second > 0) {
        --busy->second;
        res.status = 400;  // documented: "Wait a few minutes and try the call again"
        res.set_content(error_body(11008, "API_BROWSE",
                                   "The item group is not available. Wait a few minutes and try "
                                   "the call again."),
                        "application/json");
        return;
    }
    const auto it = groups_.find(id);
    if (it == groups_.end()) {
        res.status = 400;  // Browse get_items_by_item_group's documented error
        res.set_content(error_body(11002, "API_BROWSE", "The specified item group was not found."),
                        "application/json");
        return;
    }
    const bool context = req.has_header("X-EBAY-C-ENDUSERCTX");
    std::string body = R"({"items":[)";
    for (std::size_t i = 0; i < it->second.size(); ++i) {
        if (i) body += ',';
        body += item_json(it->second[i], context, true);
    }
    body += "]}";
    res.set_content(body, "application/json");
}

void FakeEbay::set_daily_quota(int calls) {
    std::lock_guard lock(mutex_);
    daily_quota_ = calls;
}

void FakeEbay::set_short_pages(int every, int short_by) {
    std::lock_guard lock(mutex_);
    short_every_ = every;
    short_by_ = short_by;
}

void FakeEbay::set_best_match_shifts(bool shifts) {
    std::lock_guard lock(mutex_);
    best_match_shifts_ = shifts;
}

void FakeEbay::queue_item_faults(std::initializer_list<Fault> faults) {
    std::lock_guard lock(mutex_);
    item_faults_.insert(item_faults_.end(), faults.begin(), faults.end());
}

void FakeEbay::set_reject_tokens(bool reject) {
    std::lock_guard lock(mutex_);
    reject_tokens_ = reject;
}

void FakeEbay::set_token_error_for(const std::string& scope_suffix) {
    std::lock_guard lock(mutex_);
    token_error_for_ = scope_suffix;
}

void FakeEbay::set_clock(std::function<std::chrono::steady_clock::time_point()> now) {
    std::lock_guard lock(clock_mutex_);
    clock_ = std::move(now);
}

void FakeEbay::set_on_request(std::function<void()> hook) {
    std::lock_guard lock(clock_mutex_);
    on_request_ = std::move(hook);
}

void FakeEbay::hold_searches(bool hold) {
    {
        std::lock_guard lock(mutex_);
        held_ = hold;
    }
    released_.notify_all();
}

std::chrono::steady_clock::time_point FakeEbay::now() const {
    std::lock_guard lock(clock_mutex_);
    return clock_ ? clock_() : std::chrono::steady_clock::now();
}

void FakeEbay::request_started() {
    ++searches_started_;
    std::function<void()> hook;
    {
        std::lock_guard lock(clock_mutex_);
        hook = on_request_;
    }
    if (hook) hook();
    std::unique_lock lock(mutex_);
    released_.wait(lock, [this] { return !held_ || stopping_; });
}

bool FakeEbay::quota_spent_now() {
    std::lock_guard lock(mutex_);
    if (daily_quota_ >= 0 && search_calls_.load() > daily_quota_) quota_spent_ = true;
    return quota_spent_;
}

bool FakeEbay::token_valid(const std::string& auth) {
    const auto at = now();
    std::lock_guard lock(mutex_);
    if (reject_tokens_) return false;
    const auto it = auth.starts_with("Bearer ") ? tokens_.find(auth.substr(7)) : tokens_.end();
    return it != tokens_.end() && it->second > at;
}

// getRateLimits, in the shape eBay documents: the buy.browse resource's daily rate.
void FakeEbay::handle_rate_limits(const httplib::Request& req, httplib::Response& res) {
    ++rate_limit_calls_;
    if (!token_valid(req.get_header_value("Authorization"))) {
        res.status = 401;
        res.set_content(error_body(1001, "OAuth", "Invalid access token"), "application/json");
        return;
    }
    int limit = 5000, remaining = 5000, insights = -1;
    {
        std::lock_guard lock(mutex_);
        if (daily_quota_ >= 0) {
            limit = std::max(daily_quota_, 1);
            remaining = quota_spent_ ? 0 : std::max(0, daily_quota_ - search_calls_.load());
        }
        insights = insights_quota_;
    }
    // Browse alone when asked for it (api_name=browse); the whole buy context otherwise.
    std::string more;
    if (insights >= 0 && req.get_param_value("api_name").empty()) {
        more = R"(,{"apiContext":"buy","apiName":"marketplace_insights","apiVersion":"v1_beta",)"
               R"("resources":[{"name":"buy.marketplace.insights","rates":[{"count":)" +
               std::to_string(std::min(insights, sold_calls_.load())) + R"(,"limit":)" +
               std::to_string(insights) + R"(,"remaining":)" +
               std::to_string(std::max(0, insights - sold_calls_.load())) +
               R"(,"reset":"2026-12-04T08:00:00.000Z","timeWindow":86400}]}]})";
    }
    res.set_content(
        R"({"rateLimits":[{"apiContext":"buy","apiName":"Browse","apiVersion":"v1",)"
        R"("resources":[{"name":"buy.browse","rates":[{"count":)" +
            std::to_string(limit - remaining) + R"(,"limit":)" + std::to_string(limit) +
            R"(,"remaining":)" + std::to_string(remaining) +
            R"(,"reset":"2026-12-04T08:00:00.000Z","timeWindow":86400}]},)"
            R"({"name":"buy.browse.item.bulk","rates":[{"count":0,"limit":5000,)"
            R"("remaining":5000,"reset":"2026-12-04T08:00:00.000Z","timeWindow":86400}]}]})" +
            more + "]}",
        "application/json");
}

void FakeEbay::set_graphics_category(int id) {
    graphics_category_ = id;
}

// The shapes of Taxonomy's BaseCategoryTree, CategorySubtree and CategorySuggestionResponse
// (developer.ebay.com/api-docs/commerce/taxonomy), with the default tree ids eBay documents per
// marketplace.
void FakeEbay::handle_taxonomy(const httplib::Request& req, httplib::Response& res) {
    ++taxonomy_calls_;
    if (!token_valid(req.get_header_value("Authorization"))) {
        res.status = 401;
        res.set_content(error_body(1001, "OAuth", "Invalid access token"), "application/json");
        return;
    }
    const std::string leaf = std::to_string(graphics_category_.load());
    const std::string node =
        R"({"categoryId":")" + leaf + R"(","categoryName":"Graphics/Video Cards"})";
    if (req.path.ends_with("get_default_category_tree_id")) {
        static const std::map<std::string, std::string> trees = {{"EBAY_US", "0"},
                                                                 {"EBAY_GB", "3"},
                                                                 {"EBAY_DE", "77"},
                                                                 {"EBAY_CA", "2"},
                                                                 {"EBAY_AU", "15"}};
        const auto it = trees.find(req.get_param_value("marketplace_id"));
        if (it == trees.end()) {
            res.status = 400;
            res.set_content(error_body(62001, "API_TAXONOMY", "Invalid marketplace_id"),
                            "application/json");
            return;
        }
        res.set_content(R"({"categoryTreeId":")" + it->second + R"(","categoryTreeVersion":"130"})",
                        "application/json");
    } else if (req.path.ends_with("get_category_subtree")) {
        const auto id = req.get_param_value("category_id");
        if (id == leaf) {
            res.set_content(R"({"categorySubtreeNode":{"category":)" + node +
                                R"(,"categoryTreeNodeLevel":4,"leafCategoryTreeNode":true},)"
                                R"("categoryTreeId":"0","categoryTreeVersion":"130"})",
                            "application/json");
        } else if (id == "175673") {
            res.set_content(
                R"({"categorySubtreeNode":{"category":{"categoryId":"175673","categoryName":)"
                R"("Computer Components & Parts"},"categoryTreeNodeLevel":3,"childCategoryTreeNodes":[)"
                R"({"category":)" +
                    node +
                    R"(,"leafCategoryTreeNode":true}]},)"
                    R"("categoryTreeId":"0","categoryTreeVersion":"130"})",
                "application/json");
        } else {
            res.status = 400;
            res.set_content(error_body(62004, "API_TAXONOMY", "Invalid category_id"),
                            "application/json");
        }
    } else if (req.path.ends_with("get_category_suggestions")) {
        res.set_content(
            R"({"categorySuggestions":[{"category":)" + node +
                R"(,"categoryTreeNodeAncestors":[{"categoryId":"175673",)"
                R"("categoryName":"Computer Components & Parts","categoryTreeNodeLevel":3}],)"
                R"("categoryTreeNodeLevel":4}],"categoryTreeId":"0","categoryTreeVersion":"130"})",
            "application/json");
    } else {
        res.status = 404;
    }
}

std::vector<std::int64_t> FakeEbay::offsets_requested() const {
    std::lock_guard lock(mutex_);
    return offsets_;
}

std::set<std::string> FakeEbay::user_agents_seen() const {
    std::lock_guard lock(mutex_);
    return user_agents_;
}

std::set<std::string> FakeEbay::marketplaces_seen() const {
    std::lock_guard lock(mutex_);
    return marketplaces_;
}

std::vector<std::string> FakeEbay::aspect_filters_seen() const {
    std::lock_guard lock(mutex_);
    return aspect_filters_;
}

std::vector<std::string> FakeEbay::fieldgroups_seen() const {
    std::lock_guard lock(mutex_);
    return fieldgroups_;
}

std::vector<std::string> FakeEbay::filters_seen() const {
    std::lock_guard lock(mutex_);
    return filters_;
}

void FakeEbay::handle_token(const httplib::Request& req, httplib::Response& res) {
    ++token_calls_;
    {
        std::lock_guard lock(mutex_);
        if (token_failures_ > 0) {
            --token_failures_;
            res.status = 503;
            res.set_content("<html><body>Service Unavailable</body></html>", "text/html");
            return;
        }
    }
    const auto expected = "Basic " + schema::base64(client_id + ":" + client_secret);
    if (req.get_header_value("Authorization") != expected || client_revoked_) {
        res.status = 401;
        res.set_content(
            R"({"error":"invalid_client","error_description":"client authentication failed"})",
            "application/json");
        return;
    }
    if (req.body.find("grant_type=client_credentials") == std::string::npos ||
        req.body.find("scope=https%3A%2F%2Fapi.ebay.com%2Foauth%2Fapi_scope") ==
            std::string::npos) {
        res.status = 400;
        res.set_content(R"({"error":"invalid_scope","error_description":"bad grant or scope"})",
                        "application/json");
        return;
    }
    const auto at = now();
    std::lock_guard lock(mutex_);
    if (!token_error_for_.empty() && req.body.find(token_error_for_) != std::string::npos) {
        res.status = 500;
        res.set_content(R"({"error":"server_error","error_description":"try again later"})",
                        "application/json");
        return;
    }
    const bool insights = req.body.find("buy.marketplace.insights") != std::string::npos;
    if (insights && !insights_granted_) {
        // eBay's answer to a scope the keyset was not granted (ebay-samples).
        res.status = 400;
        res.set_content(
            R"({"error":"invalid_scope","error_description":"The requested scope is invalid, )"
            R"(unknown, malformed, or exceeds the scope granted to the client"})",
            "application/json");
        return;
    }
    const std::string token = "v^1.1#i^1#fake-token-" + std::to_string(token_calls_.load());
    tokens_[token] = at + token_lifetime_;
    if (insights) insights_tokens_.insert(token);
    res.set_content(R"({"access_token":")" + escape(token) + R"(","expires_in":)" +
                        std::to_string(token_lifetime_.count()) +
                        R"(,"token_type":"Application Access Token"})",
                    "application/json");
}

void FakeEbay::handle_search(const httplib::Request& req, httplib::Response& res) {
    request_started();
    ++search_calls_;
    std::optional<Fault> fault;
    std::chrono::milliseconds delay;
    {
        std::lock_guard lock(mutex_);
        auto& for_term = term_faults_[req.get_param_value("q")];
        if (!for_term.empty()) {
            fault = for_term.front();
            for_term.pop_front();
        } else if (!faults_.empty()) {
            fault = faults_.front();
            faults_.pop_front();
        }
        delay = delay_;
        marketplaces_.insert(req.get_header_value("X-EBAY-C-MARKETPLACE-ID"));
        user_agents_.insert(req.get_header_value("User-Agent"));
        end_user_contexts_.insert(req.get_header_value("X-EBAY-C-ENDUSERCTX"));
        filters_.push_back(req.get_param_value("filter"));
        aspect_filters_.push_back(req.get_param_value("aspect_filter"));
        fieldgroups_.push_back(req.get_param_value("fieldgroups"));
    }
    if (delay.count() > 0) std::this_thread::sleep_for(delay);
    if (fault == Fault::Slow) std::this_thread::sleep_for(std::chrono::milliseconds(slow_ms));

    {
        std::lock_guard lock(mutex_);
        if (fault == Fault::ExpireToken || fault == Fault::RevokeClient) tokens_.clear();
        if (fault == Fault::RevokeClient) client_revoked_ = true;
        if (fault == Fault::QuotaExhausted ||
            (daily_quota_ >= 0 && search_calls_.load() > daily_quota_)) {
            quota_spent_ = true;
        }
    }
    if (!token_valid(req.get_header_value("Authorization"))) {
        ++unauthorized_calls_;
        res.status = 401;
        res.set_content(R"({"errors":[{"errorId":1001,"domain":"OAuth","category":"REQUEST",)"
                        R"("message":"Invalid access token","longMessage":"Invalid access token. )"
                        R"(Check the value of the Authorization HTTP request header."}]})",
                        "application/json");
        return;
    }
    bool spent = false;
    {
        std::lock_guard lock(mutex_);
        spent = quota_spent_;
    }
    if (spent) {
        answer_rate_limited(res, false);
        return;
    }
    if (fault == Fault::Burst) {
        // eBay's daily-quota body for a short burst, with Retry-After: the quota is not spent.
        answer_rate_limited(res, true);
        return;
    }
    if (fault == Fault::AccessDenied) {
        res.status = 403;
        res.set_content(R"({"errors":[{"errorId":1100,"domain":"ACCESS","category":"REQUEST",)"
                        R"("message":"Access denied","longMessage":"Insufficient permissions to )"
                        R"(fulfill the request."}]})",
                        "application/json");
        return;
    }
    if (fault == Fault::RateLimited || fault == Fault::RateLimitedNoRetryAfter) {
        res.status = 429;
        if (fault == Fault::RateLimited) res.set_header("Retry-After", "1");
        res.set_content("", "application/json");
        return;
    }
    if (fault == Fault::ServerError) {
        res.status = 500;
        res.set_content(error_body(10001, "API_BROWSE", "System error."), "application/json");
        return;
    }
    if (fault == Fault::ErrorsBody200) {
        res.set_content(error_body(12001, "API_BROWSE", "Something went wrong."),
                        "application/json");
        return;
    }
    if (req.get_header_value("X-EBAY-C-MARKETPLACE-ID").empty()) {
        res.status = 400;
        res.set_content(error_body(12023, "API_BROWSE", "Missing marketplace id"),
                        "application/json");
        return;
    }
    const auto filter = req.get_param_value("filter");
    if (filter.find("conditionIds:{") == std::string::npos ||
        filter.find("buyingOptions:{FIXED_PRICE|BEST_OFFER}") == std::string::npos ||
        (req.get_param_value("category_ids") != std::to_string(graphics_category_.load()) &&
         req.get_param_value("category_ids") != "3761")) {
        res.status = 400;
        res.set_content(error_body(12002, "API_BROWSE", "Bad filter"), "application/json");
        return;
    }
    // The aspect_filter's category must be the search's own (Browse search, aspect_filter).
    std::optional<AspectFilter> aspect_filter;
    if (req.has_param("aspect_filter")) {
        aspect_filter = parse_aspect_filter(req.get_param_value("aspect_filter"));
        if (!aspect_filter || aspect_filter->category != req.get_param_value("category_ids")) {
            res.status = 400;
            res.set_content(error_body(12002, "API_BROWSE", "Invalid aspect_filter"),
                            "application/json");
            return;
        }
    }
    // fieldgroups: MATCHING_ITEMS (the default) and ASPECT_REFINEMENTS are honoured.
    const auto fieldgroups = req.get_param_value("fieldgroups");
    const bool matching_items =
        fieldgroups.empty() || fieldgroups.find("MATCHING_ITEMS") != std::string::npos;
    const bool refinements = fieldgroups.find("ASPECT_REFINEMENTS") != std::string::npos;
    std::int64_t limit = std::stoll(req.has_param("limit") ? req.get_param_value("limit") : "50");
    const std::int64_t offset =
        std::stoll(req.has_param("offset") ? req.get_param_value("offset") : "0");
    {
        std::lock_guard lock(mutex_);
        offsets_.push_back(offset);
    }
    // A server that serves fewer per page than asked says so in the page's `limit`.
    if (fault == Fault::ShortLimit) limit = std::min<std::int64_t>(limit, 50);
    if (limit < 1 || limit > 200 || offset % limit != 0) {
        res.status = 400;
        res.set_content(
            error_body(
                12515, "API_BROWSE",
                "The 'offset' value must be either zero or a multiple of the 'limit' value."),
            "application/json");
        return;
    }
    if (offset >= 10000) {
        res.status = 400;
        res.set_content(error_body(12029, "API_BROWSE", "offset must be less than 10,000"),
                        "application/json");
        return;
    }

    std::string body;
    {
        std::lock_guard lock(mutex_);
        const auto it = by_term_.find(req.get_param_value("q"));
        const Listing empty;
        const Listing& listing = it == by_term_.end() ? empty : it->second;
        // The items this filter selects, in the order asked for: newlyListed is the stored
        // order (newest first); Best Match re-ranks from one call to the next.
        auto parsed = parse_filter(filter);
        parsed.category = req.get_param_value("category_ids");
        const bool buyer_context = req.has_header("X-EBAY-C-ENDUSERCTX");
        std::vector<const FakeItem*> selected;
        for (const auto& item : listing.items) {
            if (passes(item, parsed)) selected.push_back(&item);
        }
        if (it == by_term_.end() && !market_.empty()) {
            const auto q = req.get_param_value("q");
            auto index = market_index_.find(q);
            if (index == market_index_.end()) {  // the term's items, found once
                // Browse's documented q: spaces AND, a parenthesised group ORs; a q that does
                // not parse finds nothing.
                std::vector<std::size_t> matching;
                std::vector<gpuprice::schema::KeywordAlternatives> keywords;
                try {
                    keywords = gpuprice::schema::parse_keywords(q);
                } catch (const std::invalid_argument&) {
                }
                for (std::size_t i = 0; i < market_.size() && !keywords.empty(); ++i) {
                    if (gpuprice::schema::keywords_match(keywords, market_[i].title)) {
                        matching.push_back(i);
                    }
                }
                index = market_index_.emplace(q, std::move(matching)).first;
            }
            for (const auto i : index->second) {
                if (market_[i].ended_at.empty() && passes(market_[i], parsed))
                    selected.push_back(&market_[i]);
            }
        }
        if (aspect_filter) {
            std::erase_if(selected, [&](const FakeItem* item) {
                return !has_aspects(*item, *aspect_filter);
            });
        }
        if (req.get_param_value("sort") == "newlyListed") {
            std::stable_sort(selected.begin(), selected.end(),
                             [](const FakeItem* a, const FakeItem* b) {
                                 return created_of(*a) > created_of(*b);
                             });
        }
        if (req.get_param_value("sort") != "newlyListed" && best_match_shifts_) {
            std::mt19937 shuffle(static_cast<unsigned>(search_calls_.load()));
            std::shuffle(selected.begin(), selected.end(), shuffle);
        }
        const auto total = listing.claimed_total >= 0 ? listing.claimed_total
                                                      : static_cast<std::int64_t>(selected.size());
        auto shown_total = total;
        if (total_counts_variations_) {
            for (const auto* item : selected) {
                const auto group =
                    item->group_id.empty() ? groups_.end() : groups_.find(item->group_id);
                if (group != groups_.end() && group->second.size() > 1)
                    shown_total += static_cast<std::int64_t>(group->second.size()) - 1;
            }
        }
        body = R"({"href":"x")" +
               (fault == Fault::TruncatedNoTotal
                    ? std::string()
                    : R"(,"total":)" +
                          (fault == Fault::BadTotal ? bad_total : std::to_string(shown_total))) +
               R"(,"limit":)" + std::to_string(limit) + R"(,"offset":)" + std::to_string(offset);
        if (offset + limit < total) {
            body += R"(,"next":")" + api_base() +
                    "/buy/browse/v1/item_summary/search?offset=" + std::to_string(offset + limit) +
                    "\"";
        }
        if (fault == Fault::FilterWarning) {
            body += R"(,"warnings":[{"errorId":12002,"domain":"API_BROWSE","category":"REQUEST",)"
                    R"("message":"The 'conditionIds' value is invalid.","parameters":[{"name":)"
                    R"("filterName","value":"conditionIds"}]}])";
        }
        if (refinements) {
            body += "," + refinement_json(selected, req.get_param_value("category_ids"));
        }
        if (matching_items && total > 0 && offset < total) {
            body += R"(,"itemSummaries":[)";
            auto end = std::min(offset + limit, total);
            if (short_every_ > 0 && (offset / limit + 1) % short_every_ == 0) end -= short_by_;
            // Past the real items of a claimed_total, serve generated ones.
            for (std::int64_t i = offset; i < end; ++i) {
                if (i > offset) body += ',';
                if (i < static_cast<std::int64_t>(selected.size())) {
                    body += item_json(*selected[static_cast<std::size_t>(i)], buyer_context);
                } else {
                    FakeItem filler;
                    filler.item_id = "v1|9" + std::to_string(i) + "|0";
                    filler.title = "RTX 3090 24GB";
                    body += item_json(filler);
                }
            }
            body += "]";
        }
        body += "}";
    }
    if (fault == Fault::Truncated || fault == Fault::TruncatedNoTotal) {
        body.resize(body.size() / 2);
    }
    if (fault == Fault::NotJson) body = "<html><body>Service Unavailable</body></html>";
    if (fault == Fault::GzipBomb) {
        // Not a compressible type, so httplib leaves it alone; curl inflates it by the header.
        res.set_header("Content-Encoding", "gzip");
        static const std::string bomb = gzip_bomb(std::size_t{128} << 20);  // twice the cap
        res.set_content(bomb, "application/octet-stream");
        return;
    }
    if (fault == Fault::NeverEnding) {
        res.set_chunked_content_provider(
            "application/json", [this, body](size_t sent, httplib::DataSink& sink) {
                std::string chunk = sent == 0 ? body.substr(0, body.size() / 2) : "";
                chunk.resize(std::size_t{1} << 20, 'A');
                return !stopping_ && sink.write(chunk.data(), chunk.size());
            });
        return;
    }
    if (fault == Fault::CutBody || fault == Fault::Slowloris) {
        const auto cut = body.substr(0, body.size() * 6 / 10);
        const bool slow = fault == Fault::Slowloris;
        res.set_content_provider(body.size(), "application/json",
                                 [this, cut, slow](size_t sent, size_t, httplib::DataSink& sink) {
                                     if (!slow) {
                                         // The connection closes after the 60%: httplib ends a
                                         // provider that fails.
                                         if (sent == 0) sink.write(cut.data(), cut.size());
                                         return false;
                                     }
                                     if (stopping_ || sent >= cut.size()) return false;
                                     std::this_thread::sleep_for(std::chrono::milliseconds(100));
                                     return sink.write(cut.data() + sent, 1);
                                 });
        return;
    }
    if (fault == Fault::Stall) {
        const auto half = body.substr(0, body.size() / 2);
        res.set_content_provider(body.size(), "application/json",
                                 [this, half](size_t sent, size_t, httplib::DataSink& sink) {
                                     if (sent == 0) sink.write(half.data(), half.size());
                                     // Hold the connection without sending more, until the client
                                     // gives up.
                                     for (int i = 0; i < 100 && !stopping_; ++i) {
                                         std::this_thread::sleep_for(std::chrono::milliseconds(50));
                                     }
                                     return false;
                                 });
        return;
    }
    res.set_content(body, "application/json");
}

std::string sale_json(const FakeSale& sale) {
    const std::string legacy = sale.item_id.substr(3, sale.item_id.find('|', 3) - 3);
    std::string out =
        R"({"itemId":")" + escape(sale.item_id) + R"(","title":")" + escape(sale.title) +
        R"(","lastSoldPrice":{"value":")" + sale.price + R"(","currency":")" + sale.currency +
        R"("},"lastSoldDate":")" + sale.sold_at + R"(","totalSoldQuantity":)" +
        std::to_string(sale.quantity) + R"(,"condition":"Used","conditionId":")" +
        sale.condition_id + R"(","buyingOptions":[)" + sale.buying_options +
        R"(],"categories":[{"categoryId":"27386","categoryName":"Graphics/Video Cards"}],)"
        R"("seller":{"username":"seller-y","feedbackPercentage":"99.5","feedbackScore":)" +
        std::to_string(sale.feedback_score) + R"(},"itemLocation":{"country":")" + sale.country +
        R"("},"itemWebUrl":"https://www.ebay.com/itm/)" + legacy + "\"";
    if (!sale.item_group_type.empty()) out += R"(,"itemGroupType":")" + sale.item_group_type + "\"";
    return out + "}";
}

void FakeEbay::set_insights(bool granted, bool api_denied) {
    std::lock_guard lock(mutex_);
    insights_granted_ = granted;
    insights_api_denied_ = api_denied;
}

void FakeEbay::set_sales(const std::string& term, std::vector<FakeSale> sales) {
    std::lock_guard lock(mutex_);
    sales_[term] = std::move(sales);
}

void FakeEbay::queue_sold_faults(std::initializer_list<Fault> faults) {
    std::lock_guard lock(mutex_);
    sold_faults_.insert(sold_faults_.end(), faults.begin(), faults.end());
}

std::vector<std::string> FakeEbay::sold_filters_seen() const {
    std::lock_guard lock(mutex_);
    return sold_filters_;
}

std::vector<std::int64_t> FakeEbay::sold_offsets_requested() const {
    std::lock_guard lock(mutex_);
    return sold_offsets_;
}

void FakeEbay::set_insights_keywords(InsightsKeywords rule) {
    std::lock_guard lock(mutex_);
    insights_keywords_ = rule;
}

void FakeEbay::set_ended_item_404(bool on) {
    std::lock_guard lock(mutex_);
    ended_item_404_ = on;
}

std::vector<std::string> FakeEbay::sold_queries_seen() const {
    std::lock_guard lock(mutex_);
    return sold_queries_;
}

std::vector<FakeSale> FakeEbay::sales_for(const std::string& q) const {
    // The groups of q: every group must hold one of its words. Comma rule: groups split by
    // commas, words by spaces. Space rule: every word its own group, a comma part of the word.
    std::vector<std::set<std::string>> groups;
    if (insights_keywords_ == InsightsKeywords::comma_and) {
        std::string group;
        for (char c : q + ',') {
            if (c != ',') {
                group += c;
            } else if (const auto words = lower_words(group); !words.empty()) {
                groups.push_back(words);
                group.clear();
            }
        }
    } else {
        for (const auto& word : lower_words(q)) groups.push_back({word});
    }
    std::set<std::string> and_words;
    bool or_group = false;
    for (const auto& g : groups) {
        or_group = or_group || g.size() > 1;
        and_words.insert(g.begin(), g.end());
    }
    if (!or_group) {
        // A family's q: the sales of the term with exactly these words.
        for (const auto& [term, sales] : sales_) {
            if (lower_words(term) == and_words) return sales;
        }
        return {};
    }
    std::vector<FakeSale> found;
    for (const auto& [term, sales] : sales_) {
        for (const auto& sale : sales) {
            const auto title = lower_words(sale.title);
            const bool match = std::all_of(groups.begin(), groups.end(), [&](const auto& g) {
                return std::any_of(g.begin(), g.end(),
                                   [&](const std::string& w) { return title.count(w) > 0; });
            });
            if (match) found.push_back(sale);
        }
    }
    return found;
}

void FakeEbay::set_insights_quota(int calls) {
    std::lock_guard lock(mutex_);
    insights_quota_ = calls;
}

void FakeEbay::set_insights_denial(InsightsDenial denial) {
    std::lock_guard lock(mutex_);
    insights_denial_ = denial;
}

void FakeEbay::handle_sold(const httplib::Request& req, httplib::Response& res) {
    ++sold_calls_;
    const auto at = now();
    std::lock_guard lock(mutex_);
    sold_filters_.push_back(req.get_param_value("filter"));
    std::optional<Fault> fault;
    if (!sold_faults_.empty()) {
        fault = sold_faults_.front();
        sold_faults_.pop_front();
    }
    if (fault == Fault::ExpireToken) tokens_.clear();
    const auto auth = req.get_header_value("Authorization");
    const auto token = auth.starts_with("Bearer ") ? auth.substr(7) : std::string();
    const auto it = tokens_.find(token);
    if (reject_tokens_ || it == tokens_.end() || it->second <= at) {
        res.status = 401;
        res.set_content(error_body(1001, "OAuth", "Invalid access token"), "application/json");
        return;
    }
    if (!insights_tokens_.count(token) || insights_api_denied_ ||
        insights_denial_ == InsightsDenial::access_denied) {
        res.status = 403;
        res.set_content(error_body(1100, "ACCESS", "Access denied"), "application/json");
        return;
    }
    if (insights_denial_ == InsightsDenial::no_permission) {
        res.status = 400;
        res.set_content(error_body(100017, "API_MARKETPLACE_INSIGHTS",
                                   "Insufficient permissions to use this API."),
                        "application/json");
        return;
    }
    if (insights_denial_ == InsightsDenial::marketplace_refused) {
        res.status = 409;
        res.set_content(
            error_body(100005, "API_MARKETPLACE_INSIGHTS",
                       "Currently, the " + req.get_header_value("X-EBAY-C-MARKETPLACE-ID") +
                           " marketplace is not supported."),
            "application/json");
        return;
    }
    if (insights_denial_ == InsightsDenial::category_refused) {
        res.status = 409;
        res.set_content(error_body(100015, "API_MARKETPLACE_INSIGHTS",
                                   "The category " + req.get_param_value("category_ids") +
                                       " is not supported."),
                        "application/json");
        return;
    }
    if (fault == Fault::Burst) {
        // A short burst, as on Browse: Insights' own quota is not spent (getRateLimits says so).
        answer_rate_limited(res, true);
        return;
    }
    if (req.get_header_value("X-EBAY-C-MARKETPLACE-ID").empty()) {
        res.status = 400;
        res.set_content(error_body(100020, "API_MARKETPLACE_INSIGHTS",
                                   "The X-EBAY-C-MARKETPLACE-ID header is missing."),
                        "application/json");
        return;
    }
    if (!req.has_param("category_ids")) {
        res.status = 400;
        res.set_content(
            error_body(100018, "API_MARKETPLACE_INSIGHTS", "A category ID is required."),
            "application/json");
        return;
    }
    std::int64_t limit = std::stoll(req.has_param("limit") ? req.get_param_value("limit") : "50");
    const std::int64_t offset =
        std::stoll(req.has_param("offset") ? req.get_param_value("offset") : "0");
    sold_offsets_.push_back(offset);
    // A server that serves fewer per page than asked says so in the page's `limit`.
    if (fault == Fault::ShortLimit) limit = std::min<std::int64_t>(limit, 50);
    if (limit < 1 || limit > 200 || offset % limit != 0 || offset + limit > 10000) {
        res.status = 400;
        res.set_content(error_body(100021, "API_MARKETPLACE_INSIGHTS", "Bad offset or limit."),
                        "application/json");
        return;
    }
    sold_queries_.push_back(req.get_param_value("q"));
    const auto sales = sales_for(req.get_param_value("q"));
    const auto total = static_cast<std::int64_t>(sales.size());
    std::string body =
        R"({"href":"x","total":)" + (fault == Fault::BadTotal ? bad_total : std::to_string(total)) +
        R"(,"limit":)" + std::to_string(limit) + R"(,"offset":)" + std::to_string(offset);
    if (offset + limit < total) {
        body += R"(,"next":")" + api_base() +
                "/buy/marketplace_insights/v1_beta/item_sales/search?offset=" +
                std::to_string(offset + limit) + "\"";
    }
    if (offset < total) {
        body += R"(,"itemSales":[)";
        for (std::int64_t i = offset; i < std::min(offset + limit, total); ++i) {
            if (i > offset) body += ',';
            body += sale_json(sales[static_cast<std::size_t>(i)]);
        }
        body += "]";
    }
    res.set_content(body + "}", "application/json");
}

}  // namespace gpuprice::test
