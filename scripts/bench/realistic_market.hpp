// A fake eBay market of realistic size (scripts/bench-fetch, bench_bad_nights): every catalog
// family at the per-family sizes the fetcher audit assumed (its section 4, scale x1: big GeForce
// families 2,000 new / 1,500 used / 300 open box / 200 refurbished, their Ti/Super variants
// 700/500/100/60, older GeForce and Titans 300/600/30/40, workstation 120/250/20/30, data-centre
// 60/120/10/20), plus what real EBAY_US searches hold besides: items located abroad (40% on top
// for data-centre cards, 8% for the rest), 3% multi-variation listings (each a group of three
// variations). Prices: with `prices`, each model's drawn from its real eBay prices
// (real_prices.hpp); without, uniform over 100-1,600 USD for every model. Titles hold the model's
// words, and a search returns every item whose title holds all of its words, as eBay's does; items
// hold Memory Size and Compatible Slot aspects at real shares, for the aspect_filter searches.
//
// Item ids say what an item is, so that coverage can be counted from any database: v1|1…|0 a
// valid US listing, v1|2…|0 located abroad, v1|3…|0 a multi-variation summary, v1|3…|1-3 its
// variations.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "fetcher/query_plan.hpp"
#include "schema/domain/clock.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/search_terms.hpp"
#include "scripts/bench/audit_family_sizes.hpp"
#include "scripts/bench/real_prices.hpp"
#include "tests/fake_ebay.hpp"

namespace gpuprice::bench {

struct RealisticMarket {
    std::vector<test::FakeItem> items;
    std::map<std::string, std::vector<test::FakeItem>> groups;  // group id -> its variations
    std::map<std::string, std::string> model_of;                // item id -> catalog model key
    int valid = 0, abroad = 0, variation_groups = 0, unreachable = 0;
    std::size_t terms = 0, kept = 0;
};

// The market, its items numbered from `first_serial`, each family at `percent` of its audit
// size (100: the real market's size; a few percent: a night's new listings), priced from
// `prices` when given.
inline RealisticMarket realistic_market(const schema::Catalog& catalog,
                                        const std::vector<schema::SearchTerm>& search_terms_csv,
                                        int first_serial = 0, int percent = 100,
                                        const RealPrices* prices = nullptr) {
    RealisticMarket out;
    // The q's a night sends (search_terms.csv): a title none of them returns is never fetched,
    // and coverage would be measured against items no plan can reach.
    const auto queries =
        fetcher::catalog_queries(catalog, search_terms_csv, schema::parse_conditions("all"),
                                 *schema::find_market("EBAY_US"));
    std::vector<std::vector<schema::KeywordAlternatives>> keywords;
    for (const auto& q : queries) keywords.push_back(schema::parse_keywords(q.q()));
    const auto terms = fetcher::search_terms(catalog);
    const auto kept = fetcher::catalog_families(catalog);  // what a night searches
    out.terms = terms.size();
    out.kept = kept.size();
    int serial = first_serial;
    for (const auto& term : terms) {
        // The catalog models of this term share its listings; titles name one model each.
        std::vector<const schema::GpuModel*> models;
        for (const auto& m : catalog.models) {
            schema::Catalog one;
            one.models = {m};
            if (fetcher::search_terms(one).front() == term) models.push_back(&m);
        }
        const auto& segment = models.front()->segment;
        const auto size = audit_family_sizes(term, segment, kept);
        // Server cards (the segments also listed outside Graphics/Video Cards) often ship from
        // abroad; consumer cards rarely.
        const auto* listed_elsewhere = catalog.find_segment(segment);
        const int abroad_pct = listed_elsewhere && listed_elsewhere->other_category ? 40 : 8;
        const std::pair<const char*, int> conditions[] = {{"1000", size.new_items},
                                                          {"3000", size.used},
                                                          {"1500", size.open_box},
                                                          {"2010", size.refurbished}};
        for (const auto& [condition, full] : conditions) {
            const int count = full * percent / 100;
            const int extra_abroad = count * abroad_pct / 100;
            for (int i = 0; i < count + extra_abroad; ++i, ++serial) {
                const auto& model = *models[static_cast<std::size_t>(serial) % models.size()];
                test::FakeItem item;
                item.title = "NVIDIA " + model.name + " Graphics Card #" + std::to_string(serial);
                if (prices) {
                    // A draw that does not follow the serial (and so not the creation date):
                    // splitmix64's finaliser.
                    std::uint64_t draw = static_cast<std::uint64_t>(serial) + 0x9E3779B97F4A7C15u;
                    draw = (draw ^ (draw >> 30)) * 0xBF58476D1CE4E5B9u;
                    draw = (draw ^ (draw >> 27)) * 0x94D049BB133111EBu;
                    char text[32];
                    std::snprintf(text, sizeof text, "%.2f",
                                  prices->price(model.key, draw ^ (draw >> 31)));
                    item.price = text;
                } else {
                    item.price = std::to_string(100 + (std::int64_t{serial} * 7919) % 1500) + ".99";
                }
                item.condition_id = condition;
                // Listed a second apart in serial order from 2026-09-01 (the next night's new
                // listings, numbered from 5,000,000, about two months later): newlyListed serves a
                // later serial first, as eBay serves the newer listing first.
                auto created =
                    schema::iso_utc(std::chrono::sys_days{std::chrono::year{2026} / 9 / 1} +
                                    std::chrono::seconds{serial});
                item.created_at = created.insert(created.size() - 1, ".000");
                // Item aspects at the shares sellers fill them in the real T4 refinement
                // (tests/data/ebay/search_gpu_tesla_t4_aspect_refinements_activescott.json:
                // Memory Size 51 of 79 listings, Compatible Slot 34 of 79): the aspect_filter
                // searches then cost what they would.
                if (serial % 20 < 13) {
                    item.specifics.emplace_back(
                        "Memory Size", std::to_string(static_cast<int>(model.vram_gb)) + " GB");
                }
                if (model.form_factor == "PCIe" && serial % 7 < 3) {
                    item.specifics.emplace_back("Compatible Slot", "PCI Express 4.0 x16");
                }
                const auto number = std::to_string(1000000 + serial);
                if (i >= count) {
                    item.country = serial % 3 ? "CN" : "JP";
                    item.item_id = "v1|2" + number + "|0";
                    ++out.abroad;
                } else if (serial % 33 == 0) {  // 3% are multi-variation listings
                    item.group_id = "3" + number;
                    item.item_id = "v1|3" + number + "|0";
                    std::vector<test::FakeItem> options;
                    for (int v = 1; v <= 3; ++v) {
                        auto option = item;
                        option.item_id = "v1|3" + number + "|" + std::to_string(v);
                        option.price = std::to_string(100 * v + serial % 500) + ".00";
                        option.aspects = R"([{"type":"STRING","name":"Memory Size","value":")" +
                                         std::to_string(4 * v) + R"( GB"}])";
                        options.push_back(option);
                    }
                    out.groups[item.group_id] = std::move(options);
                    ++out.variation_groups;
                } else {
                    item.item_id = "v1|1" + number + "|0";
                    ++out.valid;
                }
                if (std::none_of(keywords.begin(), keywords.end(), [&](const auto& k) {
                        return schema::keywords_match(k, item.title);
                    }))
                    ++out.unreachable;
                out.model_of[item.item_id] = model.key;
                out.items.push_back(item);
            }
        }
    }
    return out;
}

}  // namespace gpuprice::bench
