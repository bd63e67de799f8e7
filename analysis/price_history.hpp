// A model's median price night by night, with the same outlier rule as the report.
#pragma once

#include <string>
#include <vector>

#include "analysis/price_report.hpp"
#include "schema/domain/observation.hpp"

namespace gpuprice::analysis {

struct NightlyMedian {
    std::string night;
    std::string condition;
    int listings = 0;
    int outliers_removed = 0;
    double median_usd = 0;
    double p25_usd = 0;
    double p75_usd = 0;
};

// Oldest night first; nights where every listing was an outlier are left out.
std::vector<NightlyMedian> nightly_medians(const std::vector<schema::PricedObservation>& history,
                                           const std::vector<std::string>& conditions,
                                           Shipping shipping);

}  // namespace gpuprice::analysis
