#include "analysis/suspect_price.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>
#include <utility>

#include "analysis/csv_format.hpp"
#include "analysis/outliers.hpp"
#include "analysis/tensor_flops.hpp"

namespace gpuprice::analysis {

namespace {

struct Entry {
    double usd = 0;
    std::int64_t listing_id = 0;
};

// Prices sorted ascending, so that the median without one listing's prices costs only the
// positions of those; the positions are indexed by listing, so that finding them does not scan the
// pool once per listing judged (a model's pool holds every listing of the recent nights).
struct Pool {
    std::vector<Entry> entries;
    std::vector<std::pair<std::int64_t, std::size_t>> positions;  // (listing, position), sorted
    void add(double usd, std::int64_t listing_id) { entries.push_back({usd, listing_id}); }
    void sort() {
        std::sort(entries.begin(), entries.end(),
                  [](const Entry& a, const Entry& b) { return a.usd < b.usd; });
        positions.clear();
        positions.reserve(entries.size());
        for (std::size_t i = 0; i < entries.size(); ++i)
            positions.emplace_back(entries[i].listing_id, i);
        std::sort(positions.begin(), positions.end());
    }
};

// The median of the pool's prices other than `listing_id`'s, and how many there are.
std::optional<std::pair<double, int>> median_without(const Pool& pool, std::int64_t listing_id) {
    std::vector<std::size_t> skipped;  // ascending positions
    if (listing_id != 0) {
        for (auto it = std::lower_bound(pool.positions.begin(), pool.positions.end(),
                                        std::pair<std::int64_t, std::size_t>{listing_id, 0});
             it != pool.positions.end() && it->first == listing_id; ++it)
            skipped.push_back(it->second);
    }
    const auto n = pool.entries.size() - skipped.size();
    if (n == 0) return std::nullopt;
    // The value at rank r (0-based) among the entries not skipped.
    const auto at = [&](std::size_t r) {
        for (const auto s : skipped)
            if (s <= r) ++r;
        return pool.entries[r].usd;
    };
    const double middle = n % 2 ? at(n / 2) : (at(n / 2 - 1) + at(n / 2)) / 2.0;
    return std::pair{middle, static_cast<int>(n)};
}

using Key = std::pair<schema::ConditionClass, std::string>;

class Judge {
  public:
    // The evidence: `market` less the listings found suspect (sales, listing 0, always count).
    Judge(const std::vector<MarketPrice>& market, const std::set<std::int64_t>& suspect,
          const schema::Catalog& catalog, const schema::Market& marketplace)
        : catalog_(catalog), marketplace_(marketplace) {
        for (const auto& p : market) {
            if (p.listing_id != 0 && suspect.contains(p.listing_id)) continue;
            // Placeholders ($1 "read the description") are no evidence of a price.
            if (!(p.usd >= marketplace_.price_floor)) continue;
            own_[{p.condition, p.model}].add(p.usd, p.listing_id);
        }
        for (auto& [key, pool] : own_) pool.sort();
    }

    std::optional<PriceJudgement> judge(const MarketPrice& c) {
        const auto* model = catalog_.find_model(c.model);
        // Under the floor a price is a placeholder, which the outlier rule drops on its own.
        if (!model || !(c.usd >= marketplace_.price_floor)) return std::nullopt;
        const std::string condition(schema::condition_name(c.condition));
        if (const auto own = find(own_, {c.condition, c.model})) {
            if (const auto m = median_without(*own, c.listing_id);
                m && m->second >= static_cast<int>(kMinReferencePrices)) {
                return verdict(c, kSuspectRatio,
                               {ReferenceTier::own, m->first, m->second,
                                "median of " + std::to_string(m->second) + " " + condition + " " +
                                    model->name + " prices"});
            }
        }
        if (const auto& pool = sibling_pool(c.condition, *model); pool.pool) {
            if (const auto m = median_without(*pool.pool, c.listing_id)) {
                return verdict(c, kSuspectRatioThin,
                               {ReferenceTier::siblings, m->first, m->second,
                                "median of " + std::to_string(m->second) + " " + condition +
                                    " prices of " + pool.names + pool.scaling});
            }
        }
        if (const auto reference = class_reference(c.condition, *model)) {
            return verdict(c, kSuspectRatioThin, *reference);
        }
        return std::nullopt;
    }

  private:
    struct SiblingPool {
        std::optional<Pool> pool;  // nullopt: neither the model nor a sibling has a price
        std::string names;         // "RTX 4090 D and RTX 4090"
        std::string scaling;       // ", scaled to FP32 throughput" when siblings are in it
    };

    static const Pool* find(const std::map<Key, Pool>& pools, const Key& key) {
        const auto it = pools.find(key);
        return it == pools.end() ? nullptr : &it->second;
    }

    static std::optional<PriceJudgement> verdict(const MarketPrice& c, double threshold,
                                                 PriceReference reference) {
        if (!(reference.usd > 0)) return std::nullopt;
        const double ratio = c.usd / reference.usd;
        return PriceJudgement{std::move(reference), threshold, ratio};
    }

    std::optional<double> fp32(const schema::GpuModel& model) {
        const auto it = fp32_.find(model.key);
        if (it != fp32_.end()) return it->second;
        const auto tflops = peak_tflops(catalog_, model, "fp32");
        fp32_.emplace(model.key, tflops);
        return tflops;
    }

