#include "fetcher/query_plan.hpp"
#include "schema/domain/ascii_case.hpp"

#include <algorithm>
#include <set>

#include "fetcher/aspect_filter.hpp"
#include "fetcher/search_term.hpp"
#include "fetcher/url.hpp"

namespace gpuprice::fetcher {

namespace {

std::string money(std::int64_t cents) {
    const auto whole = std::to_string(cents / 100);
    const auto fraction = std::to_string(100 + cents % 100).substr(1);
    return whole + "." + fraction;
}

}  // namespace

std::vector<std::string> search_terms(const schema::Catalog& catalog) {
    std::vector<std::string> terms;
    for (const auto& model : catalog.models) {
        auto term = model_search_term(model);
        if (std::find(terms.begin(), terms.end(), term) == terms.end()) terms.push_back(term);
    }
    return terms;
}

std::vector<std::string> drop_covered_terms(const std::vector<std::string>& terms) {
    std::vector<std::set<std::string>> words;
    for (const auto& t : terms) words.push_back(term_words(t));
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < terms.size(); ++i) {
        bool covered = false;
        for (std::size_t j = 0; j < terms.size() && !covered; ++j) {
            if (i == j || words[j].empty()) continue;
            const bool subset =
                std::includes(words[i].begin(), words[i].end(), words[j].begin(), words[j].end());
            // Of two terms with the same words, the first is kept.
            covered = subset && (words[j].size() < words[i].size() || j < i);
        }
        if (!covered) kept.push_back(terms[i]);
    }
    return kept;
}

std::string Query::key() const {
    switch (kind) {
        case QueryKind::search:
            return family;
        case QueryKind::price_band:
            return family + " price:" + band_text(band);
        case QueryKind::item_group:
            return "item group " + item_group_id;
        case QueryKind::other_category:
            return family + " in category " + std::to_string(category);
        case QueryKind::aspect_filter:
            return family + " " + aspect + ":{" + aspect_value + "}";
        case QueryKind::withheld_check:
            break;  // never a query of the pager
    }
    return family;
}

std::string Query::sent_key() const {
    if (kind == QueryKind::item_group || kind == QueryKind::aspect_filter) return {};
    std::string key = "q=" + q();
    if (kind == QueryKind::other_category) key += " category_ids=" + std::to_string(category);
    key += " conditions=";
    for (std::size_t i = 0; i < conditions.size(); ++i) {
        if (i) key += ',';
        key += schema::condition_name(conditions[i]);
    }
    return key;
}

std::optional<int> Query::fallback_condition() const {
    if (conditions.size() != 1) return std::nullopt;
    // The class's first id stands for the class: reports class conditions, not ids.
    return schema::condition_info(conditions.front()).first_id;
}

std::vector<Query> family_queries(const std::vector<std::string>& terms,
                                  const std::vector<schema::ConditionClass>& conditions) {
    std::vector<Query> queries;
    for (const auto& term : terms) {
        Query q;
        q.family = term;
        q.conditions = conditions;
        queries.push_back(std::move(q));
    }
    return queries;
}

std::vector<Query> other_category_queries(const schema::Catalog& catalog,
                                          const std::vector<std::string>& terms,
                                          const std::vector<schema::ConditionClass>& conditions,
                                          const schema::Market& marketplace) {
    std::vector<Query> queries;
    if (marketplace.other_gpu_category == 0) return queries;
    for (const auto& term : terms) {
        const auto words = term_words(term);
        const bool listed_elsewhere =
            std::any_of(catalog.models.begin(), catalog.models.end(), [&](const auto& m) {
                const auto* segment = catalog.find_segment(m.segment);
                const auto model_words = term_words(m.name);
                return segment && segment->other_category &&
                       std::includes(model_words.begin(), model_words.end(), words.begin(),
                                     words.end());
            });
        if (!listed_elsewhere) continue;
        Query q;
        q.kind = QueryKind::other_category;
        q.family = term;
        q.conditions = conditions;
        q.category = marketplace.other_gpu_category;
        queries.push_back(std::move(q));
    }
    return queries;
}

