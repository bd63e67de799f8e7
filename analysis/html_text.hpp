// Text into HTML. Everything that reaches the page from eBay (titles, seller-chosen words, item
// links) is hostile: it goes through html_text, which keeps it text in an element or a quoted
// attribute value alike, and links go through web_link, which lets only http(s) addresses
// through (a "javascript:" link would run when clicked).
#pragma once

#include <string>
#include <string_view>

namespace gpuprice::analysis {

// Control characters and bidirectional overrides removed (schema::printable_text), then
// & < > " ' as character references: safe as element text and as a quoted attribute value.
std::string html_text(std::string_view text);

// `url` escaped for an href when it is an absolute http:// or https:// address without spaces
// or control characters; empty otherwise (the caller then shows no link).
std::string web_link(std::string_view url);

// A fragment identifier made of [a-z0-9-] only: "RTX 3090 Ti" -> "rtx-3090-ti".
std::string html_id(std::string_view text);

}  // namespace gpuprice::analysis
