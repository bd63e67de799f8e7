// Item groups remembered across nights (issue 39): a group whose search summary did not change
// since the night its variations were asked is read from that night's kept answer, not asked
// again, until the answer is kGroupMemoryNights old; its variations are still observed tonight.
// Nights on a clock the test sets (GPUPRICE_NOW, ManualClock): nothing reads the wall clock.
#include <doctest/doctest.h>

#include <cstdlib>

#include "fetcher/fetch_run.hpp"
#include "fetcher/group_memory.hpp"
#include "schema/domain/clock.hpp"
#include "tests/fake_fetch_config.hpp"

namespace test_group_memory {

using namespace gpuprice;

namespace {

// 200 cards of one family, every 10th a summary of a group of three variations (20 groups).
struct GroupMarket : test::ClockedFetch {
    std::vector<test::FakeItem> items;

    GroupMarket() {
        for (int i = 0; i < 200; ++i) {
            test::FakeItem item;
            item.item_id = "v1|" + std::to_string(5000 + i) + "|0";
            item.title = "NVIDIA RTX 3090 24GB #" + std::to_string(i);
            item.price = std::to_string(700 + i) + ".00";
            if (i % 10 == 0) {
                item.group_id = "g" + std::to_string(5000 + i);
                std::vector<test::FakeItem> options;
                for (int v = 1; v <= 3; ++v) {
                    auto option = item;
                    option.item_id = "v1|" + std::to_string(5000 + i) + "|" + std::to_string(v);
                    option.price = std::to_string(700 + i + v) + ".00";
                    options.push_back(option);
                }
                ebay.set_item_group(item.group_id, options);
            }
            items.push_back(item);
        }
        ebay.set_items("RTX 3090", items);
        config.max_calls = 200;
    }

