// eBay's error bodies, read in one place: the `errors` and `warnings` arrays of the REST APIs
// (Browse, Marketplace Insights, Developer Analytics, Taxonomy: errorId, domain, category,
// message, longMessage, parameters) and the OAuth token endpoint's `error` and
// `error_description`; and one way to say what went wrong with a response. Every text is a
// stranger's: cleaned (printable_text) before it is kept or shown.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace simdjson::dom {
class object;
}

namespace gpuprice::fetcher {

struct HttpResponse;

// One entry of an eBay `errors` (or `warnings`) array.
struct EbayError {
    std::int64_t error_id = 0;
    std::string domain;
    std::string category;
    std::string message;
    std::string long_message;             // often the actionable part
    std::vector<std::string> parameters;  // e.g. the filter name eBay ignored

    // "eBay error 12002 (API_BROWSE): message. long message [filter=price]"
    std::string describe() const;
};

// The `key` array ("errors" or "warnings") of a parsed body; empty when there is none.
std::vector<EbayError> read_errors(const simdjson::dom::object& root, std::string_view key);
// The `errors` array of a body (4xx/5xx, or a 200 that carries one); empty if there is none.
std::vector<EbayError> parse_errors(std::string_view body);
bool has_error(const std::vector<EbayError>& errors, std::int64_t error_id);

// The OAuth token endpoint's refusal: {"error":"invalid_scope","error_description":"..."}.
struct OAuthError {
    std::string error;        // empty when the body says nothing
    std::string description;  // eBay's actionable text; never echoes the secret
    // "invalid_scope (The requested scope is invalid, ...)", or "(no error code)".
    std::string describe() const;
};
OAuthError parse_oauth_error(std::string_view body);

// What came back, for a message: "network: <curl's error>" (with the status when one came
// first), or "HTTP <status>" followed by each of eBay's errors.
std::string describe_response(const HttpResponse& response);

// Warnings eBay sends with HTTP 200 when it ignored part of the request (Browse search, 200
// response: 12002 filter value, 12008 sort, 12009 category_ids, 12012 price/priceCurrency,
// 12016 fieldgroups, 12017/12018 aspect_filter): the result is wider than was asked for.
bool is_ignored_input_warning(const EbayError& warning);

}  // namespace gpuprice::fetcher
