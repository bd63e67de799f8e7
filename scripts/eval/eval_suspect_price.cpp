// Measures the suspect-price rule (analysis/suspect_price.hpp) on real price spreads: every
// listing of a market is judged against the rest of its market, as a report judges it. Prints,
// per part of the split, how many listings each reference tier judged and how many it would flag
// at a range of thresholds; lists the flagged listings of the tuning part (title, price, the
// reference) for reading, and those of the held-out part only with --show-held-out (once, after
// the thresholds are frozen). Run through scripts/eval-suspect-price, which prepares the input.
//
// Input (TSV with a header): market, listing_id, split (tuning / held-out), condition (a class
// name), model, price_usd, title.
#include <cstdio>
#include <exception>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/suspect_price.hpp"
#include "schema/domain/market.hpp"
#include "schema/rules/catalog.hpp"

namespace {

using gpuprice::analysis::MarketPrice;
using gpuprice::analysis::PriceJudgement;

struct Row {
    std::string market;
    std::string split;
    std::string title;
    MarketPrice candidate;
};

std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> out;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, '\t')) out.push_back(field);
    return out;
}

gpuprice::schema::ConditionClass condition_of(const std::string& name) {
    for (const auto& info : gpuprice::schema::condition_classes()) {
        if (info.name == name) return info.condition;
    }
    throw std::runtime_error("unknown condition '" + name + "'");
}

}  // namespace

int main(int argc, char** argv) try {
    if (argc < 3 || argc > 4 || (argc == 4 && std::string(argv[3]) != "--show-held-out")) {
        std::fprintf(stderr, "usage: eval_suspect_price CATALOG_DIR INPUT_TSV [--show-held-out]\n");
        return 2;
    }
    const bool show_held_out = argc == 4;
    const auto catalog = gpuprice::schema::load_catalog(argv[1]);
    std::ifstream in(argv[2], std::ios::binary);
    if (!in) throw std::runtime_error(std::string("cannot read ") + argv[2]);
    std::string line;
    std::getline(in, line);  // header
    // `gpuprice match --stdin` names a model by its display name; the rule keys SKUs by key.
    std::map<std::string, std::string> key_of;
    for (const auto& m : catalog.models) key_of.emplace(m.name, m.key);
    std::map<std::string, std::vector<Row>> markets;
    while (std::getline(in, line)) {
        const auto f = split_tabs(line);
        if (f.size() != 7) throw std::runtime_error("not 7 fields: " + line);
        const auto key = key_of.find(f[4]);
        if (key == key_of.end()) continue;
        Row row{
            f[0], f[2], f[6], {std::stoll(f[1]), condition_of(f[3]), key->second, std::stod(f[5])}};
        markets[row.market].push_back(std::move(row));
    }

    const std::vector<double> thresholds = {0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6};
    // (split, tier) -> judged, flagged per threshold
    std::map<std::pair<std::string, std::string>, std::pair<int, std::vector<int>>> counts;
    std::map<std::string, int> listings;
    std::vector<std::pair<const Row*, PriceJudgement>> flagged;
    for (const auto& [name, rows] : markets) {
        std::vector<MarketPrice> candidates;
        std::vector<MarketPrice> market;
        for (const auto& r : rows) {
            candidates.push_back(r.candidate);
            market.push_back({r.candidate.listing_id, r.candidate.condition, r.candidate.model,
                              r.candidate.usd});
        }
        // The real searches are EBAY_US's: its floor, in USD.
        const auto judged = gpuprice::analysis::judge_prices(
            candidates, market, catalog, *gpuprice::schema::find_market("EBAY_US"));
        for (const auto& r : rows) {
            ++listings[r.split];
            const auto it = judged.find(r.candidate.listing_id);
            if (it == judged.end()) continue;
            const auto& j = it->second;
            auto& [n, at] = counts[{r.split, std::string(reference_tier_name(j.reference.tier))}];
            at.resize(thresholds.size());
            ++n;
            for (std::size_t t = 0; t < thresholds.size(); ++t) {
                // The thin tiers keep their distance below the own tier's threshold.
                const double offset = j.threshold - gpuprice::analysis::kSuspectRatio;
                if (j.ratio < thresholds[t] + offset) ++at[t];
            }
            if (j.suspect()) flagged.emplace_back(&r, j);
        }
    }

    std::printf(
        "suspect-price rule: own tier under %.2f, thinner tiers under %.2f of the "
        "reference, at least %zu own prices\n\n",
        gpuprice::analysis::kSuspectRatio, gpuprice::analysis::kSuspectRatioThin,
        gpuprice::analysis::kMinReferencePrices);
    std::printf(
        "%-9s %-9s %8s %7s  flagged if the own tier's threshold were (thin tiers %.2f "
        "lower):\n",
        "part", "tier", "listings", "judged",
        gpuprice::analysis::kSuspectRatio - gpuprice::analysis::kSuspectRatioThin);
    std::printf("%36s", "");
    for (double t : thresholds) std::printf(" %6.2f", t);
    std::printf("\n");
    for (const auto& [key, value] : counts) {
        const auto& [split, tier] = key;
        std::printf("%-9s %-9s %8d %7d      ", split.c_str(), tier.c_str(), listings[split],
                    value.first);
        for (int n : value.second) std::printf(" %6d", n);
        std::printf("\n");
    }
    for (const char* part : {"tuning", "held-out"}) {
        if (std::string(part) == "held-out" && !show_held_out) {
            int n = 0;
            for (const auto& [row, j] : flagged) n += row->split == part;
            std::printf("\nheld-out: %d flagged (titles shown with --show-held-out)\n", n);
            continue;
        }
        std::printf("\nflagged in the %s part:\n", part);
        for (const auto& [row, j] : flagged) {
            if (row->split != part) continue;
            std::printf("  %-8s %5.2f  $%8.2f  %-10s %s\n      vs $%.0f: %s\n", row->market.c_str(),
                        j.ratio, row->candidate.usd,
                        std::string(condition_name(row->candidate.condition)).c_str(),
                        row->title.c_str(), j.reference.usd, j.reference.description.c_str());
        }
    }
    return 0;
} catch (const std::exception& e) {
    std::fprintf(stderr, "eval_suspect_price: %s\n", e.what());
    return 1;
}
