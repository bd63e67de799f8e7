#include "tests/nightly_market.hpp"

#include <random>
#include <sstream>

#include "app/derived_pass.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/query_stop.hpp"
#include "schema/store/coverage_store.hpp"
#include "schema/store/listing_store.hpp"
#include "schema/store/match_store.hpp"
#include "tests/shipped_catalog.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

namespace gpuprice::test {

std::string describe(const std::vector<analysis::Clearance>& clearances) {
    std::ostringstream out;
    for (const auto& c : clearances) {
        out << c.life.listing_id << ' ' << c.life.model << ' ' << c.life.first_seen << ' '
            << c.life.last_seen << ' ' << c.life.last_seen_at << ' '
            << analysis::clearance_kind_name(c.kind) << ' ' << c.night << ' ' << c.price << ' '
            << c.best_offer << ' ' << c.nights_listed << ' ' << c.days_listed << ' '
            << c.life.item_id << ' ' << c.life.title << '\n';
    }
    return out.str();
}

std::string describe(const std::vector<analysis::NightlyMedian>& nights) {
    std::ostringstream out;
    for (const auto& n : nights) {
        out << n.night << ' ' << schema::condition_name(n.condition) << ' ' << n.listings << ' '
            << n.outliers_removed << ' ' << n.median_usd << ' ' << n.p25_usd << ' ' << n.p75_usd
            << ' ' << n.cleared_median_usd.value_or(-1) << ' ' << n.cleared_listings << ' '
            << n.sold_median_usd.value_or(-1) << ' ' << n.sold_listings << '\n';
    }
    return out.str();
}

std::string stored_rows(schema::Database& db) {
    auto select = db.prepare(
        "SELECT marketplace, model, night, condition, shipping_included, listings, "
        "outliers_removed, coalesce(median_usd, -1), coalesce(p25_usd, -1), "
        "coalesce(p75_usd, -1), cleared_listings, coalesce(cleared_median_usd, -1) "
        "FROM model_nights ORDER BY 1, 2, 3, 4, 5");
    std::ostringstream out;
    while (select.step()) {
        for (int i = 0; i < 12; ++i) out << select.text(i) << ' ';
        out << '\n';
    }
    return out.str();
}

void redo_derived_tables(schema::Database& db, const schema::Catalog& catalog) {
    // What no pass has seen, as scripts/bench-same-reports derived makes it: the passes' marks go.
    db.exec("DELETE FROM meta WHERE key LIKE 'derived_run:%' OR key LIKE 'derived_night:%'");
    app::update_derived_tables(db, catalog);
}

std::string stored_decisions(schema::Database& db) {
    auto select = db.prepare(
        "SELECT listing_id, marketplace, last_seen_on, outcome, coalesce(night, '-') "
        "FROM listing_clearances ORDER BY listing_id, marketplace");
    std::ostringstream out;
    while (select.step()) {
        out << select.int64(0) << ' ' << select.text(1) << ' ' << select.text(2) << ' '
            << select.text(3) << ' ' << select.text(4) << '\n';
    }
    return out.str();
}

void NightlyMarket::run(const std::string& night, int hour,
                        const std::vector<MarketListing>& listings,
                        const std::map<std::string, bool>& families,
                        const std::string& started_at) {
    const auto started =
        started_at.empty() ? night + "T0" + std::to_string(hour) + ":00:00Z" : started_at;
    const auto run = schema::begin_run(db_, schema::RunSource::ebay, us_market(),
                                       schema::Night::from_text(night), started);
    std::vector<schema::Listing> page;
    for (const auto& m : listings) {
        schema::Listing l;
        l.item_id = m.item_id;
        l.title = "NVIDIA GeForce " + shipped_catalog().display_name(m.model) + " 24GB";
        l.condition_id = m.condition_id;
        l.price_cents = m.cents;
        l.shipping_cents = 1500;
        l.currency = "USD";
        l.buying_options = m.auction ? "AUCTION,FIXED_PRICE" : "FIXED_PRICE,BEST_OFFER";
        l.price_flags = m.price_flags;
        if (m.auction) {
            l.item_end_date = m.end_date;
            l.current_bid_cents = m.bid;
        }
        page.push_back(l);
    }
    schema::PageStore(db_, run.id(), run.night(), us_market()).store(page, {});
    std::vector<schema::QueryCoverage> coverage;
    for (const auto& [family, complete] : families) {
        schema::QueryCoverage q;
        q.query = family;
        q.kind = schema::QueryKind::search;
        q.family = family;
        q.stopped = complete ? schema::QueryStop::last_page : schema::QueryStop::budget;
        q.complete = complete;
        coverage.push_back(q);
    }
    schema::store_coverage(db_, run.id(), coverage);
    schema::finish_run(db_, run.id(), schema::RunStatus::ok, started, 1, "");
    // Verdicts from the market's own models, as the matcher would give them.
    std::vector<schema::Verdict> verdicts;
    auto ids = db_.prepare("SELECT id, item_id FROM listings");
    while (ids.step()) {
        schema::Verdict v;
        v.listing_id = ids.int64(0);
        v.model = model_of_.at(ids.text(1));
        v.reason = schema::MatchReason::ok;
        verdicts.push_back(v);
    }
    ids.reset();
    schema::store_verdicts(db_, verdicts);
}

void play_market(const std::vector<NightlyMarket*>& markets, int nights,
                 const std::function<void(int n, const std::string& night)>& after_night) {
    const auto run_all = [&](const std::string& night, int hour,
                             const std::vector<MarketListing>& listings,
                             const std::map<std::string, bool>& families) {
        for (auto* market : markets) market->run(night, hour, listings, families);
    };
    std::mt19937 random(11);
    const char* models[] = {"rtx-3090", "rtx-4090", "rtx-3090-ti"};
    std::vector<MarketListing> live, gone;
    int next_id = 1;
    const auto arrive = [&](const std::string& night) {
        MarketListing m;
        m.item_id = "v1|" + std::to_string(100000 + next_id++) + "|0";
        m.model = models[random() % 3];
        m.cents = 50000 + static_cast<std::int64_t>(random() % 100000);
        m.auction = random() % 5 == 0;
        if (m.auction) {
            // Ends a few hours after some night's fetch, or days later.
            const int days = static_cast<int>(random() % 4);
            m.end_date = schema::add_days(night, days) +
                         (random() % 2 ? "T07:00:00.000Z" : "T23:00:00.000Z");
            m.bid = m.cents / 2;
        }
        for (auto* market : markets) market->remember(m);
        live.push_back(m);
    };
    for (int i = 0; i < 30; ++i) arrive("2026-11-01");
    // The last of them stays all along at one price (a 4090, the family fetched every night).
    auto& lasting = live.back();
    lasting.stays = true;
    lasting.model = "rtx-4090";
    lasting.auction = false;
    lasting.end_date.clear();
    for (auto* market : markets) market->remember(lasting);

    for (int n = 0; n < nights; ++n) {
        const auto night = schema::add_days("2026-11-01", n);
        // The market moves: some leave, a few come back, some arrive, prices change.
        std::vector<MarketListing> staying;
        for (auto& m : live) {
            if (random() % 6 == 0 && !m.stays) {
                gone.push_back(m);
                continue;
            }
            if (random() % 4 == 0 && !m.stays) m.cents -= m.cents / 20;
            if (m.auction) m.bid += 1000;
            staying.push_back(m);
        }
        live = staying;
        if (!gone.empty() && random() % 3 == 0) {
            live.push_back(gone.front());  // relisted under the same item id
            gone.erase(gone.begin());
        }
        for (int i = 0; i < 5; ++i) arrive(night);

        if (n == 8) {
            // Verdicts and flags change for listings with a past: every night they were
            // listed, and where they cleared, counts differently now.
            for (auto* market : markets) {
                market->rematch(live[0].item_id,
                                live[0].model == "rtx-4090" ? "rtx-3090" : "rtx-4090");
                if (!gone.empty()) market->rematch(gone.back().item_id, "rtx-3090-ti");
            }
            live[1].price_flags = 1;  // its seller turned out to be abroad
        }
        const std::map<std::string, bool> both = {{"RTX 3090", true}, {"RTX 4090", true}};
        if (n == 4) continue;  // the machine was off: no fetch at all
        if (n == 7) {
            run_all(night, 3, live, {{"RTX 3090", false}, {"RTX 4090", true}});
        } else if (n == 9) {
            // The first run missed part of the 4090s; a second one that night saw them all.
            run_all(night, 3, live, {{"RTX 3090", true}, {"RTX 4090", false}});
            run_all(night, 5, live, both);
        } else if (n == 11 || n == 13) {
            std::vector<MarketListing> only_4090;
            for (const auto& m : live)
                if (m.model == "rtx-4090") only_4090.push_back(m);
            run_all(night, 3, only_4090, {{"RTX 4090", true}});
        } else if (n == 5) {
            // A too-cheap RTX 4090 listed for one night: a suspect price by its model's prices
            // of the nights up to it, kept out of the rollup as out of history.
            MarketListing cheap;
            cheap.item_id = "v1|199999|0";
            cheap.model = "rtx-4090";
            cheap.cents = 15000;
            for (auto* market : markets) market->remember(cheap);
            auto with_cheap = live;
            with_cheap.push_back(cheap);
            run_all(night, 3, with_cheap, both);
        } else {
            run_all(night, 3, live, both);
        }
        after_night(n, night);
    }
}

}  // namespace gpuprice::test
