#include "analysis/price_history.hpp"

#include <algorithm>
#include <map>

#include "analysis/median.hpp"
#include "analysis/outliers.hpp"
#include "analysis/suspect_price.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/condition.hpp"

namespace gpuprice::analysis {

namespace {

struct Bucket {
    std::map<std::int64_t, std::pair<std::string, double>> asking;  // listing -> (night, usd)
    std::vector<double> cleared;
    std::vector<double> sold;
};

std::vector<double> kept(const std::vector<double>& values, double price_floor) {
    const auto outlier = find_outliers(values, price_floor);
    std::vector<double> out;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!outlier[i]) out.push_back(values[i]);
    }
    return out;
}

}  // namespace

std::vector<NightlyMedian> price_history(const std::vector<schema::PricedObservation>& history,
                                         const std::vector<Clearance>& clearances,
                                         const std::vector<schema::SoldPrice>& sold,
                                         const schema::Catalog& catalog,
                                         const std::vector<schema::ConditionClass>& conditions,
                                         Shipping shipping, const schema::Market& marketplace,
                                         Period period, bool include_suspect_prices,
                                         const std::optional<std::string>& only) {
    std::map<std::pair<std::string, schema::ConditionClass>, Bucket>
        buckets;  // (period, condition)
    const auto bucket = [&](int condition_id, const std::string& night) -> Bucket* {
        const auto condition = schema::condition_class(condition_id);
        if (std::find(conditions.begin(), conditions.end(), condition) == conditions.end())
            return nullptr;
        auto key = period == Period::week ? schema::week_start(night) : night;
        // With `only`, the other periods' prices are evidence, never rows: no bucket for them.
        if (only && key != *only) return nullptr;
        return &buckets[{std::move(key), condition}];
    };
    for (const auto& o : history) {
        if (auto* b = bucket(o.condition_id, o.observed_on)) {
            auto& slot = b->asking[o.listing_id];
            if (slot.first.empty() || o.observed_on >= slot.first)
                slot = {o.observed_on, buyer_total(o, shipping)};
        }
    }
    for (const auto& c : clearances) {
        if (c.kind != ClearanceKind::cleared) continue;
        if (auto* b = bucket(c.life.condition_id, c.night)) b->cleared.push_back(c.price);
    }
    for (const auto& s : sold) {
        if (auto* b = bucket(s.condition_id, s.sold_on))
            b->sold.push_back(static_cast<double>(s.price_cents) / 100.0);
    }
    // The suspect-price rule's evidence for the period [first, last]: the model's asking prices
    // there, each listing once at its latest price, and the last asking prices of listings that
    // cleared there. Not eBay's sold prices: a sold fetch adds sales to past days later, and the
    // nightly rollups (which hold the same figures) are not redone for it.
    const auto all_evidence = [&](const std::string& first, const std::string& last) {
        std::map<std::int64_t, const schema::PricedObservation*> latest;
        for (const auto& o : history) {
            if (o.observed_on < first || o.observed_on > last) continue;
            auto& slot = latest[o.listing_id];
            if (!slot || o.observed_on >= slot->observed_on) slot = &o;
        }
        std::vector<MarketPrice> market;
        for (const auto& [id, o] : latest) {
            market.push_back({id, schema::condition_class(o->condition_id), o->model,
                              buyer_total(*o, shipping)});
        }
        for (const auto& c : clearances) {
            if (c.kind != ClearanceKind::cleared || c.night < first || c.night > last) continue;
            market.push_back({c.life.listing_id, schema::condition_class(c.life.condition_id),
                              c.life.model, c.price});
        }
        return market;
    };
    // A period's buckets (one per condition class) come one after the other and share the
    // evidence: read it once per period. A bucket's candidates are judged against the evidence
    // of their own condition class only (the judge pools prices per class), so each gets that.
    std::string evidence_last;
    std::vector<MarketPrice> period_evidence;
    const auto evidence = [&](const std::string& first, const std::string& last,
                              schema::ConditionClass condition) {
        if (evidence_last.empty() || last != evidence_last) {
            period_evidence = all_evidence(first, last);
            evidence_last = last;
        }
        std::vector<MarketPrice> market;
        for (const auto& p : period_evidence)
            if (p.condition == condition) market.push_back(p);
        return market;
    };
    std::string model;
    if (!history.empty()) model = history.front().model;

    std::vector<NightlyMedian> out;
    for (const auto& [key, b] : buckets) {
        if (only && key.first != *only) continue;
        NightlyMedian n;
        n.night = key.first;
        n.condition = key.second;
        const auto last = period == Period::week ? schema::add_days(key.first, 6) : key.first;
        const auto first = schema::add_days(last, -(kSuspectEvidenceNights - 1));
        std::vector<PriceCandidate> candidates;
        for (const auto& [id, price] : b.asking)
            candidates.push_back({id, n.condition, model, price.second});
        const auto suspects = find_suspect_prices(candidates, evidence(first, last, n.condition),
                                                  catalog, marketplace);
        std::vector<double> asking;
        for (const auto& [id, price] : b.asking) {
            if (!include_suspect_prices && suspects.count(id)) {
                ++n.suspect_removed;
            } else {
                asking.push_back(price.second);
            }
        }
        const auto asked = kept(asking, marketplace.price_floor);
        n.listings = static_cast<int>(asked.size());
        n.outliers_removed = static_cast<int>(asking.size() - asked.size());
        if (!asked.empty()) {
            n.median_usd = median(asked);
            n.p25_usd = percentile(asked, 0.25);
            n.p75_usd = percentile(asked, 0.75);
        }
        const auto cleared = kept(b.cleared, marketplace.price_floor);
        n.cleared_listings = static_cast<int>(cleared.size());
        if (!cleared.empty()) n.cleared_median_usd = median(cleared);
        const auto sales = kept(b.sold, marketplace.price_floor);
        n.sold_listings = static_cast<int>(sales.size());
        if (!sales.empty()) n.sold_median_usd = median(sales);
        if (n.listings == 0 && n.cleared_listings == 0 && n.sold_listings == 0) continue;
        out.push_back(n);
    }
    return out;
}

