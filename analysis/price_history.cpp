#include "analysis/price_history.hpp"

#include <algorithm>
#include <map>

#include "analysis/median.hpp"
#include "analysis/outliers.hpp"
#include "schema/domain/condition.hpp"

namespace gpuprice::analysis {

std::vector<NightlyMedian> nightly_medians(const std::vector<schema::PricedObservation>& history,
                                           const std::vector<std::string>& conditions,
                                           Shipping shipping) {
    std::map<std::pair<std::string, std::string>, std::vector<double>> prices;
    for (const auto& o : history) {
        const std::string condition(schema::condition_class(o.condition_id));
        if (std::find(conditions.begin(), conditions.end(), condition) == conditions.end())
            continue;
        prices[{o.observed_on, condition}].push_back(total_price_usd(o, shipping));
    }
    std::vector<NightlyMedian> nights;
    for (const auto& [key, values] : prices) {
        const auto outlier = find_outliers(values);
        std::vector<double> kept;
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (!outlier[i]) kept.push_back(values[i]);
        }
        if (kept.empty()) continue;
        nights.push_back({key.first, key.second, static_cast<int>(kept.size()),
                          static_cast<int>(values.size() - kept.size()), median(kept),
                          percentile(kept, 0.25), percentile(kept, 0.75)});
    }
    return nights;
}

}  // namespace gpuprice::analysis
