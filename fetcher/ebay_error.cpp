#include "fetcher/ebay_error.hpp"

#include <simdjson.h>

#include <algorithm>

#include "fetcher/http_engine.hpp"
#include "schema/domain/printable_text.hpp"

namespace gpuprice::fetcher {

namespace dom = simdjson::dom;

namespace {

std::string text_of(const dom::object& obj, std::string_view key) {
    std::string_view value;
    if (obj[key].get(value)) return {};
    return schema::printable_text(value);
}

}  // namespace

std::string EbayError::describe() const {
    std::string text = "eBay error " + std::to_string(error_id) + " (" + domain + "): " + message;
    if (!long_message.empty() && long_message != message) text += " " + long_message;
    if (!parameters.empty()) {
        text += " [";
        for (std::size_t i = 0; i < parameters.size(); ++i) {
            text += (i ? ", " : "") + parameters[i];
        }
        text += "]";
    }
    return text;
}

std::vector<EbayError> read_errors(const dom::object& root, std::string_view key) {
    std::vector<EbayError> errors;
    dom::array array;
    if (root[key].get(array)) return errors;
    for (auto entry : array) {
        dom::object obj;
        if (entry.get(obj)) continue;
        EbayError error;
        std::int64_t id = 0;
        if (!obj["errorId"].get(id)) error.error_id = id;
        error.domain = text_of(obj, "domain");
        error.category = text_of(obj, "category");
        error.message = text_of(obj, "message");
        error.long_message = text_of(obj, "longMessage");
        dom::array parameters;
        if (!obj["parameters"].get(parameters)) {
            for (auto parameter : parameters) {
                dom::object p;
                if (parameter.get(p)) continue;
                error.parameters.push_back(text_of(p, "name") + "=" + text_of(p, "value"));
            }
        }
        errors.push_back(std::move(error));
    }
    return errors;
}

std::vector<EbayError> parse_errors(std::string_view body) {
    dom::parser parser;
    dom::object root;
    if (parser.parse(body.data(), body.size()).get(root)) return {};
    return read_errors(root, "errors");
}

bool has_error(const std::vector<EbayError>& errors, std::int64_t error_id) {
    return std::any_of(errors.begin(), errors.end(),
                       [error_id](const EbayError& e) { return e.error_id == error_id; });
}

std::string OAuthError::describe() const {
    std::string text = error.empty() ? "(no error code)" : error;
    if (!description.empty()) text += " (" + description + ")";
    return text;
}

OAuthError parse_oauth_error(std::string_view body) {
    // The DOM parser validates the whole body first: a fuzzed body crashed the on-demand
    // iterator after a structural error (tests/fuzz/fuzz_token_response).
    OAuthError oauth;
    dom::parser parser;
    dom::object root;
    if (parser.parse(body.data(), body.size()).get(root)) return oauth;
    oauth.error = text_of(root, "error");
    oauth.description = text_of(root, "error_description");
    return oauth;
}

std::string describe_response(const HttpResponse& response) {
    std::string text = response.describe_transport();
    if (!response.complete()) return text;
    for (const auto& error : parse_errors(response.body)) text += ", " + error.describe();
    return text;
}

bool is_ignored_input_warning(const EbayError& warning) {
    switch (warning.error_id) {
        case 12002:
        case 12008:
        case 12009:
        case 12012:
        case 12016:
        case 12017:
        case 12018:
            return true;
        default:
            // Any other warning in eBay's search range is still a request eBay did not take as
            // sent; treat it the same rather than trust a result we cannot interpret.
            return warning.error_id >= 12000 && warning.error_id < 13000;
    }
}

}  // namespace gpuprice::fetcher
