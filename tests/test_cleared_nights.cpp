// Six nights of a market against the fake eBay, replayed with GPUPRICE_NOW: listings sell (leave
// at known last prices, some after price drops), others are withdrawn, new ones arrive, and on
// one night the RTX 3090 family's query fails, so that night's coverage is incomplete: a 3090
// that left that night, or was last seen the night before it, was never seen leaving. The
// report's cleared figures are checked against the truth the test kept.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "analysis/median.hpp"
#include "tests/child_process.hpp"
#include "tests/fake_ebay.hpp"
#include "tests/test_context.hpp"

namespace test_cleared_nights {

using namespace gpuprice;

namespace {

struct Listing {
    std::string item_id;
    std::string model;
    std::int64_t cents = 0;
};

struct Market {
    std::map<std::string, std::vector<Listing>> by_family;  // what eBay serves tonight
};

std::string money(std::int64_t cents) {
    std::ostringstream out;
    out << cents / 100 << '.' << (cents % 100 < 10 ? "0" : "") << cents % 100;
    return out.str();
}

void serve(test::FakeEbay& ebay, const Market& market) {
    for (const auto& [family, listings] : market.by_family) {
        std::vector<test::FakeItem> items;
        for (const auto& l : listings) {
            test::FakeItem item;
            item.item_id = l.item_id;
            item.title = "NVIDIA GeForce " + l.model + " 24GB GDDR6X";
            item.price = money(l.cents);
            items.push_back(item);
        }
        ebay.set_items(family, items);
    }
}

int run_gpuprice(const test::TempDir& dir, const test::FakeEbay& ebay, const std::string& now,
                 const std::vector<std::string>& args, const std::string& out = "/dev/null") {
    std::vector<std::string> argv = {GPUPRICE_BINARY, "--db", dir.file("market.db")};
    argv.insert(argv.end(), args.begin(), args.end());
    if (args[0] == "fetch") {
        const std::vector<std::string> more = {"--api-base",      ebay.api_base(),
                                               "--auth-url",      ebay.token_url(),
                                               "--query",         "RTX 3090",
                                               "--query",         "RTX 4090",
                                               "--condition",     "used",
                                               "--token-cache",   dir.file("token"),
                                               "--retry-base-ms", "0"};
        argv.insert(argv.end(), more.begin(), more.end());
    }
    return test::wait_exit(
        test::spawn(argv,
                    {"EBAY_CLIENT_ID=" + ebay.client_id, "EBAY_CLIENT_SECRET=" + ebay.client_secret,
                     "GPUPRICE_NOW=" + now},
                    out, dir.file("err-" + now)));
}

std::vector<std::string> column(const std::string& csv, const std::string& name) {
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);
    std::vector<std::string> names;
    {
        std::stringstream h(line.substr(0, line.size() - 1));
        for (std::string n; std::getline(h, n, ',');) names.push_back(n);
    }
    const auto at =
        static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
    std::vector<std::string> values;
    while (std::getline(in, line)) {
        line.pop_back();
        std::vector<std::string> cells;
        std::stringstream l(line);
        for (std::string c; std::getline(l, c, ',');) cells.push_back(c);
        values.push_back(at < cells.size() ? cells[at] : "");
    }
    return values;
}

}  // namespace