    // The model's own prices and its siblings', scaled; built once per model and condition.
    const SiblingPool& sibling_pool(schema::ConditionClass condition,
                                    const schema::GpuModel& model) {
        const Key key{condition, model.key};
        if (const auto it = siblings_.find(key); it != siblings_.end()) return it->second;
        SiblingPool out;
        Pool pool;
        if (const auto* own = find(own_, key)) pool = *own;
        out.names = model.name;
        const auto mine = fp32(model);
        for (const auto& other : catalog_.models) {
            if (other.key == model.key || other.vendor != model.vendor ||
                other.architecture != model.architecture || other.vram_gb != model.vram_gb ||
                other.form_factor != model.form_factor) {
                continue;
            }
            const auto* prices = find(own_, {condition, other.key});
            const auto theirs = fp32(other);
            if (!prices || !mine || !theirs || !(*theirs > 0)) continue;
            const double scale = *mine / *theirs;
            if (scale < 1.0 / kSiblingSpread || scale > kSiblingSpread) continue;
            for (const auto& e : prices->entries) pool.add(e.usd * scale, e.listing_id);
            out.names += " and " + other.name;
            out.scaling = " (scaled to FP32 throughput)";
        }
        if (!pool.entries.empty()) {
            pool.sort();
            out.pool = std::move(pool);
        }
        return siblings_.emplace(key, std::move(out)).first->second;
    }

    // The cheapest well-listed card of the model's VRAM class and condition (PCIe against PCIe,
    // modules against modules), scaled down to the model's FP32 throughput.
    std::optional<PriceReference> class_reference(schema::ConditionClass condition,
                                                  const schema::GpuModel& model) {
        const auto mine = fp32(model);
        if (!mine) return std::nullopt;
        const int upper = model.vram_class.upper_gb;
        std::optional<PriceReference> best;
        for (const auto& [key, pool] : own_) {
            if (key.first != condition || key.second == model.key ||
                pool.entries.size() < kMinReferencePrices) {
                continue;
            }
            const auto* peer = catalog_.find_model(key.second);
            if (!peer || peer->vram_class.upper_gb != upper ||
                peer->slots.has_value() != model.slots.has_value()) {
                continue;
            }
            const auto theirs = fp32(*peer);
            if (!theirs || !(*theirs > 0)) continue;
            const auto m = median_without(pool, 0);
            const double scale = std::min(1.0, *mine / *theirs);
            const double usd = m->first * scale;
            if (best && best->usd <= usd) continue;
            best = PriceReference{ReferenceTier::vram_class, usd, m->second,
                                  "cheapest well-listed " + model.vram_class.label +
                                      " card: " + peer->name + " (median " +
                                      schema::format_money(m->first, marketplace_.currency) +
                                      " of " + std::to_string(m->second) +
                                      (scale < 1.0 ? "; scaled to FP32 throughput" : "") + ")"};
        }
        return best;
    }

    const schema::Catalog& catalog_;
    const schema::Market& marketplace_;
    std::map<Key, Pool> own_;
    std::map<Key, SiblingPool> siblings_;
    std::map<std::string, std::optional<double>> fp32_;
};

}  // namespace

std::string_view reference_tier_name(ReferenceTier tier) {
    switch (tier) {
        case ReferenceTier::own:
            return "own";
        case ReferenceTier::siblings:
            return "siblings";
        case ReferenceTier::vram_class:
            return "class";
    }
    return "?";
}

namespace {

// judge_prices, keeping only the judgements `keep` wants (a report keeps the suspect ones: every
// judgement of 130,000 listings, each with its reference in words, was 25 MB at a year).
template <class Keep>
std::map<std::int64_t, PriceJudgement> judge_rounds(const std::vector<MarketPrice>& candidates,
                                                    const std::vector<MarketPrice>& market,
                                                    const schema::Catalog& catalog,
                                                    const schema::Market& marketplace,
                                                    const Keep& keep) {
    // A suspect price is no evidence of what a card is worth: the prices found suspect leave the
    // evidence and the rest are judged again, until no new one is found (two cheap listings of a
    // thin model must not vouch for each other). Bounded: each round removes at least one.
    std::set<std::int64_t> suspect;
    std::map<std::int64_t, PriceJudgement> out;
    for (int round = 0; round < kMaxSuspectRounds; ++round) {
        Judge judge(market, suspect, catalog, marketplace);
        out.clear();
        bool found = false;
        for (const auto& c : candidates) {
            auto verdict = judge.judge(c);
            if (!verdict) continue;
            if (verdict->suspect() && suspect.insert(c.listing_id).second) found = true;
            if (keep(*verdict)) out.emplace(c.listing_id, std::move(*verdict));
        }
        if (!found) break;
    }
    return out;
}

}  // namespace

std::map<std::int64_t, PriceJudgement> judge_prices(const std::vector<MarketPrice>& candidates,
                                                    const std::vector<MarketPrice>& market,
                                                    const schema::Catalog& catalog,
                                                    const schema::Market& marketplace) {
    return judge_rounds(candidates, market, catalog, marketplace,
                        [](const PriceJudgement&) { return true; });
}

std::map<std::int64_t, SuspectPrice> find_suspect_prices(const std::vector<MarketPrice>& candidates,
                                                         const std::vector<MarketPrice>& market,
                                                         const schema::Catalog& catalog,
                                                         const schema::Market& marketplace) {
    std::map<std::int64_t, SuspectPrice> out;
    for (auto& [id, j] : judge_rounds(candidates, market, catalog, marketplace,
                                      [](const PriceJudgement& j) { return j.suspect(); })) {
        out.emplace(id, SuspectPrice{std::move(j.reference), j.ratio});
    }
    return out;
}

}  // namespace gpuprice::analysis
