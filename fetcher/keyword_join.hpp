// How an eBay search API joins the words of `q`, and the term as each API wants it. eBay's own
// texts disagree:
//   - Browse item_summary/search, q (Browse OpenAPI 1.19): "If the keywords are separated by a
//     space, it is treated as an AND ... input using parentheses and separated by a comma ... an
//     OR" (developer.ebay.com/api-docs/buy/browse/resources/item_summary/methods/search);
//   - Marketplace Insights item_sales/search, q (v1_beta.2.2): "If the keywords are separated by
//     a comma, it is treated as an AND ... separated by a space, it is treated as an OR" (the
//     wording Browse's page had before it changed)
//     (developer.ebay.com/api-docs/buy/marketplace-insights/resources/item_sales/methods/search).
// Sent space-joined, a two-word family would ask Insights for every sale holding either word.
// `gpuprice probe` compares the totals of both forms on the live API and stores what it saw; a
// night uses that answer, and each API's documented rule until a probe has answered.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fetcher/ebay_api.hpp"

namespace gpuprice::fetcher {

enum class KeywordJoin {
    space_and,  // "RTX 3080": both words (Browse, as documented)
    comma_and,  // "RTX,3080": both words (Marketplace Insights, as documented)
};
// "space", "comma": what the probe stores.
std::string_view keyword_join_name(KeywordJoin join);
std::optional<KeywordJoin> parse_keyword_join(std::string_view name);

// The join each API documents.
KeywordJoin documented_join(EbayApi api);

// A family term as `q` under `join`: "RTX 3080" or "RTX,3080" (runs of spaces are one).
std::string join_keywords(std::string_view term, KeywordJoin join);

// What two totals of one two-word term say: the comma form finding some, and fewer than the
// space form, means the comma ANDs and the space ORs; the space form finding some otherwise means
// the space ANDs. Nothing found either way says nothing (nullopt).
std::optional<KeywordJoin> join_from_totals(std::int64_t space_total, std::int64_t comma_total);

// A Browse q (search_terms.csv: words ANDed, a parenthesised group ORed) as the AND-only terms it
// stands for, one per choice of each group's alternatives, in the csv's order: "(3080,RTX3080)
// Ti" -> "3080 Ti", "RTX3080 Ti". Marketplace Insights documents no OR group inside an AND, so
// the sold pass asks each term and keeps the union of its sales (audit 3, F8). A q that does not
// parse is the one term it is.
std::vector<std::string> and_terms(std::string_view browse_q);

}  // namespace gpuprice::fetcher