TEST_SUITE("end_to_end::cleared") {
    TEST_CASE(
        "six nights: cleared medians match the true last prices; an incomplete night "
        "counts no disappearance") {
        test::FakeEbay ebay;
        test::TempDir dir;
        std::mt19937 rng(20261203);
        std::lognormal_distribution<double> spread(0.0, 0.12);
        const std::map<std::string, double> typical = {{"RTX 3090", 780}, {"RTX 4090", 1850}};
        Market market;
        int next_id = 1000;
        const auto add = [&](const std::string& family, int n) {
            for (int i = 0; i < n; ++i) {
                const auto cents = std::llround(typical.at(family) * spread(rng) * 100);
                market.by_family[family].push_back(
                    {"v1|5" + std::to_string(next_id) + "|0", family, cents});
                ++next_id;
            }
        };
        add("RTX 3090", 60);
        add("RTX 4090", 60);

        const std::vector<std::string> nights = {"2026-11-28", "2026-11-29", "2026-11-30",
                                                 "2026-12-01", "2026-12-02", "2026-12-03"};
        const std::string incomplete_night = "2026-12-01";    // RTX 3090's query fails
        std::map<std::string, std::vector<double>> left_usd;  // model -> true last prices
        std::set<std::string> left_unseen;  // gone on the incomplete night: must not count
        std::map<std::string, int> cleared_on_complete;

        for (std::size_t n = 0; n < nights.size(); ++n) {
            const auto& night = nights[n];
            if (n > 0) {
                // Between nights: 6 listings of each family leave (4 sell, 2 are withdrawn, by
                // position: the market does not know which), 3 drop their price 5%, 5 arrive.
                for (auto& [family, listings] : market.by_family) {
                    std::shuffle(listings.begin(), listings.end(), rng);
                    for (int k = 0; k < 6; ++k) {
                        const auto& gone = listings.back();
                        left_usd[family].push_back(static_cast<double>(gone.cents) / 100);
                        // Seen one night and gone the next, both nights completely covered;
                        // a listing last seen before the failed night is gone, as far as the
                        // fetches can tell, on the failed night.
                        const bool unseen =
                            family == std::string("RTX 3090") &&
                            (night == incomplete_night || nights[n - 1] == incomplete_night);
                        if (unseen) {
                            left_unseen.insert(gone.item_id);
                        } else {
                            ++cleared_on_complete[family];
                        }
                        listings.pop_back();
                    }
                    for (int k = 0; k < 3; ++k) listings[k].cents = listings[k].cents * 95 / 100;
                    add(family, 5);
                }
            }
            serve(ebay, market);
            if (night == incomplete_night) {
                // A failed page goes back in the queue three times before its family fails.
                ebay.queue_faults_for("RTX 3090",
                                      {test::Fault::ErrorsBody200, test::Fault::ErrorsBody200,
                                       test::Fault::ErrorsBody200, test::Fault::ErrorsBody200});
            }
            const int status = run_gpuprice(dir, ebay, night + "T03:00:00Z", {"fetch"});
            INFO(test::read_file(dir.file("err-" + night + "T03:00:00Z")));
            CHECK(status == (night == incomplete_night ? 6 : 0));
        }

        const auto csv_path = dir.file("report.csv");
        REQUIRE(run_gpuprice(dir, ebay, "2026-12-03T09:00:00Z",
                             {"report", "--format", "csv", "--output", dir.file("reports")},
                             csv_path) == 0);
        const auto csv = test::read_file(csv_path);
        for (const std::string family : {"RTX 3090", "RTX 4090"}) {
            CAPTURE(family);
            const auto count = std::stoi(test::csv_cell(csv, family, "cleared_listings"));
            // Every listing gone on a completely covered night, and nothing else.
            CHECK(count == cleared_on_complete[family]);
            REQUIRE(count >= 10);
            const double truth = analysis::median(left_usd[family]);
            const double cleared = std::stod(test::csv_cell(csv, family, "cleared_median_usd"));
            MESSAGE(family << ": cleared_median_usd " << cleared << " from " << count
                           << " clearances; true median last price of all "
                           << left_usd[family].size() << " that left " << truth);
            CHECK(std::abs(cleared / truth - 1.0) <= 0.05);
            CHECK(std::stod(test::csv_cell(csv, family, "median_days_listed")) >= 1.0);
            CHECK(test::csv_cell(csv, family, "sold_listings") == "");  // no sold data fetched
            CHECK_FALSE(test::csv_cell(csv, family, "lowest3_mean_usd").empty());
        }
        CHECK(cleared_on_complete["RTX 3090"] == 18);
        CHECK(left_unseen.size() == 12);

        // The per-clearance file: none of the listings that left on the incomplete night, and
        // no clearance dated on it for that family.
        const auto cleared_csv =
            test::read_file(dir.file("reports/gpuprice-used-2026-12-03-cleared.csv"));
        const auto ids = column(cleared_csv, "item_id");
        const auto models = column(cleared_csv, "model");
        const auto dated = column(cleared_csv, "night");
        REQUIRE(ids.size() == static_cast<std::size_t>(cleared_on_complete["RTX 3090"] +
                                                       cleared_on_complete["RTX 4090"]));
        for (std::size_t i = 0; i < ids.size(); ++i) {
            CAPTURE(ids[i]);
            CHECK_FALSE(left_unseen.count(ids[i]));
            CHECK_FALSE((models[i] == "RTX 3090" && dated[i] == incomplete_night));
        }

        // History: asking, cleared and sold per night; nothing cleared on or after the failed
        // night until the family was seen whole again; weeks sum the nights.
        const auto history_path = dir.file("history.csv");
        REQUIRE(run_gpuprice(dir, ebay, "2026-12-03T09:00:00Z",
                             {"history", "--model", "RTX 3090", "--format", "csv"},
                             history_path) == 0);
        const auto history = test::read_file(history_path);
        CHECK(
            history.starts_with("night,condition,model,listings,outliers_removed,"
                                "median_price_usd,p25_price_usd,p75_price_usd,"
                                "cleared_median_usd,cleared_listings,sold_median_usd,"
                                "sold_listings\r\n"));
        const auto history_nights = column(history, "night");
        const auto history_cleared = column(history, "cleared_listings");
        std::map<std::string, int> per_night;
        for (std::size_t i = 0; i < history_nights.size(); ++i)
            per_night[history_nights[i]] = std::stoi(history_cleared[i]);
        // Six left on each counted night; the outlier rule may drop one of so few.
        for (const auto* counted : {"2026-11-29", "2026-11-30", "2026-12-03"}) {
            CAPTURE(counted);
            CHECK(per_night[counted] >= 5);
            CHECK(per_night[counted] <= 6);
        }
        CHECK(per_night["2026-12-02"] == 0);
        CHECK(per_night.count("2026-12-01") == 0);  // nothing asked, nothing cleared: no row
        REQUIRE(run_gpuprice(dir, ebay, "2026-12-03T09:00:00Z",
                             {"history", "--model", "RTX 3090", "--format", "csv", "--by", "week"},
                             history_path) == 0);
        const auto weekly = test::read_file(history_path);
        const auto weeks = column(weekly, "week");
        const auto weekly_cleared = column(weekly, "cleared_listings");
        REQUIRE(weeks.size() == 2);
        CHECK(weeks[0] == "2026-11-23");
        CHECK(weekly_cleared[0] == "6");
        CHECK(weeks[1] == "2026-11-30");
        CHECK(weekly_cleared[1] == "12");

        // Ranking by cleared prices names the basis in the file name and the column.
        REQUIRE(run_gpuprice(dir, ebay, "2026-12-03T09:00:00Z",
                             {"report", "--price", "cleared", "--format", "csv", "--output",
                              dir.file("reports")},
                             csv_path) == 0);
        const auto by_cleared = test::read_file(csv_path);
        CHECK(test::csv_cell(by_cleared, "RTX 3090", "price_basis") == "cleared");
        const double tflops = std::stod(test::csv_cell(by_cleared, "RTX 3090", "tflops"));
        const double cleared =
            std::stod(test::csv_cell(by_cleared, "RTX 3090", "cleared_median_usd"));
        CHECK(std::stod(test::csv_cell(by_cleared, "RTX 3090", "gflops_per_usd")) ==
              doctest::Approx(tflops * 1000 / cleared).epsilon(0.001));
        // Named before the date: the default report's clearance list keeps its own file.
        CHECK(std::filesystem::exists(
            dir.file("reports/gpuprice-used-price-cleared-2026-12-03.csv")));
        CHECK(test::read_file(dir.file("reports/gpuprice-used-2026-12-03-cleared.csv"))
                  .starts_with("condition,model,item_id,title,kind,"));
    }
}

