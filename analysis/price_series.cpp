#include "analysis/price_series.hpp"

#include <algorithm>

#include "schema/domain/clock.hpp"

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

void pool_thin_sales(PriceSeries& series, const std::vector<schema::SoldPrice>& sold,
                     const schema::Catalog& catalog, const schema::Market& marketplace,
                     const std::string& to) {
    std::map<std::string, std::vector<schema::SoldPrice>> by_model;
    for (const auto& s : sold) by_model[s.model].push_back(s);
    for (auto& [key, nights] : series) {
        int sales = 0, sold_nights = 0;
        for (const auto& n : nights) {
            if (!n.sold_median_usd) continue;
            sales += n.sold_listings;
            ++sold_nights;
        }
        if (sold_nights == 0 || sales >= kThinSalesPerNight * sold_nights) continue;
        const auto model_sales = by_model.find(key.first);
        if (model_sales == by_model.end()) continue;
        for (auto& n : nights) {
            n.sold_median_usd.reset();
            n.sold_listings = 0;
        }
        for (const auto& week : price_history({}, {}, model_sales->second, catalog, {key.second},
                                              Shipping::Include, marketplace, Period::week)) {
            if (!week.sold_median_usd) continue;
            const auto last = std::min(schema::add_days(week.night, 6), to);
            auto at = std::find_if(nights.begin(), nights.end(),
                                   [&](const NightlyMedian& n) { return n.night >= last; });
            if (at == nights.end() || at->night != last) {
                NightlyMedian night;
                night.night = last;
                night.condition = key.second;
                at = nights.insert(at, std::move(night));
            }
            at->sold_median_usd = week.sold_median_usd;
            at->sold_listings = week.sold_listings;
            at->sold_days = 7;
        }
    }
}

}  // namespace gpuprice::analysis
