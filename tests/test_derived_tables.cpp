// Stored clearance decisions against deciding from the lives: fourteen nights of a small market
// (tests/nightly_market: listings leaving, coming back, changing price, auctions ending, a night
// without a fetch, a family fetched incompletely, a night fetched twice, nights that asked for one
// family only, verdicts and flags that change). After every night's pass, what reports, history
// and the page's sparklines read from the decisions and rollups must be exactly what deciding
// every life again gives; and the decisions made night by night must be those a first pass over
// the whole database makes.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <sstream>

#include "analysis/sha256.hpp"
#include "app/clearances.hpp"
#include "app/derived_pass.hpp"
#include "app/model_nights.hpp"
#include "app/night_page.hpp"
#include "app/report_assembly.hpp"
#include "schema/domain/clock.hpp"
#include "schema/store/clearance_store.hpp"
#include "schema/store/migrations.hpp"
#include "schema/store/model_night_store.hpp"
#include "tests/latest_observations.hpp"
#include "tests/nightly_market.hpp"
#include "tests/query_int.hpp"
#include "tests/shipped_catalog.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

namespace test_derived_tables {

using gpuprice::test::shipped_catalog;

using namespace gpuprice;
using test::stored_decisions;
using test::stored_rows;

namespace {

// Whether the derived tables stand for the nights: whether the past reads them.
bool derived(const schema::Past& past) {
    return past.if_derived([] { return true; }).has_value();
}

using test::describe;  // beside the overloads below

// The medians a change column compares with, per (condition, model).
std::string describe(const analysis::Report& report) {
    std::map<std::string, std::string> rows;
    for (const auto& r : report.rows) {
        if (r.listings == 0) continue;
        std::ostringstream line;
        line << r.listings << ' ' << r.median_usd << ' ' << r.low_sample;
        rows[std::string(schema::condition_name(r.condition)) + " " + r.model.key] = line.str();
    }
    std::ostringstream out;
    for (const auto& [key, line] : rows) out << key << ": " << line << '\n';
    return out.str();
}

std::string describe(const analysis::PriceSeries& series) {
    std::ostringstream out;
    for (const auto& [key, nights] : series) {
        out << key.first << ' ' << schema::condition_name(key.second) << ":\n" << describe(nights);
    }
    return out.str();
}

void check_same_as_deciding_now(schema::Database& db, const std::string& latest) {
    schema::ObservationFilter filter;
    filter.market = test::us_market();
    const auto past = app::read_past(db, shipped_catalog(), filter.market);
    for (const auto& since : {std::string("2026-11-01"), schema::add_days(latest, -3), latest}) {
        CAPTURE(since);
        // The whole lookback, and a window that starts after it (what a report reads).
        for (const auto& from : {since, std::max(since, schema::add_days(latest, -1))}) {
            CAPTURE(from);
            for (const auto shipping : {analysis::Shipping::Include, analysis::Shipping::Exclude}) {
                const auto stored = app::report_clearances(db, past, shipped_catalog(), since, from,
                                                           latest, filter, shipping);
                const auto decided = app::decide_report_clearances(db, shipped_catalog(), since,
                                                                   from, latest, filter, shipping);
                CHECK(describe(stored) == describe(decided));
                for (const auto& c : stored) CHECK((c.night >= from && c.night <= latest));
                // The room the report reserves for them.
                CHECK(stored.size() <=
                      schema::decided_lives_bound(db, from, latest, filter.market));
            }
        }
    }
    const std::vector<schema::ConditionClass> used = {schema::ConditionClass::used};
    for (const auto* model : {"rtx-3090", "rtx-4090", "rtx-3090-ti"}) {
        CAPTURE(model);
        CHECK(describe(app::model_clearances(db, past, shipped_catalog(), model, filter,
                                             analysis::Shipping::Include)) ==
              describe(app::decide_model_clearances(db, shipped_catalog(), model, filter,
                                                    analysis::Shipping::Include)));
        for (const auto shipping : {analysis::Shipping::Include, analysis::Shipping::Exclude}) {
            const auto history = app::model_history(db, past, shipped_catalog(), model, used,
                                                    shipping, analysis::Period::night);
            CHECK(describe(history) ==
                  describe(app::compute_model_history(db, past, shipped_catalog(), model, used,
                                                      shipping, analysis::Period::night)));
        }
    }
    // The page's sparklines, from the rollups and computed from the nights.
    for (const auto shipping : {analysis::Shipping::Include, analysis::Shipping::Exclude}) {
        app::ReportRequest request;
        request.filter = filter;
        request.options.conditions = {schema::ConditionClass::used,
                                      schema::ConditionClass::new_item};
        request.options.shipping = shipping;
        const auto loaded =
            app::load_report(db, shipped_catalog(), request, schema::Details::Without);
        REQUIRE(loaded);
        const auto& from = loaded->evidence_from;  // as on the page: its last 30 nights
        CHECK(app::rolled_up_price_series(db, past, shipped_catalog(), from, latest, filter,
                                          request.options.conditions, shipping,
                                          loaded->evidence.sold)
                  .has_value() == derived(past));
        CHECK(describe(app::page_price_series(db, shipped_catalog(), request, *loaded, from)) ==
              describe(analysis::price_series(
                  schema::load_window_history(db, past, from, latest, filter),
                  loaded->evidence.clearances, loaded->evidence.sold, shipped_catalog(),
                  request.options.conditions, shipping, filter.market)));
    }
    // A change column's earlier night, from the rollups and as build_report computes it.
    analysis::ReportOptions options;
    options.min_listings = 2;
    for (int back = 0; back < 4; ++back) {
        const auto night = schema::add_days(latest, -back);
        CAPTURE(night);
        const auto rolled = app::rolled_up_night_report(db, past, night, options, filter);
        // Before any pass the rollups cannot serve: the report computes as before.
        if (!derived(past)) {
            CHECK_FALSE(rolled);
            continue;
        }
        REQUIRE(rolled);
        const auto computed =
            analysis::build_report(gpuprice::test::latest_observations(
                                       db, past, night, night, schema::Details::Without, filter),
                                   shipped_catalog(), options);
        CHECK(describe(*rolled) == describe(computed));
    }
}

// The rows of `night` in stored_rows' text.
std::string rows_of_night(const std::string& rows, const std::string& night) {
    std::istringstream in(rows);
    std::string out;
    for (std::string line; std::getline(in, line);)
        if (line.find(' ' + night + ' ') != std::string::npos) out += line + '\n';
    return out;
}

std::vector<std::string> nights_a_pass_rolls_up(schema::Database& db) {
    const auto work =
        schema::derived_work(db, test::us_market(), app::derivation_fingerprint(shipped_catalog()));
    return schema::nights_to_roll_up(db, work, {}, analysis::kSuspectEvidenceNights);
}

// Two databases fed the same runs: one passed night by night, the other redone from scratch.
struct Twins {
    test::TempDir dir;
    schema::Database nightly{dir.file("nightly.db")};
    schema::Database redone{dir.file("redone.db")};
    test::NightlyMarket nightly_market{migrated(nightly)};
    test::NightlyMarket redone_market{migrated(redone)};

