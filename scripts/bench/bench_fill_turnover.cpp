// A market that turns over, for scripts/bench-turnover: PER_NIGHT listings are live each night,
// each for LIFE nights (so PER_NIGHT / LIFE arrive and as many leave every night), with one fetch
// run and a complete search coverage row per catalog family each night, as a nightly fetch
// leaves them. The real US market is about 82,000 live listings living about 30 nights.
//
//   bench_fill_turnover fill DB CATALOG_DIR SAMPLE_DIR PER_NIGHT NIGHTS LIFE LAST_NIGHT
//       writes the NIGHTS nights ending on LAST_NIGHT (YYYY-MM-DD) straight into a new database
//   bench_fill_turnover pages OUT_DIR SAMPLE_DIR PER_NIGHT NIGHT LIFE
//       writes the Browse API pages (200 items each) of that market on NIGHT, for the ingest
//
// Every listing is one of the bundled sample's item summaries (its title, condition, seller and
// shipping) under an item id of its own. Listing k (counted from 2025-01-01 on, so databases of 30
// and 365 nights hold the same listings on the same nights) arrives on day k / arrivals - (LIFE -
// 1); its price is its template's, scaled per listing, cheaper by a quarter a year for listings
// arriving later (as priced on 2026-12-02), and changed on about 4% of its nights (mostly cut by
// 5%); 8% are auctions with a bid and a Buy It Now price, ending hours after the fetch of their
// last night. Rows go straight in with prepared statements, listing by listing (a year takes about
// a minute, not 365 fetches); the secondary indexes are dropped first and built once at the end.
// Verdicts and build attributes come from the real matcher and extractor, run once per template.
#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/derived_pass.hpp"
#include "app/matchers.hpp"
#include "fetcher/browse_parser.hpp"
#include "fetcher/price_rules.hpp"
#include "fetcher/query_plan.hpp"
#include "schema/domain/clock.hpp"
#include "schema/domain/listing_attributes.hpp"
#include "schema/domain/market.hpp"
#include "schema/domain/match_evidence.hpp"
#include "schema/domain/match_reason.hpp"
#include "schema/rules/rule_set.hpp"
#include "schema/store/catalog_store.hpp"
#include "schema/store/match_store.hpp"
#include "schema/store/migrations.hpp"
#include "schema/store/sqlite.hpp"

namespace {

namespace fs = std::filesystem;
using namespace gpuprice;

// Day 0 of the listing numbering: a listing's number says which day it arrived.
const std::string kEpoch = "2025-01-01";
// Listings arriving on this day are priced as their templates; earlier ones dearer.
const std::string kPriceDay = "2026-12-02";
constexpr std::int64_t kFirstItemNumber = 400'000'000'000;
constexpr int kPageSize = 200;

std::uint64_t mix(std::uint64_t x) {  // splitmix64: a deterministic hash, no shared state
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}
double unit(std::uint64_t a, std::uint64_t b) {  // in [0, 1), from two keys
    return static_cast<double>(mix(a * 1'000'003 + b) >> 11) / 9007199254740992.0;
}

void replace_all(std::string& text, const std::string& what, const std::string& with) {
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size()))
        text.replace(at, what.size(), with);
}

// Replaces the string value after `key` (e.g. "\"itemCreationDate\":\"") with `with`.
bool replace_value(std::string& json, const std::string& key, const std::string& with) {
    const auto at = json.find(key);
    if (at == std::string::npos) return false;
    const auto start = at + key.size();
    const auto end = json.find('"', start);
    if (end == std::string::npos) return false;
    json.replace(start, end - start, with);
    return true;
}

// One sample item: its JSON with @ID@, @PRICE@ and @CREATED@ to fill in, what gpuprice parses from
// it, and the verdict and attributes its title gets.
struct Template {
    std::string json;
    schema::Listing listing;
    std::string legacy_id;
    std::optional<std::string> model;
    std::string reason;
    std::string decided_by;
    schema::ListingAttributes attributes;
};

std::vector<Template> read_templates(const std::string& sample_dir) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(sample_dir)) {
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    simdjson::dom::parser parser;
    fetcher::BrowseParser browse;
    std::vector<Template> templates;
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        std::ostringstream body;
        body << in.rdbuf();
        simdjson::dom::array items;
        if (parser.parse(body.str())["itemSummaries"].get(items)) continue;
        for (const auto item : items) {
            Template t;
            t.json = simdjson::minify(item);
            // The real searches are EBAY_US's, in its currency (the rows below say EBAY_US).
            auto page = browse.parse("{\"itemSummaries\":[" + t.json + "]}",
                                     schema::default_market().currency);
            if (page.listings.size() != 1) continue;  // an item gpuprice skips
            t.listing = std::move(page.listings.front());
            t.legacy_id = t.listing.legacy_item_id;
            if (t.legacy_id.empty()) continue;
            replace_all(t.json, t.legacy_id, "@ID@");
            if (!replace_value(t.json, "\"price\":{\"value\":\"", "@PRICE@")) continue;
            replace_value(t.json, "\"itemCreationDate\":\"", "@CREATED@");
            templates.push_back(std::move(t));
        }
    }
    if (templates.empty()) throw std::runtime_error("no item summaries in " + sample_dir);
    return templates;
}

