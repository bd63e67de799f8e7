#include "cli/match_listings.hpp"

#include "schema/store/attribute_store.hpp"
#include "schema/store/night_status.hpp"
#include "schema/store/sold_store.hpp"

namespace gpuprice::cli {

std::map<std::string, int> match_listings(schema::Database& db,
                                          const analysis::TitleMatcher& matcher,
                                          const analysis::AttributeExtractor& extractor,
                                          schema::WhichListings which, std::int64_t run_id,
                                          const std::string& now) {
    constexpr int kBatch = 10000;  // titles in memory at once
    std::map<std::string, int> counts;
    std::int64_t after = 0;
    for (;;) {
        const auto titles = schema::titles_to_match(db, which, run_id, after, kBatch);
        if (titles.empty()) break;
        std::vector<schema::Verdict> verdicts;
        verdicts.reserve(titles.size());
        std::vector<std::pair<std::int64_t, schema::ListingAttributes>> attributes;
        attributes.reserve(titles.size());
        for (const auto& stored : titles) {
            const auto result = matcher.match(stored.title, &stored.aspects);
            schema::Verdict verdict{stored.listing_id, std::nullopt, result.reason,
                                    result.decided_by};
            if (result.model) verdict.model = result.model->model;
            verdicts.push_back(std::move(verdict));
            attributes.emplace_back(stored.listing_id, extractor.extract(stored.title));
            ++counts[std::string(schema::match_reason_name(result.reason))];
        }
        schema::store_verdicts(db, verdicts, now);
        schema::store_listing_attributes(db, attributes, now);
        after = titles.back().listing_id;
    }
    // Every listing that lacked a verdict has one now: the finished runs are whole (F1).
    schema::mark_runs_matched(db, now);
    return counts;
}

std::map<std::string, int> match_sold_items(schema::Database& db,
                                            const analysis::TitleMatcher& matcher, bool all) {
    constexpr int kBatch = 10000;
    std::map<std::string, int> counts;
    std::string after;
    for (;;) {
        const auto titles = schema::sold_titles_to_match(db, all, after, kBatch);
        if (titles.empty()) break;
        std::vector<schema::SoldVerdict> verdicts;
        verdicts.reserve(titles.size());
        for (const auto& stored : titles) {
            const auto result = matcher.match(stored.title);
            schema::SoldVerdict verdict{stored.item_id, std::nullopt, result.reason};
            if (result.model) verdict.model = result.model->model;
            verdicts.push_back(std::move(verdict));
            ++counts[std::string(schema::match_reason_name(result.reason))];
        }
        schema::store_sold_verdicts(db, verdicts);
        after = titles.back().item_id;
    }
    return counts;
}

}  // namespace gpuprice::cli