    static schema::Database& migrated(schema::Database& db) {
        schema::migrate(db);
        return db;
    }
};

test::MarketListing rtx_3090(int id, std::int64_t cents) {
    test::MarketListing m;
    m.item_id = "v1|" + std::to_string(400000 + id) + "|0";
    m.model = "rtx-3090";
    m.cents = cents;
    return m;
}

// What happens on the eighth night, before its run, to a listing gone since the third.
struct LateChange {
    std::string model;  // matched to another model
    bool back = false;  // listed again under the same item id
};

// Twelve nights of a few RTX 3090s (the machine off on the sixth): three at $800 all along, one
// at $300 all along, and a leaving one at $800 the first two nights only. The $300 one is suspect
// only where the evidence holds five other prices: the three, the leaving one's asking price and
// its last price again as a clearance (from the third night on). On the eighth night `change`
// happens. After every night, the nightly pass's rollups must be those of a pass from scratch;
// `before_pass` sees the nightly database before each pass.
void play_late_change(Twins& twins, const LateChange& change,
                      const std::function<void(const std::string& night)>& before_pass = {}) {
    std::vector<test::MarketListing> staying;
    for (int i = 0; i < 3; ++i) staying.push_back(rtx_3090(i, 80000));
    staying.push_back(rtx_3090(3, 30000));
    const auto leaving = rtx_3090(4, 80000);
    std::vector<test::NightlyMarket*> markets = {&twins.nightly_market, &twins.redone_market};
    for (auto* market : markets) {
        for (const auto& m : staying) market->remember(m);
        market->remember(leaving);
    }
    const std::map<std::string, bool> both = {{"RTX 3090", true}, {"RTX 4090", true}};
    std::string fourth_night_before;
    for (int n = 0; n < 12; ++n) {
        const auto night = schema::add_days("2026-11-01", n);
        CAPTURE(night);
        if (n == 5) continue;  // no fetch
        if (n == 7 && !change.model.empty()) {
            for (auto* market : markets) market->rematch(leaving.item_id, change.model);
        }
        auto tonight = staying;
        if (n < 2 || (n >= 7 && change.back)) tonight.push_back(leaving);
        for (auto* market : markets) market->run(night, 3, tonight, both);
        if (before_pass) before_pass(night);
        app::update_derived_tables(twins.nightly, shipped_catalog());
        gpuprice::test::redo_derived_tables(twins.redone, shipped_catalog());
        CHECK(stored_decisions(twins.nightly) == stored_decisions(twins.redone));
        CHECK(stored_rows(twins.nightly) == stored_rows(twins.redone));
        // The change reaches a night the listing was not seen on, nor cleared on.
        const auto fourth_night = rows_of_night(stored_rows(twins.redone), "2026-11-04");
        if (n == 6) fourth_night_before = fourth_night;
        if (n == 7) CHECK(fourth_night != fourth_night_before);
    }
}

}  // namespace

TEST_SUITE("derived tables") {
    TEST_CASE("golden: what a pass derives is the digest recorded for kDerivationVersion") {
        test::TempDir dir;
        schema::Database db(dir.file("golden.db"));
        schema::migrate(db);
        test::NightlyMarket market(db);
        test::play_market({&market}, 14, [&](int, const std::string&) {
            app::update_derived_tables(db, shipped_catalog());
        });
        const auto derived = stored_rows(db) + stored_decisions(db);
        REQUIRE(derived.find("cleared") != std::string::npos);
        std::string digest;
        for (const auto byte : analysis::sha256(derived)) {
            constexpr char kHex[] = "0123456789abcdef";
            digest += kHex[byte >> 4];
            digest += kHex[byte & 15];
        }
        INFO("what a pass derives changed: raise app::kDerivationVersion and append {version, \"",
             digest, "\"} to app::kDerivationDigests (app/derived_pass.hpp)");
        CHECK(digest == std::end(app::kDerivationDigests)[-1].sha256);
    }

    TEST_CASE("a report of some conditions reads their clearances alone, stored as decided now") {
        test::TempDir dir;
        schema::Database db(dir.file("conditions.db"));
        schema::migrate(db);
        test::NightlyMarket market(db);
        std::vector<test::MarketListing> listed;
        for (int i = 0; i < 12; ++i) {
            test::MarketListing m;
            m.item_id = "v1|" + std::to_string(200000 + i) + "|0";
            m.model = i % 2 ? "rtx-3090" : "rtx-4090";
            m.cents = 60000 + 1000 * i;
            m.condition_id = std::array{3000, 1000, 7000, 2010}[static_cast<std::size_t>(i % 4)];
            market.remember(m);
            listed.push_back(m);
        }
        const std::map<std::string, bool> both = {{"RTX 3090", true}, {"RTX 4090", true}};
        market.run("2026-11-01", 3, listed, both);
        listed.resize(6);  // the other six, of every condition, leave
        market.run("2026-11-02", 3, listed, both);
        market.run("2026-11-03", 3, listed, both);
        app::update_derived_tables(db, shipped_catalog());
        schema::ObservationFilter filter;
        filter.market = test::us_market();
        const auto past = app::read_past(db, shipped_catalog(), filter.market);
        REQUIRE(past.if_derived([] { return true; }));  // the stored decisions are read
        const auto decided =
            app::decide_report_clearances(db, shipped_catalog(), "2026-11-01", "2026-11-01",
                                          "2026-11-03", filter, analysis::Shipping::Include);
        using schema::ConditionClass;
        for (const auto& some : {std::vector{ConditionClass::used},
                                 {ConditionClass::new_item, ConditionClass::refurbished}}) {
            auto expected = decided;
            std::erase_if(expected, [&](const analysis::Clearance& c) {
                return std::find(some.begin(), some.end(),
                                 schema::condition_class(c.life.condition_id)) == some.end();
            });
            CHECK_FALSE(expected.empty());
            CHECK(expected.size() < decided.size());
            CHECK(describe(app::report_clearances(
                      db, past, shipped_catalog(), "2026-11-01", "2026-11-01", "2026-11-03", filter,
                      analysis::Shipping::Include, some)) == describe(expected));
        }
    }

    TEST_CASE(
        "a pass rolls up the night before again only when a later run of that night stored prices "
        "on it, and a run begun after midnight is the night it was begun for") {
        test::TempDir dir;
        schema::Database db(dir.file("market.db"));
        schema::migrate(db);
        test::NightlyMarket market(db);
        const std::map<std::string, bool> both = {{"RTX 3090", true}, {"RTX 4090", true}};
        std::vector<test::MarketListing> listings;
        for (int i = 0; i < 6; ++i) {
            test::MarketListing m;
            m.item_id = "v1|" + std::to_string(300000 + i) + "|0";
            m.model = i < 4 ? "rtx-3090" : "rtx-4090";
            m.cents = 60000 + 5000 * i;
            market.remember(m);
            listings.push_back(m);
        }
        for (int n = 0; n < 4; ++n) {
            auto tonight = listings;
            if (n >= 2) tonight.pop_back();  // a 4090 left after the second night
            market.run(schema::add_days("2026-11-01", n), 3, tonight, both);
            app::update_derived_tables(db, shipped_catalog());
        }
        const auto before = stored_rows(db);
        REQUIRE(rows_of_night(before, "2026-11-04").find("rtx-3090") != std::string::npos);

        // The command started on 2026-11-04, its run just after midnight: it is that night's
        // run, its prices and its coverage alike, with one 3090 at a new price. The night before
        // is the one to roll up again.
        auto late = listings;
        late.pop_back();
        late[1].cents = 90000;
        market.run("2026-11-04", 0, late, both, "2026-11-05T00:00:30Z");
        CHECK(nights_a_pass_rolls_up(db) == std::vector<std::string>{"2026-11-04"});
        CHECK(test::query_int(db,
                              "SELECT count(*) FROM fetch_runs WHERE id = (SELECT max(id) "
                              "FROM fetch_runs) AND night = '2026-11-04'") == 1);
        app::update_derived_tables(db, shipped_catalog());
        const auto after_late = stored_rows(db);
        CHECK(rows_of_night(after_late, "2026-11-04") != rows_of_night(before, "2026-11-04"));
        CHECK(stored_decisions(db).find("2026-11-04 cleared") == std::string::npos);

        // The next night's run touches only its own night: the one before stands.
        market.run("2026-11-05", 3, late, both);
        CHECK(nights_a_pass_rolls_up(db) == std::vector<std::string>{"2026-11-05"});
        app::update_derived_tables(db, shipped_catalog());
        const auto rows = stored_rows(db);
        const auto decisions = stored_decisions(db);
        CHECK(rows_of_night(rows, "2026-11-04") == rows_of_night(after_late, "2026-11-04"));
        // Every listing the late run saw is still for sale: its coverage, the night it began
        // for, is no night after theirs (by its start, it cleared them all: code review 3, C1).
        INFO(decisions);
        CHECK(decisions.find("cleared 2026-11-05") == std::string::npos);

        // Night by night, the same as a first pass over the whole database.
        gpuprice::test::redo_derived_tables(db, shipped_catalog());
        CHECK(stored_rows(db) == rows);
        CHECK(stored_decisions(db) == decisions);
    }

    TEST_CASE(
        "night by night, reports and history read from the derived tables what computing "
        "from the nights gives") {
        test::TempDir dir;
        schema::Database db(dir.file("market.db"));
        schema::migrate(db);
        test::NightlyMarket market(db);
        bool passed_once = false;
        test::play_market({&market}, 14, [&](int n, const std::string& night) {
            CAPTURE(night);
            // Before the first pass there is nothing stored: reports decide as before.
            if (n == 2 && !passed_once) check_same_as_deciding_now(db, night);
            app::update_derived_tables(db, shipped_catalog());
            passed_once = true;
            check_same_as_deciding_now(db, night);
        });
        const std::vector<schema::ConditionClass> used = {schema::ConditionClass::used};
        const auto history = app::compute_model_history(
            db, app::read_past(db, shipped_catalog(), test::us_market()), shipped_catalog(),
            "rtx-4090", used, analysis::Shipping::Include, analysis::Period::night);
        const auto cheap_night = std::find_if(
            history.begin(), history.end(), [](const auto& n) { return n.night == "2026-11-06"; });
        REQUIRE(cheap_night != history.end());
        CHECK(cheap_night->suspect_removed == 1);
        CHECK(cheap_night->median_usd > 400);
        const auto night_by_night = stored_decisions(db);
        CHECK(night_by_night.find("cleared") != std::string::npos);
        CHECK(night_by_night.find("uncounted") != std::string::npos);
        CHECK(night_by_night.find("auction-near-final") != std::string::npos);
        CHECK(night_by_night.find("pending") != std::string::npos);
        const auto rolled_night_by_night = stored_rows(db);
        CHECK(rolled_night_by_night.find("rtx-4090") != std::string::npos);
        gpuprice::test::redo_derived_tables(db, shipped_catalog());
        CHECK(stored_decisions(db) == night_by_night);
        CHECK(stored_rows(db) == rolled_night_by_night);
    }

    TEST_CASE(
        "tables derived with another catalog or gpuprice are read from the nights until the next "
        "pass derives every one again") {
        test::TempDir dir;
        schema::Database db(dir.file("market.db"));
        schema::migrate(db);
        // A database never derived has nothing to derive again.
        CHECK_FALSE(app::derivation_outdated(db, shipped_catalog()));
        test::NightlyMarket market(db);
        test::play_market({&market}, 8, [&](int, const std::string&) {
            app::update_derived_tables(db, shipped_catalog());
        });
        const auto us = test::us_market();
        const auto rows = stored_rows(db);
        const auto decisions = stored_decisions(db);
        REQUIRE(decisions.find("cleared") != std::string::npos);
        CHECK(derived(app::read_past(db, shipped_catalog(), us)));
        CHECK_FALSE(app::derivation_outdated(db, shipped_catalog()));
        const std::vector<schema::ConditionClass> used = {schema::ConditionClass::used};
        const auto history = [&] {
            return describe(app::model_history(
                db, app::read_past(db, shipped_catalog(), us), shipped_catalog(), "rtx-4090", used,
                analysis::Shipping::Include, analysis::Period::night));
        };
        const auto computed = describe(app::compute_model_history(
            db, app::read_past(db, shipped_catalog(), us), shipped_catalog(), "rtx-4090", used,
            analysis::Shipping::Include, analysis::Period::night));
        REQUIRE(history() == computed);

        // Tables as another derivation made them: other medians, clearances not decided.
        const auto as_another_made_them = [&] {
            db.exec("UPDATE model_nights SET median_usd = median_usd + 1");
            db.exec("DELETE FROM listing_clearances WHERE outcome = 'cleared'");
        };
        as_another_made_them();
        // Made with this derivation and catalog, they are read as they are, and a pass with
        // nothing new leaves them.
        CHECK(history() != computed);
        app::update_derived_tables(db, shipped_catalog());
        CHECK(stored_rows(db) != rows);
        CHECK(stored_decisions(db) != decisions);

        // Made by another gpuprice's derivation: read from the nights, then derived again.
        db.exec(
            "UPDATE meta SET value = 'derivation 0, catalog 1 through run ' || "
            "(SELECT value FROM meta WHERE key = 'derived_run:EBAY_US') "
            "WHERE key = 'derived_with:EBAY_US'");
        CHECK_FALSE(derived(app::read_past(db, shipped_catalog(), us)));
        CHECK(app::derivation_outdated(db, shipped_catalog()));
        CHECK(history() == computed);
        app::update_derived_tables(db, shipped_catalog());
        CHECK(stored_rows(db) == rows);
        CHECK(stored_decisions(db) == decisions);
        CHECK(derived(app::read_past(db, shipped_catalog(), us)));
        CHECK_FALSE(app::derivation_outdated(db, shipped_catalog()));
        CHECK(history() == computed);

        // Made before gpuprice recorded what with: the same.
        as_another_made_them();
        db.exec("DELETE FROM meta WHERE key = 'derived_with:EBAY_US'");
        CHECK(app::derivation_outdated(db, shipped_catalog()));
        CHECK(history() == computed);
        app::update_derived_tables(db, shipped_catalog());
        CHECK(stored_rows(db) == rows);
        CHECK(stored_decisions(db) == decisions);

        // A pass after this one's by a gpuprice that records nothing (an older one on the same
        // file): it moved derived_run past the run this one's record names. The same.
        as_another_made_them();
        db.exec(
            "UPDATE meta SET value = replace(value, 'through run ' || "
            "(SELECT value FROM meta WHERE key = 'derived_run:EBAY_US'), 'through run 0') "
            "WHERE key = 'derived_with:EBAY_US'");
        REQUIRE(test::query_int(db,
                                "SELECT count(*) FROM meta WHERE key = 'derived_with:EBAY_US' "
                                "AND value LIKE '% through run 0'") == 1);
        CHECK(app::derivation_outdated(db, shipped_catalog()));
        CHECK_FALSE(derived(app::read_past(db, shipped_catalog(), us)));
        CHECK(history() == computed);
        app::update_derived_tables(db, shipped_catalog());
        CHECK(stored_rows(db) == rows);
        CHECK(stored_decisions(db) == decisions);

        // Made with another catalog (any edit changes its digest): the same.
        auto edited = shipped_catalog();
        edited.digest += " edited";
        CHECK_FALSE(derived(app::read_past(db, edited, us)));
        CHECK(app::derivation_outdated(db, edited));
        app::update_derived_tables(db, edited);
        CHECK(derived(app::read_past(db, edited, us)));
        CHECK_FALSE(derived(app::read_past(db, shipped_catalog(), us)));
        CHECK(stored_rows(db) == rows);
    }

    TEST_CASE(
        "a listing matched to another model after it left: the nights whose evidence held it "
        "are rolled up again") {
        Twins twins;
        play_late_change(twins, {"rtx-4090", false});
    }

    TEST_CASE(
        "a listing back after it cleared: the nights whose evidence held its clearance are rolled "
        "up again") {
        Twins twins;
        play_late_change(twins, {"", true}, [&](const std::string& night) {
            if (night != "2026-11-08") return;
            // The clearance of 11-03 changes tonight: it and the nights after it whose evidence
            // holds it, those the market has (no fetch on 11-06), none past tonight's.
            const auto work = schema::derived_work(twins.nightly, test::us_market(),
                                                   app::derivation_fingerprint(shipped_catalog()));
            CHECK(schema::nights_to_roll_up(twins.nightly, work, {"2026-11-03"},
                                            analysis::kSuspectEvidenceNights) ==
                  std::vector<std::string>{"2026-11-03", "2026-11-04", "2026-11-05", "2026-11-07",
                                           "2026-11-08"});
        });
    }
}

}  // namespace test_derived_tables