    fetcher::FetchOutcome night(const std::string& day) {
        ::setenv(schema::kClockVariable, (day + "T03:00:00Z").c_str(), 1);
        config.queries = fetcher::family_queries({"RTX 3090"}, {schema::ConditionClass::used});
        return fetcher::run_fetch(db, config, credentials, schema::Night::from_text(day), {});
    }
};

}  // namespace

TEST_SUITE("fetcher::group_memory") {
    TEST_CASE("an unchanged market's second night replays its item groups: no call, all seen") {
        GroupMarket m;
        const auto first = m.night("2026-12-01");
        REQUIRE(first.status == schema::RunStatus::ok);
        CHECK(m.ebay.item_group_calls() == 20);
        CHECK(first.groups_replayed == 0);
        CHECK(first.calls_by_kind.at(schema::QueryKind::item_group) == 20);
        CHECK(m.count("SELECT count(*) FROM item_group_answers") == 20);

        const auto second = m.night("2026-12-02");
        REQUIRE(second.status == schema::RunStatus::ok);
        CHECK(m.ebay.item_group_calls() == 20);  // none asked again
        CHECK(second.groups_replayed == 20);
        CHECK_FALSE(second.calls_by_kind.contains(schema::QueryKind::item_group));
        CHECK(second.calls_used < first.calls_used);
        // Every variation is observed on the second night, at its kept price: none looks gone.
        CHECK(m.count("SELECT count(*) FROM listings WHERE item_id LIKE 'v1|%|1' OR item_id LIKE "
                      "'v1|%|2' OR item_id LIKE 'v1|%|3'") == 60);
        CHECK(m.count("SELECT count(*) FROM listings WHERE last_seen_on = '2026-12-02'") ==
              m.count("SELECT count(*) FROM listings"));
        CHECK(m.count("SELECT o.price_cents FROM price_observations o JOIN listings l ON l.id = "
                      "o.listing_id WHERE o.observed_on = '2026-12-02' AND l.item_id = "
                      "'v1|5000|1'") == 70100);
        const auto notes = [&] {
            std::string text;
            for (const auto& n : second.notes) text += n + "\n";
            return text;
        }();
        CHECK(notes.find("20 item group(s) unchanged since an earlier night") != std::string::npos);
    }

    TEST_CASE("a group whose summary changed is asked again; its new variation prices stored") {
        GroupMarket m;
        REQUIRE(m.night("2026-12-01").status == schema::RunStatus::ok);
        // One group's cheapest variation sold: its summary's price moves, its group answers two.
        m.items[0].price = "702.00";
        m.ebay.set_items("RTX 3090", m.items);
        auto options = std::vector<test::FakeItem>{};
        for (int v = 2; v <= 3; ++v) {
            auto option = m.items[0];
            option.item_id = "v1|5000|" + std::to_string(v);
            option.price = std::to_string(700 + v) + ".00";
            options.push_back(option);
        }
        m.ebay.set_item_group("g5000", options);
        // Another's title changed: asked again too.
        m.items[10].title += " blower";
        m.ebay.set_items("RTX 3090", m.items);
        const auto second = m.night("2026-12-02");
        REQUIRE(second.status == schema::RunStatus::ok);
        CHECK(m.ebay.item_group_calls() == 22);
        CHECK(second.groups_replayed == 18);
        // The sold variation was not seen on the second night; its siblings were.
        CHECK(m.count("SELECT last_seen_on = '2026-12-01' FROM listings WHERE item_id = "
                      "'v1|5000|1'") == 1);
        CHECK(m.count("SELECT last_seen_on = '2026-12-02' FROM listings WHERE item_id = "
                      "'v1|5000|2'") == 1);
    }

    TEST_CASE("a kept answer is asked again once it is kGroupMemoryNights old") {
        GroupMarket m;
        REQUIRE(m.night("2026-12-01").status == schema::RunStatus::ok);
        const auto last_replayed =
            schema::Night::from_text("2026-12-01").plus(fetcher::kGroupMemoryNights - 1).text();
        CHECK(m.night(last_replayed).groups_replayed == 20);
        CHECK(m.ebay.item_group_calls() == 20);
        const auto renewed =
            schema::Night::from_text("2026-12-01").plus(fetcher::kGroupMemoryNights).text();
        const auto night = m.night(renewed);
        CHECK(night.groups_replayed == 0);
        CHECK(m.ebay.item_group_calls() == 40);
        CHECK(m.count("SELECT count(*) FROM item_group_answers WHERE asked_on = '" + renewed +
                      "'") == 20);
    }

    TEST_CASE("--group-memory-nights 0: every group asked every night, nothing kept") {
        GroupMarket m;
        m.config.group_memory_nights = 0;
        REQUIRE(m.night("2026-12-01").status == schema::RunStatus::ok);
        REQUIRE(m.night("2026-12-02").status == schema::RunStatus::ok);
        CHECK(m.ebay.item_group_calls() == 40);
        CHECK(m.count("SELECT count(*) FROM item_group_answers") == 0);
    }

    TEST_CASE("a summary's key moves with its price, shipping, condition, options, end and title") {
        schema::Listing a;
        a.price_cents = 70000;
        a.currency = "USD";
        a.title = "RTX 3090";
        const auto key = fetcher::group_summary_key(a);
        auto b = a;
        CHECK(fetcher::group_summary_key(b) == key);
        b.price_cents = 69999;
        CHECK(fetcher::group_summary_key(b) != key);
        b = a;
        b.shipping_cents = 0;
        CHECK(fetcher::group_summary_key(b) != key);
        b = a;
        b.condition_id = 3000;
        CHECK(fetcher::group_summary_key(b) != key);
        b = a;
        b.buying_options = "FIXED_PRICE,BEST_OFFER";
        CHECK(fetcher::group_summary_key(b) != key);
        b = a;
        b.item_end_date = "2026-12-30T00:00:00Z";
        CHECK(fetcher::group_summary_key(b) != key);
        b = a;
        b.title = "RTX 3090 ";
        CHECK(fetcher::group_summary_key(b) != key);
    }
}

}  // namespace test_group_memory
