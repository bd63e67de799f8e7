// The rollups' sliding window (app/rollup_window): slid night by night, it must hold
// what a window read whole on each night holds, through listings that arrive, leave, come back,
// change price, are flagged, a night without a fetch, and nights compacted into intervals.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include "app/compaction.hpp"
#include "app/derived_pass.hpp"
#include "app/rollup_window.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/price_flags.hpp"
#include "schema/store/compaction.hpp"
#include "schema/store/migrations.hpp"
#include "schema/store/past.hpp"
#include "tests/nightly_market.hpp"
#include "tests/shipped_catalog.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

namespace test_rollup_window {

using gpuprice::test::shipped_catalog;

using namespace gpuprice;

namespace {

// One line per price, by model and then listing: the groups' order inside is the reader's.
std::string describe(const analysis::PricesByModel& by_model) {
    std::ostringstream out;
    for (const auto& [model, prices] : by_model) {
        auto sorted = prices;
        std::sort(sorted.begin(), sorted.end(),
                  [](const auto& a, const auto& b) { return a.listing_id < b.listing_id; });
        for (const auto& p : sorted) {
            out << model << ' ' << p.listing_id << ' ' << p.night << ' ' << p.price_cents << ' '
                << p.shipping_cents.value_or(-1) << ' ' << p.condition_id << '\n';
        }
    }
    return out.str();
}

test::MarketListing listing(int id, const std::string& model, std::int64_t cents) {
    test::MarketListing m;
    m.item_id = "v1|" + std::to_string(500000 + id) + "|0";
    m.model = model;
    m.cents = cents;
    return m;
}

// Every night of [first, last], each window slid from the first night against one read whole.
void check_slides(schema::Database& db, const std::string& first, const std::string& last,
                  int nights) {
    const schema::ObservationFilter filter{test::us_market(), schema::kAllPriceFlags};
    const auto past = schema::Past::read(db, filter.market);
    app::RollupWindow slid(db, past, filter, nights);
    for (auto night = first; night <= last; night = schema::add_days(night, 1)) {
        CAPTURE(night);
        CAPTURE(nights);
        slid.move_to(night);
        app::RollupWindow whole(db, past, filter, nights);
        whole.move_to(night);
        CHECK(describe(slid.prices()) == describe(whole.prices()));
        CHECK(describe(slid.cleared()) == describe(whole.cleared()));
        CHECK_FALSE(describe(whole.prices()).empty());
    }
}

}  // namespace

TEST_SUITE("app::rollup_window") {
    TEST_CASE("a window slid night by night holds what each night's window read whole holds") {
        test::TempDir dir;
        schema::Database db(dir.file("window.db"));
        schema::migrate(db);
        test::NightlyMarket market(db);
        const std::map<std::string, bool> both = {{"RTX 3090", true}, {"RTX 4090", true}};
        auto steady = listing(1, "rtx-3090", 80000);         // every night; its price changes
        const auto leaving = listing(2, "rtx-3090", 75000);  // the first three nights
        const auto late = listing(3, "rtx-4090", 160000);    // from the fourth night on
        const auto back = listing(4, "rtx-4090", 150000);    // nights 1-2, then 7-8
        auto flagged = listing(5, "rtx-3090", 30000);        // kept out by the filter
        flagged.price_flags = schema::kFlagLowFeedbackSeller;
        for (const auto& m : {steady, leaving, late, back, flagged}) market.remember(m);
        for (int n = 0; n < 12; ++n) {
            if (n == 5) continue;  // no fetch that night
            if (n == 6) steady.cents = 72000;
            std::vector<test::MarketListing> tonight = {steady, flagged};
            if (n < 3) tonight.push_back(leaving);
            if (n >= 3) tonight.push_back(late);
            if (n < 2 || n == 7 || n == 8) tonight.push_back(back);
            market.run(schema::add_days("2026-11-01", n), 3, tonight, both);
            app::update_derived_tables(db, shipped_catalog());
        }
        REQUIRE(test::stored_decisions(db).find("cleared") != std::string::npos);
        for (const int nights : {3, 4, 30}) check_slides(db, "2026-11-01", "2026-11-12", nights);

        // The nights up to the fifth compacted into intervals (seven kept): a window slides
        // across them too, reading each night it gains from its intervals.
        app::compact_database(db, 7);
        auto compacted = db.prepare("SELECT max(night) FROM compacted_nights");
        REQUIRE(compacted.step());
        CHECK(compacted.text(0) == "2026-11-05");
        for (const int nights : {3, 30}) check_slides(db, "2026-11-01", "2026-11-12", nights);
    }
}

}  // namespace test_rollup_window
