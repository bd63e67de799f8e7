#include "analysis/price_report.hpp"

#include <algorithm>
#include <map>

#include "analysis/median.hpp"
#include "analysis/outliers.hpp"
#include "schema/domain/condition.hpp"

namespace gpuprice::analysis {

namespace {

struct Group {
    std::vector<const schema::PricedObservation*> observations;
};

// Ranked cards first by GFLOPS per USD; then unranked (low sample) ones; cards without the
// precision last.
bool row_order(const ReportRow& a, const ReportRow& b) {
    if (a.condition != b.condition) return a.condition < b.condition;
    if (a.vram_class.upper_gb != b.vram_class.upper_gb) {
        return a.vram_class.upper_gb < b.vram_class.upper_gb;
    }
    if (a.gflops_per_usd.has_value() != b.gflops_per_usd.has_value()) {
        return a.gflops_per_usd.has_value();
    }
    if (a.rank.has_value() != b.rank.has_value()) return a.rank.has_value();
    if (a.gflops_per_usd && *a.gflops_per_usd != *b.gflops_per_usd) {
        return *a.gflops_per_usd > *b.gflops_per_usd;
    }
    return a.median_usd < b.median_usd;
}

}  // namespace

double total_price_usd(const schema::PricedObservation& o, Shipping shipping) {
    std::int64_t cents = o.price_cents;
    if (shipping == Shipping::Include && o.shipping_cents) cents += *o.shipping_cents;
    return static_cast<double>(cents) / 100.0;
}

double percent_change(double now, double then) {
    return (now / then - 1.0) * 100.0;
}

Report build_report(const std::vector<schema::PricedObservation>& observations,
                    const schema::Catalog& catalog, const ReportOptions& options) {
    std::map<std::pair<std::string, std::string>, Group> groups;  // (condition, model)
    for (const auto& o : observations) {
        const std::string condition(schema::condition_class(o.condition_id));
        if (std::find(options.conditions.begin(), options.conditions.end(), condition) ==
            options.conditions.end()) {
            continue;
        }
        const auto* model = catalog.find_model(o.model);
        if (!model || model->vram_gb < options.min_vram_gb) continue;
        groups[{condition, o.model}].observations.push_back(&o);
    }

    Report report;
    for (const auto& [key, group] : groups) {
        const auto& [condition, model_name] = key;
        const auto* model = catalog.find_model(model_name);
        std::vector<double> prices;
        for (const auto* o : group.observations)
            prices.push_back(total_price_usd(*o, options.shipping));
        const auto outlier = find_outliers(prices);

        ReportRow row;
        row.condition = condition;
        row.model = model;
        row.vram_class = vram_class(model->vram_gb);
        std::vector<double> kept;
        for (std::size_t i = 0; i < prices.size(); ++i) {
            const auto* o = group.observations[i];
            report.listings.push_back({o, condition, prices[i], outlier[i]});
            if (outlier[i]) {
                ++row.outliers_removed;
                continue;
            }
            kept.push_back(prices[i]);
            if (options.shipping == Shipping::Include && !o->shipping_cents) ++row.unknown_shipping;
        }
        row.listings = static_cast<int>(kept.size());
        if (!kept.empty()) {
            row.median_usd = median(kept);
            row.p25_usd = percentile(kept, 0.25);
            row.p75_usd = percentile(kept, 0.75);
            row.min_usd = *std::min_element(kept.begin(), kept.end());
        }
        row.tflops = tensor_tflops(*model, catalog.architecture_of(*model), options.precision,
                                   options.sparsity);
        if (row.tflops && row.median_usd > 0)
            row.gflops_per_usd = *row.tflops * 1000.0 / row.median_usd;
        row.low_sample = row.listings < options.min_listings;
        report.rows.push_back(row);
    }

    // Rank within (condition, class): only cards with enough listings and the precision.
    std::sort(report.rows.begin(), report.rows.end(), [](const ReportRow& a, const ReportRow& b) {
        if (a.condition != b.condition) return a.condition < b.condition;
        if (a.vram_class.upper_gb != b.vram_class.upper_gb) {
            return a.vram_class.upper_gb < b.vram_class.upper_gb;
        }
        return a.gflops_per_usd.value_or(-1) > b.gflops_per_usd.value_or(-1);
    });
    std::string condition;
    int upper = -1, next_rank = 1;
    for (auto& row : report.rows) {
        if (row.condition != condition || row.vram_class.upper_gb != upper) {
            condition = row.condition;
            upper = row.vram_class.upper_gb;
            next_rank = 1;
        }
        if (!row.low_sample && row.gflops_per_usd) row.rank = next_rank++;
    }
    std::sort(report.rows.begin(), report.rows.end(), row_order);
    return report;
}

void attach_changes(Report& report, const Report* week_ago, const Report* month_ago) {
    auto find = [](const Report* earlier, const ReportRow& row) -> std::optional<double> {
        if (!earlier) return std::nullopt;
        for (const auto& old : earlier->rows) {
            if (old.model == row.model && old.condition == row.condition && old.listings > 0 &&
                !old.low_sample) {
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