std::map<std::string, std::vector<NightlyMedian>> nightly_medians_by_model(
    const PricesByModel& prices, const std::vector<Clearance>& clearances,
    const schema::Catalog& catalog, Shipping shipping, const schema::Market& marketplace,
    const std::string& night) {
    std::map<std::string, std::vector<Clearance>> cleared;
    for (const auto& c : clearances) {
        if (c.kind == ClearanceKind::cleared) cleared[c.life.model].push_back(c);
    }
    std::vector<schema::ConditionClass> every;
    for (const auto& info : schema::condition_classes()) every.push_back(info.condition);
    const std::vector<schema::PricedObservation> no_prices;
    const std::vector<Clearance> no_clearances;
    std::map<std::string, std::vector<NightlyMedian>> out;
    const auto add = [&](const std::string& model, const std::vector<schema::PricedObservation>& p,
                         const std::vector<Clearance>& c) {
        // Only `night` is judged: the other nights' prices are its evidence, not rows.
        auto nights = price_history(p, c, {}, catalog, every, shipping, marketplace, Period::night,
                                    false, night);
        if (!nights.empty()) out.emplace(model, std::move(nights));
    };
    for (const auto& [model, p] : prices) {
        const auto c = cleared.find(model);
        add(model, p, c == cleared.end() ? no_clearances : c->second);
    }
    for (const auto& [model, c] : cleared) {
        if (!prices.contains(model)) add(model, no_prices, c);
    }
    return out;
}

std::vector<NightlyMedian> add_sold(const std::vector<NightlyMedian>& nights,
                                    const std::vector<schema::SoldPrice>& sold,
                                    const schema::Catalog& catalog,
                                    const std::vector<schema::ConditionClass>& conditions,
                                    const schema::Market& marketplace) {
    // The sold medians alone, per night, as price_history computes them; then merged in the
    // order price_history keys its buckets: night, then condition class.
    const auto sales =
        price_history({}, {}, sold, catalog, conditions, Shipping::Include, marketplace);
    std::map<std::pair<std::string, schema::ConditionClass>, NightlyMedian> merged;
    for (const auto& n : nights) {
        if (std::find(conditions.begin(), conditions.end(), n.condition) == conditions.end())
            continue;
        merged[{n.night, n.condition}] = n;
    }
    for (const auto& s : sales) {
        auto& n = merged[{s.night, s.condition}];
        n.night = s.night;
        n.condition = s.condition;
        n.sold_median_usd = s.sold_median_usd;
        n.sold_listings = s.sold_listings;
    }
    std::vector<NightlyMedian> out;
    for (auto& [key, n] : merged) out.push_back(std::move(n));
    return out;
}

std::vector<NightlyMedian> nightly_medians(const std::vector<schema::PricedObservation>& history,
                                           const schema::Catalog& catalog,
                                           const std::vector<schema::ConditionClass>& conditions,
                                           Shipping shipping, const schema::Market& marketplace) {
    auto nights =
        price_history(history, {}, {}, catalog, conditions, shipping, marketplace, Period::night);
    std::erase_if(nights, [](const NightlyMedian& n) { return n.listings == 0; });
    return nights;
}

}  // namespace gpuprice::analysis
