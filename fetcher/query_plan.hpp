// What to ask eBay: one query per model family (families derived from the catalog, terms
// another term already covers dropped; each sends the q sellers' titles are found by, from
// search_terms.csv), every wanted condition in one conditionIds filter, the
// marketplace's item location, and a stable sort so that paging neither repeats nor skips. Every
// query has a kind (QueryKind: family search, price band, item group, other category, aspect
// filter), and all kinds share the scheduling, budget and coverage of the run.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "fetcher/search_term.hpp"
#include "schema/domain/condition.hpp"
#include "schema/domain/market.hpp"
#include "schema/domain/query_stop.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/search_terms.hpp"

namespace gpuprice::fetcher {

// One search term per catalog model family: "RTX 3080 10GB" and "RTX 3080 12GB" both become
// "RTX 3080"; "A100 PCIe 40GB" and "A100 SXM4 80GB" become "A100".
std::vector<std::string> search_terms(const schema::Catalog& catalog);

// Drops every term whose words include all words of another term: eBay ANDs the words of `q`
// (Browse search, q), so "RTX 4070" already returns every "RTX 4070 Ti Super" listing.
std::vector<std::string> drop_covered_terms(const std::vector<std::string>& terms);

using schema::QueryKind;

// Inclusive bounds in the marketplace's currency, in cents; nullopt is open.
struct PriceBand {
    std::optional<std::int64_t> low_cents;
    std::optional<std::int64_t> high_cents;
    bool bounded() const { return low_cents || high_cents; }
};

struct Query {
    QueryKind kind = QueryKind::search;
    std::string family;  // the family every result belongs to; the search text unless `keywords`
    // The q sent when it differs from the family's name: what sellers write for the family
    // (search_terms.csv, "(3080,RTX3080,3080Ti,RTX3080Ti)").
    std::string keywords;
    // Refurbished and open box are their own classes, never mixed into new; for parts is never
    // fetched as a price (condition.hpp says which ids each class searches).
    std::vector<schema::ConditionClass> conditions;
    PriceBand band;
    std::string item_group_id;  // item_group only
    // item_group only: fetcher::group_summary_key of the summary that queued it.
    std::string item_group_summary;
    int category = 0;  // other_category only: the category searched
    // search: ask the first page for eBay's aspect refinements (the family has aspect splits).
    bool refinements = false;
    // aspect_filter only: the aspect, eBay's spellings of the value searched, and the value
    // recorded on every listing seen.
    std::string aspect;
    std::vector<std::string> aspect_spellings;
    std::string aspect_value;
    // A name unique within a run: "RTX 3090", "RTX 3090 price:[..499.99]", "group 1234",
    // "RTX 3080 Memory Size:{12 GB}".
    std::string key() const;
    // What the search asks eBay for, whatever night it is sent on: its q, its category when
    // not the marketplace's own, and its conditions; a price band's is its search's (bands are
    // split afresh each night). Empty for an item group and an aspect search (evidence only).
    std::string sent_key() const;
    // The Browse q: `keywords`, else the family.
    const std::string& q() const { return keywords.empty() ? family : keywords; }
    // The conditionId to assume for an item that carries none: the query's condition when it
    // asks for exactly one, else nullopt.
    std::optional<int> fallback_condition() const;
};

// Where items may be located: the marketplace's own country (the default), or anywhere.
enum class ItemLocation { marketplace_country, anywhere };

struct SearchSettings {
    std::string api_base = "https://api.ebay.com";
    schema::Market marketplace;
    ItemLocation location = ItemLocation::marketplace_country;
    int limit = 200;
};

// One query per family, each with every wanted condition.
std::vector<Query> family_queries(const std::vector<std::string>& terms,
                                  const std::vector<schema::ConditionClass>& conditions);

// For each of `terms` naming a card of a segment marked `other_category` in segments.csv (the
// data-centre cards), the same family searched in the marketplace's other GPU category (none
// when the marketplace has none): sellers list such cards outside Graphics/Video Cards, and
// eBay searches one category per request.
std::vector<Query> other_category_queries(const schema::Catalog& catalog,
                                          const std::vector<std::string>& terms,
                                          const std::vector<schema::ConditionClass>& conditions,
                                          const schema::Market& marketplace);

// Gives each query whose family has a row in search_terms.csv that row's q (families without a
// row, e.g. a --query of the user's, send their own text).
void apply_search_terms(std::vector<Query>& queries, const std::vector<schema::SearchTerm>& terms);

// The families a night searches: one per catalog family, without those a shorter family's
// words already return (drop_covered_terms of search_terms).
std::vector<std::string> catalog_families(const schema::Catalog& catalog);

// The night's searches for the catalog: a query per family of catalog_families, the families
// listed outside Graphics/Video Cards again in the marketplace's other GPU category, each sending
// its search_terms.csv q. The fetcher's plan, and the plan the bench and replay tools fetch.
std::vector<Query> catalog_queries(const schema::Catalog& catalog,
                                   const std::vector<schema::SearchTerm>& terms,
                                   const std::vector<schema::ConditionClass>& conditions,
                                   const schema::Market& marketplace);

// The `filter` parameter of a search query, before URL encoding.
std::string search_filter(const SearchSettings& settings, const Query& query);

// GET .../buy/browse/v1/item_summary/search (or get_items_by_item_group) for one page, asking
// for `limit` items (settings.limit when not given: eBay may answer a smaller page size).
std::string query_url(const SearchSettings& settings, const Query& query, std::int64_t offset,
                      std::optional<int> limit = std::nullopt);

// Splits a band at `split_cents` into [low .. split - 1 cent] and [split .. high]; nullopt when
// the split point does not lie strictly inside the band.
std::optional<std::pair<PriceBand, PriceBand>> split_band(const PriceBand& band,
                                                          std::int64_t split_cents);

// "[..499.99]" (at most), "[500.00]" (500 and more), "[500.00..999.99]", "[]" (open): the Browse
// price filter's range syntax.
std::string band_text(const PriceBand& band);

}  // namespace gpuprice::fetcher
