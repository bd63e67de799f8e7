#include "app/probe.hpp"

#include <algorithm>

#include "fetcher/query_plan.hpp"
#include "schema/store/coverage_store.hpp"
#include "schema/store/probe_store.hpp"

namespace gpuprice::app {

namespace {

constexpr const char* kDefaultProbeTerm = "RTX 3080";

}  // namespace

std::optional<std::string> default_probe_term(schema::Database& db, const schema::RuleSet& rules,
                                              const schema::Market& market) {
    const auto terms = fetcher::search_terms(rules.catalog);
    const auto two_words = [](const std::string& term) {
        return fetcher::term_words(term).size() >= 2;
    };
    if (const auto largest = schema::largest_family(db, market); largest && two_words(*largest))
        return *largest;
    if (std::find(terms.begin(), terms.end(), kDefaultProbeTerm) != terms.end())
        return kDefaultProbeTerm;
    for (const auto& term : terms) {
        if (two_words(term)) return term;
    }
    return std::nullopt;
}

fetcher::ProbeResult probe_and_store(schema::Database& db, const schema::Market& market,
                                     fetcher::EbayClient& client,
                                     const fetcher::ProbeSettings& settings, int quota_reserve,
                                     const std::string& now) {
    auto result = fetcher::run_probe(client, settings, quota_reserve, now);
    schema::store_probe_answers(db, market, result.answers);
    return result;
}

}  // namespace gpuprice::app