// The market: which listings are live on a night, and each one's template and price.
struct Market {
    std::vector<Template> templates;
    std::int64_t arrivals = 0;  // per night
    int life = 0;
    int price_day = 0;

    // Listings live on day `day` (counted from kEpoch): [first, first + per night).
    std::int64_t first_live(int day) const { return arrivals * day; }
    int arrival_day(std::int64_t k) const { return static_cast<int>(k / arrivals) - (life - 1); }
    const Template& of(std::int64_t k) const {
        return templates[static_cast<std::size_t>(k) % templates.size()];
    }
    bool auction(std::int64_t k) const { return unit(static_cast<std::uint64_t>(k), 1) < 0.08; }
    // The price on `day`, in cents: the template's, scaled, changed on some nights since arrival.
    std::int64_t price_cents(std::int64_t k, int day) const {
        const auto key = static_cast<std::uint64_t>(k);
        const int arrived = arrival_day(k);
        double price = static_cast<double>(of(k).listing.price_cents) *
                       (0.85 + 0.3 * unit(key, 2)) * std::pow(0.75, (arrived - price_day) / 365.0);
        for (int d = arrived + 1; d <= day; ++d) {
            const auto u = unit(key, static_cast<std::uint64_t>(d) + 1000);
            if (u < 0.03) price *= 0.95;
            if (u >= 0.03 && u < 0.04) price *= 1.05;
        }
        return std::max<std::int64_t>(100, std::llround(price));
    }
};

std::string item_number(std::int64_t k) {
    return std::to_string(kFirstItemNumber + k);
}

int day_of(const std::string& date) {
    return schema::days_between(kEpoch, date);
}

Market make_market(const std::string& sample_dir, std::int64_t per_night, int life) {
    if (life < 1 || per_night % life != 0)
        throw std::runtime_error("PER_NIGHT must be a multiple of LIFE");
    Market market;
    market.templates = read_templates(sample_dir);
    market.arrivals = per_night / life;
    market.life = life;
    market.price_day = day_of(kPriceDay);
    return market;
}

// Drops every secondary index and returns their SQL, to build each once at the end (a sorted
// build instead of 30 million inserts into the middle of the night index).
std::vector<std::string> drop_indexes(schema::Database& db) {
    std::vector<std::string> sql;
    std::vector<std::string> names;
    auto select =
        db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL");
    while (select.step()) {
        names.push_back(select.text(0));
        sql.push_back(select.text(1));
    }
    select.reset();
    for (const auto& name : names) db.exec("DROP INDEX \"" + name + "\"");
    return sql;
}

