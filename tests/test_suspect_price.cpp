#include <doctest/doctest.h>

#include <cmath>

#include "analysis/box_planner.hpp"
#include "analysis/price_history.hpp"
#include "analysis/price_report.hpp"
#include "analysis/report_csv.hpp"
#include "analysis/suspect_price.hpp"
#include "schema/domain/price_flags.hpp"
#include "schema/rules/catalog.hpp"
#include "tests/shipped_catalog.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

namespace test_suspect_price {

using gpuprice::test::shipped_catalog;

using namespace gpuprice::analysis;
using gpuprice::schema::ConditionClass;
using gpuprice::schema::latest_price;
using gpuprice::schema::PricedObservation;

namespace {

// A market under construction: listings (candidates and evidence at once), sales, clearances.
struct Market {
    std::vector<MarketPrice> candidates;
    std::vector<MarketPrice> prices;
    std::int64_t next_id = 1;

    std::int64_t list(const std::string& model, double usd,
                      ConditionClass condition = ConditionClass::used) {
        const auto id = next_id++;
        candidates.push_back({id, condition, model, usd});
        prices.push_back({id, condition, model, usd});
        return id;
    }
    void sold(const std::string& model, double usd) {
        prices.push_back({0, ConditionClass::used, model, usd});
    }
    // Listings of `model` at `n` prices spread +-25% around `center`, as real asks spread.
    void spread(const std::string& model, double center, int n) {
        for (int i = 0; i < n; ++i) list(model, center * (0.75 + 0.5 * i / std::max(1, n - 1)));
    }
    std::map<std::int64_t, SuspectPrice> suspects_on(const gpuprice::schema::Market& where) const {
        return find_suspect_prices(candidates, prices, shipped_catalog(), where);
    }
    std::map<std::int64_t, SuspectPrice> suspects() const {
        return suspects_on(gpuprice::test::us_market());
    }
};

PricedObservation obs(std::int64_t id, const std::string& model, double usd,
                      const std::string& night = "2026-12-03") {
    PricedObservation o;
    o.listing_id = id;
    o.model = model;
    o.condition_id = 3000;
    o.price_cents = std::llround(usd * 100);
    o.shipping_cents = 0;
    o.observed_on = night;
    o.item_id = "v1|" + std::to_string(id) + "|0";
    return o;
}

}  // namespace

TEST_SUITE("analysis::suspect_price") {
    TEST_CASE("the suspect prices are judge_prices' suspect judgements, over several rounds") {
        Market m;
        m.spread("rtx-3090", 800, 30);
        m.list("rtx-3090", 240);
        m.list("rtx-3090", 300);
        m.spread("rtx-4090", 1800, 3);  // thin: siblings and class references
        m.list("rtx-4090", 500);
        m.list("rtx-4090", 520);
        m.list("rtx-4090-d", 450);
        m.spread("rtx-3060-12gb", 220, 8);
        m.sold("rtx-3090", 790);
        const auto all =
            judge_prices(m.candidates, m.prices, shipped_catalog(), gpuprice::test::us_market());
        std::map<std::int64_t, double> expected;
        for (const auto& [id, j] : all)
            if (j.suspect()) expected[id] = j.ratio;
        const auto suspects = m.suspects();
        std::map<std::int64_t, double> got;
        for (const auto& [id, s] : suspects) got[id] = s.ratio;
        CHECK(got == expected);
        CHECK(got.size() >= 2);
        CHECK(all.size() > got.size());
        for (const auto& [id, s] : suspects)
            CHECK(s.reference.description == all.at(id).reference.description);
    }

    TEST_CASE("one listing in forty at 30% of a well-listed model is flagged against its median") {
        Market m;
        m.spread("rtx-3090", 800, 39);
        const auto scam = m.list("rtx-3090", 240);
        const auto suspects = m.suspects();
        REQUIRE(suspects.size() == 1);
        const auto& s = suspects.at(scam);
        CHECK(s.reference.tier == ReferenceTier::own);
        CHECK(s.reference.prices == 39);
        CHECK(s.reference.usd == doctest::Approx(800).epsilon(0.01));
        CHECK(s.ratio == doctest::Approx(0.3).epsilon(0.02));
        CHECK(s.reference.description == "median of 39 used RTX 3090 prices");
    }

    TEST_CASE("honest cheap listings at the bottom of a real spread are not flagged") {
        Market m;
        m.spread("rtx-3090", 800, 20);
        m.list("rtx-3090", 0.55 * 800);  // a bargain, above half the median
        CHECK(m.suspects().empty());
    }

    TEST_CASE("a thin model: the cheap one of two is flagged, the honest one is not") {
        Market m;
        const auto honest = m.list("tesla-v100-pcie-32gb", 950);
        const auto scam = m.list("tesla-v100-pcie-32gb", 285);
        const auto suspects = m.suspects();
        CHECK(suspects.count(scam) == 1);
        CHECK(suspects.count(honest) == 0);
        CHECK(suspects.at(scam).reference.prices == 1);  // a listing never counts against itself
        CHECK(suspects.at(scam).reference.tier == ReferenceTier::siblings);
    }

    TEST_CASE("a lone RTX 4090 D is compared with the RTX 4090, scaled to its throughput") {
        Market m;
        m.spread("rtx-4090", 1885, 12);
        const auto lone = m.list("rtx-4090-d", 243);
        const auto fair = m.list("rtx-4090-d", 1006);
        const auto suspects = m.suspects();
        REQUIRE(suspects.count(lone) == 1);
        CHECK(suspects.count(fair) == 0);
        const auto& r = suspects.at(lone).reference;
        CHECK(r.tier == ReferenceTier::siblings);
        CHECK(r.description.find("RTX 4090 D and RTX 4090") != std::string::npos);
        // The 4090's prices scaled by 14592/16384 shaders at the same clock, with the fair one.
        CHECK(r.usd < 1885);
        CHECK(r.usd > 0.8 * 1885);
    }

    TEST_CASE("sales count as evidence: a lone listing under its model's sold prices") {
        Market m;
        for (double usd : {900.0, 950.0, 1000.0, 980.0, 940.0}) m.sold("titan-rtx", usd);
        const auto cheap = m.list("titan-rtx", 300);
        const auto suspects = m.suspects();
        REQUIRE(suspects.count(cheap) == 1);
        CHECK(suspects.at(cheap).reference.tier == ReferenceTier::own);
        CHECK(suspects.at(cheap).reference.prices == 5);
    }

    TEST_CASE("a lone card with no sibling is compared with its VRAM class's cheapest card") {
        Market m;
        m.spread("tesla-p40", 240, 8);  // 24 GB, 11.8 FP32 TFLOPS
        m.spread("rtx-3090", 800, 8);
        // An RTX 4090 for $80 is a third of the cheapest 24 GB card: suspect.
        const auto absurd = m.list("rtx-4090", 80);
        // A Tesla M40 24GB (6.8 FP32 TFLOPS) at $90 is an old, slow card: the P40's price is
        // scaled down to its throughput, and $90 is not flagged.
        const auto old = m.list("tesla-m40-24gb", 90);
        const auto suspects = m.suspects();
        REQUIRE(suspects.count(absurd) == 1);
        CHECK(suspects.count(old) == 0);
        const auto& r = suspects.at(absurd).reference;
        CHECK(r.tier == ReferenceTier::vram_class);
        CHECK(r.description.find("Tesla P40") != std::string::npos);
    }

    TEST_CASE("on a GB market the reference is written in pounds, and its price floor applies") {
        Market m;
        m.spread("tesla-p40", 200, 8);  // GBP prices: the market's own currency, never converted
        const auto absurd = m.list("rtx-4090", 60);
        const auto under_floor = m.list("rtx-3090", 4);  // a placeholder, not a price to judge
        const auto suspects = m.suspects_on(gpuprice::test::gb_market());
        REQUIRE(suspects.count(absurd) == 1);
        CHECK(suspects.count(under_floor) == 0);
        const auto& d = suspects.at(absurd).reference.description;
        CAPTURE(d);
        CHECK(d.find("(median \u00a3200 of 8") != std::string::npos);
        CHECK(d.find('$') == std::string::npos);
        // The same prices on the US market are described in dollars.
        const auto us = m.suspects();
        CHECK(us.at(absurd).reference.description.find("(median $200 of 8") != std::string::npos);
    }

    TEST_CASE("a model with no evidence at all is not judged") {
        Market m;
        m.list("A100 PCIe 80GB", 100);
        CHECK(m.suspects().empty());
    }

    TEST_CASE("conditions are separate markets") {
        Market m;
        m.spread("rtx-3090", 800, 10);  // used
        for (int i = 0; i < 10; ++i) m.list("rtx-3090", 3000, ConditionClass::new_item);
        // A used 3090 at $700 is not judged against new ones; a new one at $700 is.
        const auto used = m.list("rtx-3090", 700);
        const auto new_one = m.list("rtx-3090", 700, ConditionClass::new_item);
        const auto suspects = m.suspects();
        CHECK(suspects.count(used) == 0);
        CHECK(suspects.count(new_one) == 1);
        CHECK(suspects.at(new_one).reference.description == "median of 10 new RTX 3090 prices");
    }

    TEST_CASE("suspect-price is a price flag row: named, parsed, in the default exclusions") {
        using namespace gpuprice::schema;
        CHECK(price_flag_name(kFlagSuspectPrice) == "suspect-price");
        CHECK(parse_price_flags("suspect-price") == kFlagSuspectPrice);
        CHECK((kAllPriceFlags & kFlagSuspectPrice) != 0);
    }
}

TEST_SUITE("analysis::price_report") {
    TEST_CASE("a suspect price is in no median, no lowest-3, no plan, and back with --include") {
        std::vector<PricedObservation> observations;
        for (int i = 0; i < 39; ++i) observations.push_back(obs(i + 1, "rtx-3090", 700 + 5 * i));
        observations.push_back(obs(100, "rtx-3090", 240));
        ReportOptions options;
        options.as_of = "2026-12-03";
        const auto report = build_report(observations, shipped_catalog(), options);
        REQUIRE(report.rows.size() == 1);
        const auto& row = report.rows.front();
        CHECK(row.listings == 39);
        CHECK(row.suspect_removed == 1);
        CHECK(row.median_usd == doctest::Approx(795));
        CHECK(*row.lowest3_mean_usd == doctest::Approx(705));
        const ListingLine* scam = nullptr;
        for (const auto& l : report.listings)
            if (l.observation.listing_id == 100) scam = &l;
        REQUIRE(scam);
        CHECK(scam->kept_out_as_suspect);
        CHECK_FALSE(scam->outlier);
        CHECK_FALSE(usable_for_prices(*scam));
        const auto csv = listings_csv(report, {});
        CHECK(csv.find(",yes,795.00,median of 39 used RTX 3090 prices") != std::string::npos);

        options.include_suspect_prices = true;
        const auto included = build_report(observations, shipped_catalog(), options);
        CHECK(included.rows.front().suspect_removed == 0);
        // Let in, the outlier rule (3 scaled MADs of log prices) still judges it.
        for (const auto& l : included.listings) {
            if (l.observation.listing_id != 100) continue;
            CHECK(l.suspect.has_value());
            CHECK_FALSE(l.kept_out_as_suspect);
        }
        CHECK(listings_csv(included, {}).find(",included,795.00,") != std::string::npos);
    }

    TEST_CASE("the recent nights' listings are the reference of tonight's lone listing") {
        // Tonight a thin model has one listing; over the recent nights it had five others.
        std::vector<PricedObservation> tonight = {obs(1, "titan-rtx", 280)};
        MarketEvidence evidence;
        for (int i = 0; i < 5; ++i)
            evidence.recent.push_back(
                latest_price(obs(10 + i, "titan-rtx", 900 + 10 * i, "2026-11-20")));
        evidence.recent.push_back(latest_price(tonight.front()));  // the window includes tonight
        ReportOptions options;
        options.as_of = "2026-12-03";
        const auto report = build_report(tonight, shipped_catalog(), options, evidence);
        REQUIRE(report.rows.size() == 1);
        CHECK(report.rows.front().listings == 0);
        CHECK(report.rows.front().suspect_removed == 1);
        const auto without_history = build_report(tonight, shipped_catalog(), options);
        CHECK(without_history.rows.front().listings == 1);
    }
}

TEST_SUITE("analysis::price_history") {
    TEST_CASE("a night's suspect price is kept out of history's median, as out of report's") {
        std::vector<PricedObservation> history;
        for (int i = 0; i < 6; ++i)
            history.push_back(obs(i + 1, "rtx-3090", 780 + 10 * i, "2026-12-01"));
        history.push_back(obs(50, "rtx-3090", 200, "2026-12-02"));
        history.push_back(obs(51, "rtx-3090", 800, "2026-12-02"));
        const auto nights =
            price_history(history, {}, {}, shipped_catalog(), {ConditionClass::used},
                          Shipping::Include, gpuprice::test::us_market());
        REQUIRE(nights.size() == 2);
        CHECK(nights[1].night == "2026-12-02");
        CHECK(nights[1].suspect_removed == 1);
        CHECK(nights[1].listings == 1);
        CHECK(nights[1].median_usd == 800);
        const auto with =
            price_history(history, {}, {}, shipped_catalog(), {ConditionClass::used},
                          Shipping::Include, gpuprice::test::us_market(), Period::night, true);
        CHECK(with[1].suspect_removed == 0);
        CHECK(with[1].listings == 2);
    }
}

}  // namespace test_suspect_price
