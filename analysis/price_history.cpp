#include "analysis/price_history.hpp"

#include <algorithm>
#include <map>

#include "analysis/group_figures.hpp"
#include "analysis/suspect_price.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/condition.hpp"

namespace gpuprice::analysis {

namespace {

// A price as the history counts it: a listing's asking price of a night, or what a listing found
// gone on a night last asked. The night is its input's, which outlives the history's work.
struct CountedPrice {
    std::int64_t listing_id = 0;
    int condition_id = 0;
    const std::string* night = nullptr;
    double usd = 0;
};

struct Bucket {
    std::vector<CountedPrice> asking;  // as read; each listing once at its latest when judged
    std::vector<double> cleared;
    std::vector<double> sold;
};

// Each listing once, by listing id, at its price of the latest night (of those, the last read). A
// sort, not a map: a rollup reduces 145,000 prices per shipping basis.
std::vector<CountedPrice> latest_per_listing(std::vector<CountedPrice> points) {
    std::stable_sort(points.begin(), points.end(),
                     [](const CountedPrice& a, const CountedPrice& b) {
                         if (a.listing_id != b.listing_id) return a.listing_id < b.listing_id;
                         return *a.night < *b.night;
                     });
    std::vector<CountedPrice> out;
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (i + 1 < points.size() && points[i + 1].listing_id == points[i].listing_id) continue;
        out.push_back(points[i]);
    }
    return out;
}

// price_history over one model's prices: `asking` every asking price read, `cleared` the
// listings found cleared (not those near their final bid).
std::vector<NightlyMedian> history_of(
    const std::string& model, const std::vector<CountedPrice>& asking,
    const std::vector<CountedPrice>& cleared, const std::vector<schema::SoldPrice>& sold,
    const schema::Catalog& catalog, const std::vector<schema::ConditionClass>& conditions,
    const schema::Market& marketplace, Period period, bool include_suspect_prices,
    const std::optional<std::string>& only) {
    std::map<std::pair<std::string, schema::ConditionClass>, Bucket>
        buckets;  // (period, condition)
    const auto bucket = [&](int condition_id, const std::string& night) -> Bucket* {
        const auto condition = schema::condition_class(condition_id);
        if (std::find(conditions.begin(), conditions.end(), condition) == conditions.end())
            return nullptr;
        // With `only`, the other periods' prices are evidence, never rows: no bucket for them.
        if (period == Period::night) {
            if (only && night != *only) return nullptr;
            return &buckets[{night, condition}];
        }
        auto key = schema::week_start(night);
        if (only && key != *only) return nullptr;
        return &buckets[{std::move(key), condition}];
    };
    for (const auto& p : asking) {
        if (auto* b = bucket(p.condition_id, *p.night)) b->asking.push_back(p);
    }
    for (const auto& c : cleared) {
        if (auto* b = bucket(c.condition_id, *c.night)) b->cleared.push_back(c.usd);
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
        std::vector<CountedPrice> in_period;
        for (const auto& p : asking) {
            if (*p.night < first || *p.night > last) continue;
            in_period.push_back(p);
        }
        std::vector<MarketPrice> market;
        for (const auto& p : latest_per_listing(std::move(in_period)))
            market.push_back({p.listing_id, schema::condition_class(p.condition_id), model, p.usd});
        for (const auto& c : cleared) {
            if (*c.night < first || *c.night > last) continue;
            market.push_back({c.listing_id, schema::condition_class(c.condition_id), model, c.usd});
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

    std::vector<NightlyMedian> out;
    for (const auto& [key, b] : buckets) {
        NightlyMedian n;
        n.night = key.first;
        n.condition = key.second;
        const auto last = period == Period::week ? schema::add_days(key.first, 6) : key.first;
        const auto first = schema::add_days(last, -(kSuspectEvidenceNights - 1));
        const auto listed = latest_per_listing(b.asking);
        std::vector<MarketPrice> candidates;
        for (const auto& p : listed)
            candidates.push_back({p.listing_id, n.condition, model, p.usd});
        const auto suspects = find_suspect_prices(candidates, evidence(first, last, n.condition),
                                                  catalog, marketplace);
        GroupPrices prices;
        for (const auto& p : listed) {
            prices.asking_usd.push_back(p.usd);
            prices.kept_out_as_suspect.push_back(!include_suspect_prices &&
                                                 suspects.count(p.listing_id));
        }
        prices.cleared_usd = b.cleared;
        prices.sold_usd = b.sold;
        const auto figures = group_figures(prices, marketplace.price_floor);
        n.listings = figures.listings;
        n.suspect_removed = figures.suspect_removed;
        n.outliers_removed = figures.outliers_removed;
        n.median_usd = figures.median_usd;
        n.p25_usd = figures.p25_usd;
        n.p75_usd = figures.p75_usd;
        n.cleared_listings = figures.cleared_listings;
        n.cleared_median_usd = figures.cleared_median_usd;
        n.sold_listings = figures.sold_listings;
        n.sold_median_usd = figures.sold_median_usd;
        if (n.listings == 0 && n.cleared_listings == 0 && n.sold_listings == 0) continue;
        out.push_back(n);
    }
    return out;
}

std::vector<CountedPrice> counted_prices(const std::vector<schema::NightPrice>& prices,
                                         Shipping shipping) {
    std::vector<CountedPrice> out;
    out.reserve(prices.size());
    for (const auto& p : prices) {
        out.push_back({p.listing_id, p.condition_id, &p.night,
                       buyer_total(p.price_cents, p.shipping_cents, shipping)});
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
    std::vector<CountedPrice> asking;
    asking.reserve(history.size());
    for (const auto& o : history)
        asking.push_back({o.listing_id, o.condition_id, &o.observed_on, buyer_total(o, shipping)});
    std::vector<CountedPrice> cleared;
    for (const auto& c : clearances) {
        if (c.kind == ClearanceKind::cleared)
            cleared.push_back({c.life.listing_id, c.life.condition_id, &c.night, c.price});
    }
    std::string model;
    if (!history.empty()) {
        model = history.front().model;
    } else if (!clearances.empty()) {
        model = clearances.front().life.model;
    }
    return history_of(model, asking, cleared, sold, catalog, conditions, marketplace, period,
                      include_suspect_prices, only);
}

std::map<std::string, std::vector<NightlyMedian>> nightly_medians_by_model(
    const PricesByModel& prices, const PricesByModel& cleared, const schema::Catalog& catalog,
    Shipping shipping, const schema::Market& marketplace, const std::string& night) {
    std::vector<schema::ConditionClass> every;
    for (const auto& info : schema::condition_classes()) every.push_back(info.condition);
    const std::vector<schema::NightPrice> none;
    std::map<std::string, std::vector<NightlyMedian>> out;
    const auto add = [&](const std::string& model, const std::vector<schema::NightPrice>& p,
                         const std::vector<schema::NightPrice>& c) {
        // Only `night` is judged: the other nights' prices are its evidence, not rows.
        auto nights = history_of(model, counted_prices(p, shipping), counted_prices(c, shipping),
                                 {}, catalog, every, marketplace, Period::night, false, night);
        if (!nights.empty()) out.emplace(model, std::move(nights));
    };
    for (const auto& [model, p] : prices) {
        const auto c = cleared.find(model);
        add(model, p, c == cleared.end() ? none : c->second);
    }
    for (const auto& [model, c] : cleared) {
        if (!prices.contains(model)) add(model, none, c);
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

}  // namespace gpuprice::analysis