int fill(const std::string& path, const std::string& catalog_dir, const std::string& sample_dir,
         std::int64_t per_night, int nights, int life, const std::string& last_night) {
    auto market = make_market(sample_dir, per_night, life);
    const auto rules = schema::load_rule_set(catalog_dir);
    const app::Matchers matchers(rules);
    const auto& catalog = rules.catalog;
    for (auto& t : market.templates) {
        const auto result = matchers.titles.match(t.listing.title);
        if (result.model) t.model = result.model->key;
        t.reason = std::string(schema::match_reason_name(result.reason));
        t.decided_by = std::string(schema::match_evidence_name(result.decided_by));
        t.attributes = matchers.attributes.extract(t.listing.title);
        t.listing.price_flags =
            fetcher::price_flags(t.listing, {"US", {}}, fetcher::ListingSource::search);
    }
    const auto terms = fetcher::catalog_families(catalog);  // the night's coverage rows

    schema::Database db(path);
    db.use_wal();
    schema::migrate(db);
    schema::store_catalog(db, catalog);
    db.exec("PRAGMA synchronous = OFF; PRAGMA cache_size = -262144");
    const auto indexes = drop_indexes(db);

    const int last_day = day_of(last_night);
    const int first_day = last_day - nights + 1;
    const auto date = [](int day) { return schema::add_days(kEpoch, day); };
    const auto started = [&](int day) { return date(day) + "T03:00:00Z"; };
    const auto finished = [&](int day) { return date(day) + "T03:40:00Z"; };
    const auto run_of = [&](int day) { return static_cast<std::int64_t>(day - first_day + 1); };

    schema::Transaction tx(db);
    {
        auto run = db.prepare(
            "INSERT INTO fetch_runs (id, started_at, finished_at, status, source, marketplace, "
            "calls_used, listings_seen, listings_new, listings_skipped, matched_at, night) "
            "VALUES (?1, ?2, ?3, 'ok', 'ebay', 'EBAY_US', ?4, ?5, ?6, 0, ?3, substr(?2, 1, 10))");
        auto coverage = db.prepare(
            "INSERT INTO query_coverage (run_id, query, kind, family, parent, total, pages, items, "
            "stopped, complete) VALUES (?1, ?2, 'search', ?2, NULL, ?3, ?4, ?3, 'last-page', 1)");
        const auto per_term = per_night / static_cast<std::int64_t>(terms.size());
        for (int day = first_day; day <= last_day; ++day) {
            const auto pages = (per_night + kPageSize - 1) / kPageSize;
            run.bind(1, run_of(day))
                .bind(2, started(day))
                .bind(3, finished(day))
                .bind(4, pages + pages / 5)
                .bind(5, per_night)
                .bind(6, day == first_day ? per_night : market.arrivals);
            run.run();
            for (const auto& term : terms) {
                coverage.bind(1, run_of(day))
                    .bind(2, term)
                    .bind(3, per_term)
                    .bind(4, (per_term + kPageSize - 1) / kPageSize);
                coverage.run();
            }
        }
    }
    auto listing = db.prepare(
        "INSERT INTO listings (id, item_id, legacy_item_id, title, condition_id, seller_username, "
        "seller_feedback_score, seller_feedback_pct, item_url, buying_options, location_country, "
        "created_at, first_seen_run, last_seen_run, first_seen_on, last_seen_on, "
        "item_group_type, item_group_id, item_end_date, item_origin_date, epid, price_flags) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, "
        "?19, ?20, ?21, ?22)");
    auto verdict = db.prepare(
        "INSERT INTO match_results (listing_id, model, reason, decided_by, attributes_extracted) "
        "VALUES (?1, ?2, ?3, ?4, 1)");
    auto attributes = db.prepare(
        "INSERT INTO listing_attributes (listing_id, cooler, slot_width) VALUES (?1, ?2, ?3)");
    auto observe = db.prepare(
        "INSERT INTO price_observations (listing_id, observed_on, marketplace, run_id, "
        "condition_id, price_cents, shipping_cents, shipping_type, currency, shipping_estimated, "
        "original_price_cents, discount_percentage, current_bid_cents) "
        "VALUES (?1, ?2, 'EBAY_US', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)");

    // Every listing live on some night of the database, in the order a fetch would add them.
    const auto first_k = market.first_live(first_day);
    const auto end_k = market.first_live(last_day + life);
    std::int64_t observations = 0;
    for (auto k = first_k; k < end_k; ++k) {
        const auto& t = market.of(k);
        const auto& l = t.listing;
        const int arrived = market.arrival_day(k);
        const int from = std::max(arrived, first_day);
        const int to = std::min(arrived + life - 1, last_day);
        const bool auction = market.auction(k);
        const auto id = k - first_k + 1;
        const auto number = item_number(k);
        auto url = l.item_url;
        replace_all(url, t.legacy_id, number);
        listing.bind(1, id)
            .bind(2, "v1|" + number + "|0")
            .bind(3, number)
            .bind(4, l.title)
            .bind(5, l.condition_id)
            .bind(6, l.seller_username)
            .bind(7, l.seller_feedback_score)
            .bind(8, l.seller_feedback_pct)
            .bind(9, url)
            .bind(10, auction ? std::string("FIXED_PRICE,AUCTION") : l.buying_options)
            .bind(11, l.location_country)
            .bind(12, date(arrived) + "T10:00:00.000Z")
            .bind(13, run_of(from))
            .bind(14, run_of(to))
            .bind(15, date(from))
            .bind(16, date(to))
            .bind(17, l.item_group_type)
            .bind(18, l.item_group_id)
            .bind(19, auction ? date(arrived + life - 1) + "T05:40:00.000Z" : l.item_end_date)
            .bind(20, l.item_origin_date)
            .bind(21, l.epid)
            .bind(22, l.price_flags);
        listing.run();
        verdict.bind(1, id).bind(2, t.model).bind(3, t.reason).bind(4, t.decided_by);
        verdict.run();
        // As the match pass stores them: a row only when the title states something.
        if (t.attributes != schema::ListingAttributes{}) {
            attributes.bind(1, id);
            if (t.attributes.cooler) {
                attributes.bind(2, schema::cooler_name(*t.attributes.cooler));
            } else {
                attributes.bind_null(2);
            }
            attributes.bind(3, t.attributes.slot_width);
            attributes.run();
        }
        for (int day = from; day <= to; ++day) {
            const auto price = market.price_cents(k, day);
            std::optional<std::int64_t> bid;
            if (auction) bid = price * (50 + 40 * (day - arrived) / life) / 100;
            observe.bind(1, id)
                .bind(2, date(day))
                .bind(3, run_of(day))
                .bind(4, l.condition_id)
                .bind(5, price)
                .bind(6, l.shipping_cents)
                .bind(7, l.shipping_type)
                .bind(8, l.currency)
                .bind(9, l.shipping_estimated ? 1 : 0)
                .bind(10, l.original_price_cents)
                .bind(11, l.discount_percentage)
                .bind(12, bid);
            observe.run();
            ++observations;
        }
        if ((k - first_k) % 200'000 == 199'999)
            std::fprintf(stderr, "filled %lld of %lld listings\n",
                         static_cast<long long>(k - first_k + 1),
                         static_cast<long long>(end_k - first_k));
    }
    std::fprintf(stderr, "building %zu indexes\n", indexes.size());
    for (const auto& sql : indexes) db.exec(sql);
    // As a night's matching leaves them: every listing matched, with these rules.
    schema::remember_verdict_rules_digest(db, rules.digest);
    schema::record_verdicts_through(db, end_k - first_k);
    tx.commit();
    // What the nightly pipeline derives from the nights, as its passes leave it.
    std::fprintf(stderr, "deriving the nightly tables\n");
    app::update_derived_tables(db, catalog);
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    std::printf("%lld listings, %lld observations over %d nights (%s to %s)\n",
                static_cast<long long>(end_k - first_k), static_cast<long long>(observations),
                nights, date(first_day).c_str(), last_night.c_str());
    return 0;
}

