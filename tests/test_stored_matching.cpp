// Stored listings and sold items matched a batch at a time (app::match_listings,
// app::match_sold_items): every one gets its verdict whatever the batch boundaries.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/stored_matching.hpp"
#include "schema/store/listing_store.hpp"
#include "schema/store/migrations.hpp"
#include "schema/store/sold_store.hpp"
#include "tests/query_int.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

namespace test_stored_matching {

using namespace gpuprice;

namespace {

// Seven titles: four cards, an accessory, a box and a title naming no card.
const std::vector<std::string> kTitles = {"NVIDIA GeForce RTX 3090 24GB Founders Edition",
                                          "EVGA RTX 3080 FTW3 10GB",
                                          "Tesla V100 PCIe 16GB",
                                          "Radeon RX 7900 XTX 24GB",
                                          "RTX 3090 backplate only",
                                          "RTX 4090 empty box",
                                          "Vintage mechanical keyboard"};

}  // namespace

TEST_SUITE("app::stored_matching") {
    TEST_CASE(
        "listings and sold items matched in batches smaller than the titles all get verdicts") {
        const auto rules = schema::load_rule_set(test::catalog_dir());
        const app::Matchers matchers(rules);
        for (const int batch : {1, 2, 3, 6, 7, 100}) {
            CAPTURE(batch);
            test::TempDir dir;
            schema::Database db(dir.file("batches.db"));
            schema::migrate(db);
            const auto started = std::string("2026-12-01T03:00:00Z");
            const auto run = schema::begin_run(db, schema::RunSource::ebay, test::us_market(),
                                               schema::Night::from_text("2026-12-01"), started);
            std::vector<schema::Listing> page;
            std::vector<schema::SoldItem> sold;
            for (std::size_t i = 0; i < kTitles.size(); ++i) {
                // The same offer listed tonight and sold earlier, under its own item id each.
                schema::SellerOffer offer;
                offer.title = kTitles[i];
                offer.condition_id = 3000;
                offer.price_cents = 50000;
                offer.currency = "USD";
                offer.buying_options = "FIXED_PRICE";
                schema::Listing l;
                static_cast<schema::SellerOffer&>(l) = offer;
                l.item_id = "v1|" + std::to_string(100 + i) + "|0";
                page.push_back(l);
                schema::SoldItem s;
                static_cast<schema::SellerOffer&>(s) = offer;
                s.item_id = "v1|" + std::to_string(900 + i) + "|0";
                s.sold_at = "2026-11-20T10:00:00Z";
                s.quantity_sold = 1;
                sold.push_back(s);
            }
            schema::PageStore(db, run.id(), schema::Night::from_text("2026-12-01"),
                              test::us_market())
                .store(page, {});
            schema::store_sold_items(db, run.id(), test::us_market(), sold,
                                     std::vector<std::string>(sold.size()));
            schema::finish_run(db, run.id(), schema::RunStatus::ok, started, 1, "");

            const auto listings = app::match_listings(db, matchers, schema::WhichListings::All,
                                                      run.id(), "2026-12-01T03:30:00Z", batch);
            CHECK(listings.total() == static_cast<int>(kTitles.size()));
            CHECK(listings.of(schema::MatchReason::ok) == 4);
            CHECK(test::query_int(db,
                                  "SELECT count(*) FROM listings l LEFT JOIN match_results m ON "
                                  "m.listing_id = l.id WHERE m.listing_id IS NULL") == 0);
            CHECK(test::query_int(
                      db, "SELECT count(*) FROM match_results WHERE model = 'rtx-3090'") == 1);
            // Nothing is left for the next night: every listing's verdict is current.
            CHECK(schema::titles_to_match(db, schema::WhichListings::VerdictDue, run.id(), 0, 100)
                      .empty());

            const auto sales =
                app::match_sold_items(db, matchers, schema::WhichSoldItems::WithoutVerdict, batch);
            CHECK(sales.total() == static_cast<int>(kTitles.size()));
            CHECK(sales.of(schema::MatchReason::ok) == 4);
            CHECK(test::query_int(db, "SELECT count(*) FROM sold_items WHERE reason IS NULL") == 0);
            CHECK(schema::sold_titles_to_match(db, schema::WhichSoldItems::WithoutVerdict, "", 100)
                      .empty());
        }
    }
}

}  // namespace test_stored_matching
