// Fills a gpuprice database with a year of nightly prices for the report benchmark:
// LISTINGS listings, each observed every night for NIGHTS nights (27,400 x 365 = 10 million
// observations), spread over the catalog's models and conditions. Setup for
// scripts/bench-report, not a product path: rows go straight in with prepared statements.
#include <cstdio>
#include <random>
#include <string>

#include "schema/domain/clock.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/store/catalog_store.hpp"
#include "schema/store/migrations.hpp"
#include "schema/store/sqlite.hpp"

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: bench_fill_history DB CATALOG_DIR [LISTINGS] [NIGHTS]\n");
        return 2;
    }
    const int listings = argc > 3 ? std::stoi(argv[3]) : 27400;
    const int nights = argc > 4 ? std::stoi(argv[4]) : 365;
    using namespace gpuprice::schema;
    Database db(argv[1]);
    migrate(db);
    const auto catalog = load_catalog(argv[2]);
    store_catalog(db, catalog);
    db.exec("PRAGMA synchronous = OFF");

    std::mt19937_64 random(42);
    std::uniform_int_distribution<std::size_t> pick_model(0, catalog.models.size() - 1);
    std::uniform_real_distribution<double> unit(0, 1);
    const int conditions[] = {3000, 3000, 3000, 1000, 1000, 2500, 1500};
    const std::string first_night = "2025-12-03";
    {
        Transaction tx(db);
        db.exec(
            "INSERT INTO fetch_runs (id, started_at, status, source, marketplace, night) VALUES "
            "(1, "
            "'2025-12-03T00:00:00Z', 'ok', 'bench', 'EBAY_US', '2025-12-03')");
        auto listing = db.prepare(
            "INSERT INTO listings (id, item_id, title, condition_id, first_seen_run, "
            "last_seen_run, "
            "first_seen_on, last_seen_on) VALUES (?1, ?2, ?3, ?4, 1, 1, ?5, ?5)");
        auto verdict = db.prepare(
            "INSERT INTO match_results (listing_id, model, reason, attributes_extracted) "
            "VALUES (?1, ?2, 'ok', 0)");
        for (int id = 1; id <= listings; ++id) {
            const auto& model = catalog.models[pick_model(random)];
            listing.bind(1, id)
                .bind(2, "v1|" + std::to_string(100000000 + id) + "|0")
                .bind(3, model.name + " bench listing")
                .bind(4, conditions[static_cast<std::size_t>(id) % std::size(conditions)])
                .bind(5, first_night);
            listing.run();
            verdict.bind(1, id).bind(2, model.key);
            verdict.run();
        }
        tx.commit();
    }
    auto observe = db.prepare(
        "INSERT INTO price_observations (listing_id, observed_on, run_id, condition_id, "
        "price_cents, "
        "shipping_cents, currency, marketplace) VALUES (?1, ?2, 1, ?3, ?4, ?5, 'USD', 'EBAY_US')");
    for (int night = 0; night < nights; ++night) {
        const auto date = add_days(first_night, night);
        Transaction tx(db);
        for (int id = 1; id <= listings; ++id) {
            const double base = 100.0 + (id % 97) * 37.0;
            const double drift = 1.0 - 0.25 * night / nights;
            observe.bind(1, id)
                .bind(2, date)
                .bind(3, conditions[static_cast<std::size_t>(id) % std::size(conditions)])
                .bind(4,
                      static_cast<std::int64_t>(base * drift * (0.85 + 0.3 * unit(random)) * 100))
                .bind(5, static_cast<std::int64_t>(unit(random) < 0.7 ? 0 : 1999));
            observe.run();
        }
        tx.commit();
        if (night % 73 == 72) std::fprintf(stderr, "filled %d of %d nights\n", night + 1, nights);
    }
    // As a fetch leaves them: each listing last seen on the last night.
    {
        auto last_seen = db.prepare("UPDATE listings SET last_seen_on = ?1");
        last_seen.bind(1, add_days(first_night, nights - 1));
        last_seen.run();
    }
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    std::printf("%d listings x %d nights = %lld observations\n", listings, nights,
                static_cast<long long>(listings) * nights);
    return 0;
}
