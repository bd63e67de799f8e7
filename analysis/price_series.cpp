#include "analysis/price_series.hpp"

namespace gpuprice::analysis {

PriceSeries price_series(const std::vector<schema::PricedObservation>& observations,
                         const std::vector<Clearance>& clearances,
                         const std::vector<schema::SoldPrice>& sold, const schema::Catalog& catalog,
                         const std::vector<schema::ConditionClass>& conditions, Shipping shipping,
                         const schema::Market& marketplace) {
    struct Inputs {
        std::vector<schema::PricedObservation> observations;
        std::vector<Clearance> clearances;
        std::vector<schema::SoldPrice> sold;
    };
    std::map<std::string, Inputs> by_model;
    for (const auto& o : observations) by_model[o.model].observations.push_back(o);
    for (const auto& c : clearances) by_model[c.life.model].clearances.push_back(c);
    for (const auto& s : sold) by_model[s.model].sold.push_back(s);
    PriceSeries series;
    for (const auto& [model, in] : by_model) {
        for (auto& night : price_history(in.observations, in.clearances, in.sold, catalog,
                                         conditions, shipping, marketplace, Period::night)) {
            series[{model, night.condition}].push_back(std::move(night));
        }
    }
    return series;
}

}  // namespace gpuprice::analysis
