#include "analysis/price_report.hpp"

#include <algorithm>
#include <map>
#include <type_traits>

#include "analysis/group_figures.hpp"
#include "schema/domain/condition.hpp"

namespace gpuprice::analysis {

namespace {

// The price a report computes with: a listing line's observation, or a LatestPrice (a report of
// rows only).
const schema::PricedObservation& price_of(const ListingLine& line) {
    return line.observation;
}
const schema::LatestPrice& price_of(const schema::LatestPrice& price) {
    return price;
}

// The prices of one (condition, SKU), as indexes into what the report is built from.
struct Group {
    std::vector<std::size_t> members;
    std::vector<double> cleared_usd;
    std::vector<double> cleared_days;
    std::vector<double> sold_usd;
};

// The chosen figure and how many prices stand behind it.
std::pair<std::optional<double>, int> basis_figure(const ReportRow& row, PriceBasis basis) {
    switch (basis) {
        case PriceBasis::median:
            return {row.listings ? std::optional(row.median_usd) : std::nullopt, row.listings};
        case PriceBasis::p25:
            return {row.listings ? std::optional(row.p25_usd) : std::nullopt, row.listings};
        case PriceBasis::lowest3:
            return {row.lowest3_mean_usd, row.listings};
        case PriceBasis::cleared:
            return {row.cleared_median_usd, row.cleared_listings};
        case PriceBasis::sold:
            return {row.sold_median_usd, row.sold_listings.value_or(0)};
    }
    return {std::nullopt, 0};
}

// The value `rank` orders by, larger first; nullopt: the row cannot be ranked by it.
std::optional<double> rank_key(const ReportRow& row, RankBy rank_by) {
    switch (rank_by) {
        case RankBy::tflops:
            if (row.no_matrix_units) return std::nullopt;  // a vector figure among matrix ones
            return row.gflops_per_usd;
        case RankBy::bandwidth:
            return row.bandwidth_gbs_per_usd;
        case RankBy::vram:
            if (!row.usd_per_gb_vram) return std::nullopt;
            return -*row.usd_per_gb_vram;
        // An extrapolated estimate (no card of its architecture measured) is shown, not ranked.
        case RankBy::training:
            if (!row.perf.train_rel || row.perf.train_rel->extrapolated) return std::nullopt;
            return row.train_per_kusd;
        case RankBy::inference:
            if (!row.perf.llm_tg_tok_s || row.perf.llm_tg_tok_s->extrapolated) return std::nullopt;
            return row.llm_tg_per_kusd;
    }
    return std::nullopt;
}

// Ranked cards first by the rank key; then SXM modules shown apart, then unranked (low sample)
// ones; cards without the key last.
bool row_order(const ReportRow& a, const ReportRow& b, RankBy rank_by) {
    if (a.condition != b.condition) return a.condition < b.condition;
    if (a.vram_class.upper_gb != b.vram_class.upper_gb) {
        return a.vram_class.upper_gb < b.vram_class.upper_gb;
    }
    const auto ka = rank_key(a, rank_by), kb = rank_key(b, rank_by);
    if (ka.has_value() != kb.has_value()) return ka.has_value();
    if (a.rank.has_value() != b.rank.has_value()) return a.rank.has_value();
    if (a.module_apart != b.module_apart) return a.module_apart;  // modules, then low sample
    if (ka && *ka != *kb) return *ka > *kb;
    return a.median_usd < b.median_usd;
}

using Groups = std::map<std::pair<schema::ConditionClass, std::string>, Group>;

// The suspect-price verdicts of the report's listings, against the recent nights' asking prices
// (or the report's own), the clearances and the sales of the conditions reported.
template <class Source>
std::map<std::int64_t, SuspectPrice> suspect_prices(const Groups& groups,
                                                    const std::vector<Source>& sources,
                                                    const MarketEvidence& evidence,
                                                    const schema::Catalog& catalog,
                                                    const ReportOptions& options) {
    // Sized up front: at a year --days 30 judges 130,000 listings, and growing doubles them.
    std::size_t members = 0;
    for (const auto& [key, group] : groups) members += group.members.size();
    std::vector<MarketPrice> candidates;
    candidates.reserve(members);
    std::vector<MarketPrice> market;
    market.reserve(members + (evidence.recent.empty() ? sources.size() : evidence.recent.size()) +
                   evidence.clearances.size() + evidence.sold.size());
    std::vector<std::int64_t> reported;  // sorted below
    reported.reserve(members);
    for (const auto& [key, group] : groups) {
        for (const auto i : group.members) {
            const auto& o = price_of(sources[i]);
            const double usd = buyer_total(o.price_cents, o.shipping_cents, options.shipping);
            candidates.push_back({o.listing_id, key.first, o.model, usd});
            market.push_back({o.listing_id, key.first, o.model, usd});
            reported.push_back(o.listing_id);
        }
    }
    std::sort(reported.begin(), reported.end());
    const auto wanted = [&](schema::ConditionClass c) {
        return std::find(options.conditions.begin(), options.conditions.end(), c) !=
               options.conditions.end();
    };
    // Siblings and class peers count even when the report leaves them out (--min-vram and
    // --supported-only filter what is shown, not what the market says).
    const auto add_listed = [&](const auto& source) {
        const auto& o = price_of(source);
        const auto condition = schema::condition_class(o.condition_id);
        if (std::binary_search(reported.begin(), reported.end(), o.listing_id) ||
            !wanted(condition))
            return;
        market.push_back({o.listing_id, condition, o.model,
                          buyer_total(o.price_cents, o.shipping_cents, options.shipping)});
    };
    if (evidence.recent.empty())
        std::for_each(sources.begin(), sources.end(), add_listed);
    else
        std::for_each(evidence.recent.begin(), evidence.recent.end(), add_listed);
    for (const auto& c : evidence.clearances) {
        const auto condition = schema::condition_class(c.life.condition_id);
        if (c.kind != ClearanceKind::cleared || !wanted(condition)) continue;
        market.push_back({c.life.listing_id, condition, c.life.model, c.price});
    }
    for (const auto& s : evidence.sold) {
        const auto condition = schema::condition_class(s.condition_id);
        if (!wanted(condition)) continue;
        market.push_back({0, condition, s.model, static_cast<double>(s.price_cents) / 100.0});
    }
    return find_suspect_prices(candidates, market, catalog, options.market);
}

}  // namespace

double buyer_total(const schema::PricedObservation& o, Shipping shipping) {
    return buyer_total(o.price_cents, o.shipping_cents, shipping);
}

double percent_change(double now, double then) {
    return (now / then - 1.0) * 100.0;
}

namespace {

// Moves lines[i] to position to[i] for every i, in place (no second vector of lines: at a year
// --days 30 holds 130,000 of them).
void permute(std::vector<ListingLine>& lines, std::vector<std::size_t> to) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
        while (to[i] != i) {
            std::swap(lines[i], lines[to[i]]);
            std::swap(to[i], to[to[i]]);
        }
    }
}

