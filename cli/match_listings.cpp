#include "cli/match_listings.hpp"

namespace gpuprice::cli {

std::map<std::string, int> match_listings(schema::Database& db,
                                          const analysis::TitleMatcher& matcher,
                                          schema::WhichListings which, std::int64_t run_id,
                                          const std::string& now) {
    std::map<std::string, int> counts;
    std::vector<schema::Verdict> verdicts;
    for (const auto& stored : schema::titles_to_match(db, which, run_id)) {
        const auto result = matcher.match(stored.title);
        schema::Verdict verdict{stored.listing_id, std::nullopt, result.reason};
        if (result.model) verdict.model = result.model->model;
        verdicts.push_back(std::move(verdict));
        ++counts[std::string(schema::match_reason_name(result.reason))];
    }
    schema::store_verdicts(db, verdicts, now);
    return counts;
}

}  // namespace gpuprice::cli