TEST_SUITE("end_to_end::cleared") {
    TEST_CASE("an auction seen in its last hours: its bid recorded as a near-final price") {
        test::FakeEbay ebay;
        test::TempDir dir;
        // Auctions with Buy It Now (stored at their BIN price, their bid kept beside it): one
        // ends three hours after tonight's fetch, one in two days.
        const auto auction = [](const std::string& id, const std::string& bid,
                                const std::string& end) {
            test::FakeItem item;
            item.item_id = "v1|" + id + "|0";
            item.title = "NVIDIA GeForce RTX 3090 24GB";
            item.raw =
                R"({"itemId":"v1|)" + id +
                R"(|0","title":"NVIDIA GeForce RTX 3090 24GB",)"
                R"("price":{"value":"999.00","currency":"USD"},)"
                R"("currentBidPrice":{"value":")" +
                bid +
                R"(","currency":"USD"},)"
                R"("itemEndDate":")" +
                end +
                R"(","conditionId":"3000",)"
                R"("seller":{"username":"s","feedbackPercentage":"99.5","feedbackScore":80},)"
                R"("shippingOptions":[{"shippingCostType":"FIXED","shippingCost":)"
                R"({"value":"0.00","currency":"USD"}}],)"
                R"("buyingOptions":["AUCTION","FIXED_PRICE"],"itemLocation":{"country":"US"},)"
                R"("itemWebUrl":"https://www.ebay.com/itm/)" +
                id + R"("})";
            return item;
        };
        std::vector<test::FakeItem> items = {auction("601", "612.00", "2026-12-01T06:00:00.000Z"),
                                             auction("602", "350.00", "2026-12-03T06:00:00.000Z")};
        for (int i = 0; i < 4; ++i) {
            test::FakeItem fixed;
            fixed.item_id = "v1|61" + std::to_string(i) + "|0";
            fixed.title = "NVIDIA GeForce RTX 3090 24GB GDDR6X";
            fixed.price = std::to_string(760 + 10 * i) + ".00";
            items.push_back(fixed);
        }
        ebay.set_items("RTX 3090", items);
        REQUIRE(run_gpuprice(dir, ebay, "2026-12-01T03:00:00Z", {"fetch"}) == 0);
        REQUIRE(run_gpuprice(dir, ebay, "2026-12-01T09:00:00Z",
                             {"report", "--output", dir.file("reports")}) == 0);
        const auto cleared =
            test::read_file(dir.file("reports/gpuprice-used-2026-12-01-cleared.csv"));
        const auto kinds = column(cleared, "kind");
        const auto ids = column(cleared, "item_id");
        const auto prices = column(cleared, "last_price_usd");
        REQUIRE(kinds.size() == 1);
        CHECK(ids[0] == "v1|601|0");
        CHECK(kinds[0] == "auction-near-final");
        CHECK(prices[0] == "612.00");
        const auto report = test::read_file(dir.file("reports/gpuprice-used-2026-12-01.csv"));
        // A near-final bid is recorded as such, never counted as a cleared listing.
        CHECK(test::csv_cell(report, "RTX 3090", "cleared_listings") == "0");
    }
}

}  // namespace test_cleared_nights