// build_report over listing lines (rows and the lines, each line's observation set) or
// LatestPrices (rows only: what the change columns compare).
template <class Source>
Report build(std::vector<Source>& sources, const schema::Catalog& catalog,
             const ReportOptions& options, const MarketEvidence& evidence) {
    constexpr bool with_lines = std::is_same_v<Source, ListingLine>;
    // By (condition, SKU key).
    Groups groups;
    // The group of a price of SKU `sku` in condition `condition_id`, or null when not reported.
    const auto group_of = [&](int condition_id, const std::string& sku) -> Group* {
        const auto condition = schema::condition_class(condition_id);
        if (std::find(options.conditions.begin(), options.conditions.end(), condition) ==
            options.conditions.end()) {
            return nullptr;
        }
        const auto* model = catalog.find_model(sku);
        if (!model || model->vram_gb < options.min_vram_gb) return nullptr;
        if (options.supported_only && !catalog.support_of(*model).supported) return nullptr;
        return &groups[{condition, sku}];
    };
    for (std::size_t i = 0; i < sources.size(); ++i) {
        const auto& o = price_of(sources[i]);
        if (auto* group = group_of(o.condition_id, o.model)) group->members.push_back(i);
    }
    for (const auto& c : evidence.clearances) {
        if (c.kind != ClearanceKind::cleared) continue;  // near-final bids are not clearances
        if (auto* group = group_of(c.life.condition_id, c.life.model)) {
            group->cleared_usd.push_back(c.price);
            group->cleared_days.push_back(c.days_listed);
        }
    }
    for (const auto& s : evidence.sold) {
        if (auto* group = group_of(s.condition_id, s.model)) {
            group->sold_usd.push_back(static_cast<double>(s.price_cents) / 100.0);
        }
    }

    const auto suspects = suspect_prices(groups, sources, evidence, catalog, options);

    Report report;
    const auto performance = performance_table(catalog);
    // Where each line goes: the groups' lines in group order, then the lines no group holds
    // (conditions not asked for, cards below --min-vram), which are dropped.
    std::vector<std::size_t> to;
    std::size_t placed = 0;
    if constexpr (with_lines) to.assign(sources.size(), sources.size());
    for (auto& [key, group] : groups) {
        const auto& [condition, sku] = key;
        const auto* model = catalog.find_model(sku);
        ReportRow row;
        row.condition = condition;
        row.model = *model;
        row.vram_class = model->vram_class;
        // Suspect prices first (kept out unless included), then the group's figures.
        GroupPrices prices;
        prices.asking_usd.reserve(group.members.size());
        std::vector<const SuspectPrice*> suspect;
        for (const auto i : group.members) {
            const auto& o = price_of(sources[i]);
            prices.asking_usd.push_back(
                buyer_total(o.price_cents, o.shipping_cents, options.shipping));
            const auto it = suspects.find(o.listing_id);
            suspect.push_back(it != suspects.end() ? &it->second : nullptr);
            prices.kept_out_as_suspect.push_back(suspect.back() && !options.include_suspect_prices);
        }
        prices.cleared_usd = std::move(group.cleared_usd);
        prices.cleared_days = std::move(group.cleared_days);
        if (evidence.have_sold_data) prices.sold_usd = std::move(group.sold_usd);
        const auto figures = group_figures(prices, options.market.price_floor);
        for (std::size_t k = 0; k < group.members.size(); ++k) {
            const bool counted = !prices.kept_out_as_suspect[k] && !figures.outlier[k];
            if (counted && options.shipping == Shipping::Include &&
                !price_of(sources[group.members[k]]).shipping_cents)
                ++row.unknown_shipping;
            if constexpr (with_lines) {
                auto& line = sources[group.members[k]];
                line.condition = condition;
                line.total_usd = prices.asking_usd[k];
                line.outlier = figures.outlier[k];
                line.model_name = model->name;
                if (suspect[k]) line.suspect = *suspect[k];
                line.kept_out_as_suspect = prices.kept_out_as_suspect[k];
                to[group.members[k]] = placed++;
            }
        }
        row.listings = figures.listings;
        row.suspect_removed = figures.suspect_removed;
        row.outliers_removed = figures.outliers_removed;
        row.median_usd = figures.median_usd;
        row.p25_usd = figures.p25_usd;
        row.p75_usd = figures.p75_usd;
        row.min_usd = figures.min_usd.value_or(0);
        row.lowest3_mean_usd = figures.lowest3_mean_usd;
        row.cleared_listings = figures.cleared_listings;
        row.cleared_median_usd = figures.cleared_median_usd;
        row.median_days_listed = figures.median_days_listed;
        if (prices.sold_usd) {
            row.sold_listings = figures.sold_listings;
            row.sold_median_usd = figures.sold_median_usd;
        }
        // A listing is one board: its figures count every device on it.
        const double devices = model->devices;
        if (const auto throughput =
                report_figure(catalog, *model, options.precision, options.sparsity)) {
            row.tflops = throughput->tflops * devices;
            row.figure_precision = throughput->precision;
            row.no_matrix_units = throughput->no_matrix_units;
        }
        const auto [figure, behind] = basis_figure(row, options.basis);
        if (figure && *figure > 0) row.basis_usd = figure;
        if (row.basis_usd) {
            if (row.tflops) row.gflops_per_usd = *row.tflops * 1000.0 / *row.basis_usd;
            row.bandwidth_gbs_per_usd = model->bandwidth_gbs * devices / *row.basis_usd;
            row.usd_per_gb_vram = *row.basis_usd / (model->vram_gb * devices);
        }
        if (const auto p = performance.find(model->key); p != performance.end()) {
            row.perf = p->second;
        }
        if (row.perf.train_rel) row.train_rel = row.perf.train_rel->value * devices;
        if (row.basis_usd) {
            if (row.train_rel) row.train_per_kusd = *row.train_rel * 1000.0 / *row.basis_usd;
            if (row.perf.llm_tg_tok_s) {
                row.llm_tg_per_kusd = row.perf.llm_tg_tok_s->value * 1000.0 / *row.basis_usd;
            }
        }
        row.support = support_caveat(catalog, *model);
        row.basis_listings = behind;
        row.low_sample = behind < options.min_listings;
        report.rows.push_back(row);
    }

    // Rank within (condition, class): only cards with enough listings and the rank key.
    const auto by_key = [&options](const ReportRow& a, const ReportRow& b) {
        if (a.condition != b.condition) return a.condition < b.condition;
        if (a.vram_class.upper_gb != b.vram_class.upper_gb) {
            return a.vram_class.upper_gb < b.vram_class.upper_gb;
        }
        const auto ka = rank_key(a, options.rank_by), kb = rank_key(b, options.rank_by);
        if (ka.has_value() != kb.has_value()) return ka.has_value();
        return ka && *ka > *kb;
    };
    std::stable_sort(report.rows.begin(), report.rows.end(), by_key);
    std::optional<schema::ConditionClass> condition;
    int upper = -1, next_rank = 1;
    for (auto& row : report.rows) {
        if (row.condition != condition || row.vram_class.upper_gb != upper) {
            condition = row.condition;
            upper = row.vram_class.upper_gb;
            next_rank = 1;
        }
        if (row.low_sample || !rank_key(row, options.rank_by)) continue;
        if (!row.model.slots && !options.include_sxm) {
            row.module_apart = true;  // needs an SXM server: not a rival of the PCIe cards
            continue;
        }
        row.rank = next_rank++;
    }
    std::stable_sort(report.rows.begin(), report.rows.end(),
                     [&options](const ReportRow& a, const ReportRow& b) {
                         return row_order(a, b, options.rank_by);
                     });
    if constexpr (with_lines) {
        const auto reported = placed;
        for (auto& t : to) {
            if (t == sources.size()) t = placed++;  // after the reported ones, then dropped
        }
        permute(sources, std::move(to));
        sources.resize(reported);
        report.listings = std::move(sources);
    }
    return report;
}

}  // namespace