int pages(const std::string& out_dir, const std::string& sample_dir, std::int64_t per_night,
          const std::string& night, int life) {
    auto market = make_market(sample_dir, per_night, life);
    fs::create_directories(out_dir);
    const int day = day_of(night);
    const auto first = market.first_live(day);
    const auto count = market.arrivals * life;
    for (std::int64_t offset = 0; offset < count; offset += kPageSize) {
        std::string body =
            "{\"href\":\"https://api.ebay.com/buy/browse/v1/item_summary/search?q=bench"
            "&limit=200&offset=" +
            std::to_string(offset) + "\",\"total\":" + std::to_string(count) +
            ",\"limit\":200,\"offset\":" + std::to_string(offset);
        if (offset + kPageSize < count) {
            body +=
                ",\"next\":\"https://api.ebay.com/buy/browse/v1/item_summary/search?q=bench"
                "&limit=200&offset=" +
                std::to_string(offset + kPageSize) + "\"";
        }
        body += ",\"itemSummaries\":[";
        for (auto k = first + offset; k < std::min(first + offset + kPageSize, first + count);
             ++k) {
            auto item = market.of(k).json;
            replace_all(item, "@ID@", item_number(k));
            char price[32];
            std::snprintf(price, sizeof price, "%.2f",
                          static_cast<double>(market.price_cents(k, day)) / 100);
            replace_all(item, "@PRICE@", price);
            replace_all(item, "@CREATED@",
                        schema::add_days(kEpoch, market.arrival_day(k)) + "T10:00:00.000Z");
            if (k != first + offset) body += ',';
            body += item;
        }
        body += "]}\n";
        char name[32];
        std::snprintf(name, sizeof name, "page-%06lld.json",
                      static_cast<long long>(offset / kPageSize + 1));
        std::ofstream(fs::path(out_dir) / name, std::ios::binary) << body;
    }
    std::printf("%lld listings on %s in %lld pages\n", static_cast<long long>(count), night.c_str(),
                static_cast<long long>((count + kPageSize - 1) / kPageSize));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    try {
        if (args.size() == 8 && args[0] == "fill") {
            return fill(args[1], args[2], args[3], std::stoll(args[4]), std::stoi(args[5]),
                        std::stoi(args[6]), args[7]);
        }
        if (args.size() == 6 && args[0] == "pages") {
            return pages(args[1], args[2], std::stoll(args[3]), args[4], std::stoi(args[5]));
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_fill_turnover: %s\n", e.what());
        return 1;
    }
    std::fprintf(stderr,
                 "usage: bench_fill_turnover fill DB CATALOG_DIR SAMPLE_DIR PER_NIGHT NIGHTS LIFE "
                 "LAST_NIGHT\n"
                 "       bench_fill_turnover pages OUT_DIR SAMPLE_DIR PER_NIGHT NIGHT LIFE\n");
    return 2;
}
