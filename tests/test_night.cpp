// The night as one function (app/night.hpp), run without a command line: against
// the bundled sample and against the fake eBay on 127.0.0.1, with what it stores and reports.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/night.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/clearance_inputs.hpp"
#include "schema/store/match_store.hpp"
#include "schema/store/night_status.hpp"
#include "schema/store/sold_store.hpp"
#include "tests/fake_fetch_fixture.hpp"
#include "tests/frozen_clock.hpp"
#include "tests/test_market.hpp"

namespace gpuprice::test_night {

namespace {

struct Heard {
    std::vector<std::pair<app::Loudness, std::string>> messages;
    app::NightObserver observer() {
        app::NightObserver o;
        o.message = [this](app::Loudness l, const std::string& text) {
            messages.emplace_back(l, text);
        };
        return o;
    }
    bool said(app::Loudness loudness, const std::string& part) const {
        for (const auto& [l, text] : messages) {
            if (l == loudness && text.find(part) != std::string::npos) return true;
        }
        return false;
    }
};

int count(schema::Database& db, const char* sql) {
    auto stmt = db.prepare(sql);
    REQUIRE(stmt.step());
    return stmt.int32(0);
}

}  // namespace

TEST_SUITE("app::night") {
    TEST_CASE("a sample night stores, matches and closes every run, and says what it replayed") {
        const test::FrozenClock frozen("2026-12-01T03:00:00Z");
        test::TempDir dir;
        schema::Database db(dir.file("night.db"));
        schema::migrate(db);
        const auto rules = schema::load_rule_set(test::catalog_dir());
        schema::store_catalog(db, rules.catalog);
        const app::Matchers matchers(rules);

        app::NightPlan plan;
        plan.conditions = schema::parse_conditions("all");
        plan.sample_dir = (test::source_dir() / "scripts" / "sample-data").string();
        plan.sold = true;  // the sample's sold pages are replayed either way
        plan.night = schema::Night::from_text("2026-12-01");
        Heard heard;
        const auto night = app::run_night(db, rules, matchers, plan, nullptr, heard.observer());

        CHECK(night.fetch.status == schema::RunStatus::ok);
        CHECK(night.calls_used == 0);
        CHECK(night.rematched_all);  // a new database has no verdicts made with any rules
        const int listings = count(db, "SELECT count(*) FROM listings");
        CHECK(listings > 2000);
        // Every listing has a verdict, and the counts add up to them.
        CHECK(count(db, "SELECT count(*) FROM match_results") == listings);
        CHECK(night.verdicts.total() == listings);
        CHECK(night.verdicts.of(schema::MatchReason::ok) > 1000);
        CHECK(schema::night_status(db, "2026-11-27", "2026-12-01", test::us_market()).complete());
        // The sold items: replayed, matched, and said so (never "the sample holds no sold items").
        const auto sold = schema::count_sold_items(db);
        CHECK(sold > 500);
        CHECK(count(db, "SELECT count(*) FROM sold_items WHERE reason IS NULL") == 0);
        CHECK(heard.said(app::Loudness::progress,
                         "sold items: " + std::to_string(sold) + " replayed from the sample"));
        for (const auto loudness :
             {app::Loudness::progress, app::Loudness::warning, app::Loudness::problem}) {
            CHECK_FALSE(heard.said(loudness, "no sold"));
        }
        CHECK(schema::verdict_rules_digest(db) == rules.digest);
    }

    TEST_CASE(
        "a live night fetches, matches tonight's listings, and rematches all when rules change") {
        test::FakeFetchFixture f;
        f.ebay.set_market({test::fake_card("1", "NVIDIA GeForce RTX 3090 24GB Founders Edition"),
                           test::fake_card("2", "EVGA RTX 3080 Ti FTW3 12GB"),
                           test::fake_card("3", "RTX 3090 box only")});
        app::NightPlan plan;
        plan.conditions = {schema::ConditionClass::used};
        plan.queries = {"RTX 3090", "RTX 3080"};
        plan.fetch = f.config;
        plan.night = schema::Night::from_text("2026-12-01");
        Heard heard;
        auto night =
            app::run_night(f.db, f.rule_set, f.matchers, plan, &f.credentials, heard.observer());
        CHECK(night.fetch.status == schema::RunStatus::ok);
        CHECK(night.calls_used == night.fetch.calls_used);
        CHECK(night.calls_used > 0);
        CHECK(night.verdicts.total() == 3);
        CHECK(night.verdicts.of(schema::MatchReason::ok) == 2);
        CHECK(night.verdicts.of(schema::MatchReason::box_only) == 1);
        CHECK(test::stored_verdict(f.db, "v1|1|0") == "ok|rtx-3090|title");

        // The next night with the same rules matches only what changed: the listing retitled,
        // not the one seen again as it was.
        plan.night = schema::Night::from_text("2026-12-02");
        f.ebay.set_market({test::fake_card("1", "NVIDIA GeForce RTX 3090 24GB Founders Edition"),
                           test::fake_card("2", "EVGA RTX 3080 Ti FTW3 Ultra 12GB")});
        night =
            app::run_night(f.db, f.rule_set, f.matchers, plan, &f.credentials, heard.observer());
        CHECK_FALSE(night.rematched_all);
        CHECK(night.verdicts.total() == 1);
        CHECK(test::stored_verdict(f.db, "v1|2|0") == "ok|rtx-3080-ti|title");

        // Rules that differ (another digest): every stored listing is matched again.
        auto edited = f.rule_set;
        edited.digest = "another";
        const app::Matchers other(edited);
        plan.night = schema::Night::from_text("2026-12-03");
        night = app::run_night(f.db, edited, other, plan, &f.credentials, heard.observer());
        CHECK(night.rematched_all);
        CHECK(night.verdicts.total() == 3);
        CHECK(schema::verdict_rules_digest(f.db) == "another");
    }

    TEST_CASE(
        "a night decided at 23:59:59 UTC and fetched after midnight is one night in every table") {
        test::FakeFetchFixture f;
        f.ebay.set_market({test::fake_card("1", "NVIDIA GeForce RTX 3090 24GB Founders Edition"),
                           test::fake_card("2", "NVIDIA GeForce RTX 3090 24GB Founders Edition")});
        test::FrozenClock clock("2026-12-01T23:59:59Z");
        app::NightPlan plan;
        plan.conditions = {schema::ConditionClass::used};
        plan.queries = {"RTX 3090"};
        plan.fetch = f.config;
        plan.night = schema::Night::of(schema::now());  // as `fetch` decides it
        // The token, the quota and the first search take a moment: the run begins after midnight.
        clock.set("2026-12-02T00:00:30Z");
        Heard heard;
        auto night =
            app::run_night(f.db, f.rule_set, f.matchers, plan, &f.credentials, heard.observer());
        REQUIRE(night.fetch.status == schema::RunStatus::ok);
        const auto one = [&](const char* sql) {
            auto select = f.db.prepare(sql);
            REQUIRE(select.step());
            return select.text(0);
        };
        CHECK(one("SELECT substr(started_at, 1, 10) FROM fetch_runs") == "2026-12-02");
        CHECK(one("SELECT group_concat(DISTINCT night) FROM fetch_runs") == "2026-12-01");
        CHECK(one("SELECT group_concat(DISTINCT observed_on) FROM price_observations") ==
              "2026-12-01");
        CHECK(one("SELECT value FROM meta WHERE key = 'derived_night:EBAY_US'") == "2026-12-01");
        CHECK(schema::load_family_coverage(f.db, "2026-12-01", "2026-12-01", test::us_market())
                  .at("2026-12-01")
                  .at("RTX 3090")
                  .complete);
        CHECK(schema::load_family_coverage(f.db, "2026-12-02", "2026-12-02", test::us_market())
                  .empty());

        // The next night, one of the two is gone: sold on 2026-12-02, the night after its last.
        f.ebay.set_market({test::fake_card("1", "NVIDIA GeForce RTX 3090 24GB Founders Edition")});
        clock.set("2026-12-02T03:00:00Z");
        plan.night = schema::Night::of(schema::now());
        night =
            app::run_night(f.db, f.rule_set, f.matchers, plan, &f.credentials, heard.observer());
        REQUIRE(night.fetch.status == schema::RunStatus::ok);
        CHECK(one("SELECT group_concat(outcome || ' ' || night) FROM listing_clearances c "
                  "JOIN listings l ON l.id = c.listing_id WHERE l.item_id = 'v1|2|0'") ==
              "cleared 2026-12-02");
    }

    TEST_CASE("a live night without credentials is a programming error, not a crash") {
        test::FakeFetchFixture f;
        app::NightPlan plan;
        plan.fetch = f.config;
        Heard heard;
        CHECK_THROWS_AS(
            app::run_night(f.db, f.rule_set, f.matchers, plan, nullptr, heard.observer()),
            std::logic_error);
    }
}

}  // namespace gpuprice::test_night