Report build_report(std::vector<ListingLine> lines, const schema::Catalog& catalog,
                    const ReportOptions& options, const MarketEvidence& evidence) {
    return build(lines, catalog, options, evidence);
}

Report build_report(std::vector<schema::PricedObservation> observations,
                    const schema::Catalog& catalog, const ReportOptions& options,
                    const MarketEvidence& evidence) {
    std::vector<ListingLine> lines(observations.size());
    for (std::size_t i = 0; i < observations.size(); ++i)
        lines[i].observation = std::move(observations[i]);
    observations = {};
    return build(lines, catalog, options, evidence);
}

Report build_report_rows(std::vector<schema::LatestPrice> prices, const schema::Catalog& catalog,
                         const ReportOptions& options) {
    return build(prices, catalog, options, MarketEvidence{});
}

void attach_changes(Report& report, const Report* week_ago, const Report* month_ago) {
    auto find = [](const Report* earlier, const ReportRow& row) -> std::optional<double> {
        if (!earlier) return std::nullopt;
        for (const auto& old : earlier->rows) {
            if (old.model.key == row.model.key && old.condition == row.condition &&
                old.listings > 0 && !old.low_sample) {
                return old.median_usd;
            }
        }
        return std::nullopt;
    };
    for (auto& row : report.rows) {
        if (row.listings == 0) continue;
        if (auto then = find(week_ago, row))
            row.change_7d_pct = percent_change(row.median_usd, *then);
        if (auto then = find(month_ago, row))
            row.change_30d_pct = percent_change(row.median_usd, *then);
    }
}

}  // namespace gpuprice::analysis
