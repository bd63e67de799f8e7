// The two limits that bound an ingest, on the same pages the ingest benchmark feeds gpuprice:
//   parse DIR        simdjson alone: read every page, walk every item's fields on demand
//   insert N DB      SQLite alone: N listing rows, one prepared statement, one transaction
// Prints seconds, rows and MB. Run through scripts/bench-ingest.
#include <simdjson.h>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "schema/store/sqlite.hpp"

namespace {

using Clock = std::chrono::steady_clock;

int parse(const std::string& dir) {
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        if (e.path().extension() == ".json") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    simdjson::ondemand::parser parser;
    std::size_t items = 0, bytes = 0, checksum = 0;
    const auto start = Clock::now();
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        std::ostringstream body;
        body << in.rdbuf();
        const std::string text = body.str();
        bytes += text.size();
        simdjson::padded_string json(text);
        simdjson::ondemand::document doc;
        if (parser.iterate(json).get(doc)) continue;
        simdjson::ondemand::array array;
        if (doc.find_field_unordered("itemSummaries").get_array().get(array)) continue;
        for (auto element : array) {
            simdjson::ondemand::object item;
            if (element.get_object().get(item)) continue;
            std::string_view id, title, price;
            const bool ok = !item.find_field_unordered("itemId").get_string().get(id) &&
                            !item.find_field_unordered("title").get_string().get(title);
            simdjson::ondemand::object p;
            if (ok && !item.find_field_unordered("price").get_object().get(p) &&
                p.find_field_unordered("value").get_string().get(price)) {
                price = {};
            }
            checksum += id.size() + title.size() + price.size();
            ++items;
        }
    }
    const std::chrono::duration<double> s = Clock::now() - start;
    std::printf("parse %zu items %.1f MB %.3f s (checksum %zu)\n", items,
                static_cast<double>(bytes) / 1e6, s.count(), checksum);
    return 0;
}

int insert(long n, const std::string& path) {
    std::filesystem::remove(path);
    gpuprice::schema::Database db(path);
    db.exec(
        "CREATE TABLE listings (id INTEGER PRIMARY KEY, item_id TEXT UNIQUE NOT NULL, "
        "title TEXT NOT NULL, condition_id INTEGER, seller TEXT, url TEXT, price_cents INTEGER, "
        "shipping_cents INTEGER, observed_on TEXT)");
    const auto start = Clock::now();
    gpuprice::schema::Transaction tx(db);
    auto stmt = db.prepare(
        "INSERT INTO listings (item_id, title, condition_id, seller, url, price_cents, "
        "shipping_cents, observed_on) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    for (long i = 0; i < n; ++i) {
        const auto id = std::to_string(500000000000 + i);
        stmt.bind(1, "v1|" + id + "|0")
            .bind(2, "ASUS ROG STRIX GeForce RTX 3090 24GB GDDR6X Graphics Card")
            .bind(3, 3000)
            .bind(4, "sample-seller-123")
            .bind(5, "https://www.ebay.com/itm/" + id)
            .bind(6, static_cast<std::int64_t>(80000 + i % 1000))
            .bind(7, static_cast<std::int64_t>(0))
            .bind(8, "2026-12-02");
        stmt.run();
    }
    tx.commit();
    const std::chrono::duration<double> s = Clock::now() - start;
    std::printf("insert %ld rows %.3f s\n", n, s.count());
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "parse" && argc == 3) return parse(argv[2]);
    if (mode == "insert" && argc == 4) return insert(std::stol(argv[2]), argv[3]);
    std::fprintf(stderr, "usage: bench_ingest parse DIR | insert N DB\n");
    return 2;
}