void apply_search_terms(std::vector<Query>& queries, const std::vector<schema::SearchTerm>& terms) {
    for (auto& query : queries) {
        if (const auto* term = schema::find_search_term(terms, query.family)) {
            query.keywords = term->q == query.family ? std::string() : term->q;
        }
    }
}

std::vector<std::string> catalog_families(const schema::Catalog& catalog) {
    return drop_covered_terms(search_terms(catalog));
}

std::vector<Query> catalog_queries(const schema::Catalog& catalog,
                                   const std::vector<schema::SearchTerm>& terms,
                                   const std::vector<schema::ConditionClass>& conditions,
                                   const schema::Market& marketplace) {
    const auto families = catalog_families(catalog);
    auto queries = family_queries(families, conditions);
    for (auto& q : other_category_queries(catalog, families, conditions, marketplace)) {
        queries.push_back(std::move(q));
    }
    apply_search_terms(queries, terms);
    return queries;
}

std::string search_filter(const SearchSettings& settings, const Query& query) {
    const auto ids = schema::search_ids(query.conditions);
    // Auctions' current bids are not prices: fixed price and best offer only. priceCurrency is
    // sent only with a price range: alone it restricts nothing and draws warning 12012.
    std::string filter = "conditionIds:{" + ids + "},buyingOptions:{FIXED_PRICE|BEST_OFFER}";
    if (settings.location == ItemLocation::marketplace_country) {
        filter += ",itemLocationCountry:" + std::string(settings.marketplace.country);
    }
    if (query.band.bounded()) {
        filter += ",price:" + band_text(query.band) +
                  ",priceCurrency:" + std::string(settings.marketplace.currency);
    }
    return filter;
}

std::string query_url(const SearchSettings& settings, const Query& query, std::int64_t offset,
                      std::optional<int> limit) {
    const std::string base = settings.api_base + "/buy/browse/v1/";
    if (query.kind == QueryKind::item_group) {
        return base +
               "item/get_items_by_item_group?item_group_id=" + percent_encode(query.item_group_id);
    }
    const int category = query.kind == QueryKind::other_category
                             ? query.category
                             : settings.marketplace.graphics_cards_category;
    std::string extra;
    if (query.kind == QueryKind::aspect_filter) {
        // The aspect's category must be the search's own (fetcher/aspect_filter.hpp).
        extra = "&aspect_filter=" +
                percent_encode(aspect_filter_param(category, query.aspect, query.aspect_spellings));
    } else if (query.refinements && offset == 0) {
        // Refinements cost no call, only a larger first page; MATCHING_ITEMS keeps the items.
        extra = "&fieldgroups=MATCHING_ITEMS%2CASPECT_REFINEMENTS";
    }
    // newlyListed: a listing added during the run pushes the others down a place (a repeat on
    // the next page), where Best Match re-ranks between calls and silently skips items.
    return base + "item_summary/search?q=" + percent_encode(query.q()) +
           "&category_ids=" + std::to_string(category) +
           "&filter=" + percent_encode(search_filter(settings, query)) + extra +
           "&sort=newlyListed&limit=" + std::to_string(limit.value_or(settings.limit)) +
           "&offset=" + std::to_string(offset);
}

std::optional<std::pair<PriceBand, PriceBand>> split_band(const PriceBand& band,
                                                          std::int64_t split_cents) {
    const auto low = band.low_cents.value_or(0);
    if (split_cents <= low) return std::nullopt;
    if (band.high_cents && split_cents > *band.high_cents) return std::nullopt;
    PriceBand lower = band, upper = band;
    lower.low_cents = low;
    lower.high_cents = split_cents - 1;
    upper.low_cents = split_cents;
    return std::pair{lower, upper};
}

std::string band_text(const PriceBand& band) {
    std::string text = "[";
    if (band.low_cents) text += money(*band.low_cents);
    if (band.high_cents) text += ".." + money(*band.high_cents);
    return text + "]";
}

}  // namespace gpuprice::fetcher
