// One policy for every eBay page (Browse search and item groups, Marketplace Insights sales):
// eBay's text is adversarial, so a body with invalid UTF-8 or a lone UTF-16 surrogate escape is
// repaired (the bad bytes become U+FFFD) and parsed again, and one bad title costs its item, never
// the page. Titles are cleaned (schema::printable_text) before they are stored; an item whose
// title is missing, too long, not a string or carries U+FFFD is skipped and counted.
#pragma once

#include <simdjson.h>

#include <optional>
#include <string>
#include <string_view>

#include "schema/domain/skip_reason.hpp"

namespace gpuprice::fetcher {

// Parses `body` into `json` and `root`, repairing invalid UTF-8 and lone surrogate escapes
// first when simdjson refuses the body for them. Returns simdjson's error of the last attempt.
simdjson::error_code parse_repaired(simdjson::dom::parser& parser, std::string_view body,
                                    simdjson::padded_string& json, simdjson::dom::element& root);

// Reads item["title"] cleaned into `title`; the reason to skip the item (missing-title,
// bad-title: not a string or over kMaxTitleBytes, invalid-utf8), or nullopt.
std::optional<schema::SkipReason> read_title(simdjson::dom::object item, std::string& title);

// The item's condition id: its conditionId (a string, "3000"), else the id eBay's condition name
// stands for (schema/domain/condition_names.hpp: an item that carries only the name), else
// nullopt (stored without a condition, counted as not stated).
std::optional<int> read_condition_id(simdjson::dom::object item);

}  // namespace gpuprice::fetcher
