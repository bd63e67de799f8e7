// Fetch with latency: the fake eBay (tests/fake_ebay) answers every search after 150 ms and has
// 300 pages to serve; gpuprice fetches them with --parallel 1 and --parallel 4. Prints wall time,
// calls and pages. Run through scripts/bench-fetch.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "fetcher/curl_handle.hpp"
#include "fetcher/fetch_run.hpp"
#include "schema/store/migrations.hpp"
#include "tests/fake_ebay.hpp"

int main(int argc, char** argv) {
    const int pages = argc > 1 ? std::stoi(argv[1]) : 300;
    const int latency_ms = argc > 2 ? std::stoi(argv[2]) : 150;
    const gpuprice::fetcher::CurlGlobal curl;
    gpuprice::test::FakeEbay ebay;
    // eBay serves at most 50 pages of 200 per query: spread the pages over several queries.
    std::vector<std::string> terms;
    for (int first = 0, q = 0; first < pages; first += 50, ++q) {
        const std::string term = "RTX 3090 #" + std::to_string(q);
        std::vector<gpuprice::test::FakeItem> items;
        for (int i = first * 200; i < std::min(pages, first + 50) * 200; ++i) {
            gpuprice::test::FakeItem item;
            item.item_id = "v1|" + std::to_string(1000000 + i) + "|0";
            item.title = "NVIDIA GeForce RTX 3090 24GB GDDR6X";
            items.push_back(item);
        }
        ebay.set_items(term, items);
        terms.push_back(term);
    }
    ebay.set_delay(std::chrono::milliseconds(latency_ms));
    const auto dir = std::filesystem::temp_directory_path() / "gpuprice-bench-fetch";
    std::filesystem::create_directories(dir);
    std::printf("%d pages of 200 items, %d ms per response\n", pages, latency_ms);
    std::printf("%-12s %10s %8s %8s %10s\n", "parallel", "seconds", "calls", "pages", "listings");
    double serial = 0;
    for (int parallel : {1, 4}) {
        const auto db_path = dir / ("fetch-" + std::to_string(parallel) + ".db");
        std::filesystem::remove(db_path);
        std::filesystem::remove(dir / "token");
        gpuprice::schema::Database db(db_path.string());
        gpuprice::schema::migrate(db);
        gpuprice::fetcher::FetchConfig config;
        config.search.api_base = ebay.api_base();
        config.auth_url = ebay.token_url();
        config.token_cache_path = (dir / "token").string();
        config.http.parallel = parallel;
        config.max_calls = pages * 2;
        config.queries =
            gpuprice::fetcher::family_queries(terms, {gpuprice::schema::ConditionClass::used});
        const auto start = std::chrono::steady_clock::now();
        const auto outcome =
            gpuprice::fetcher::run_fetch(db, config, {ebay.client_id, ebay.client_secret},
                                         gpuprice::schema::Night::from_text("2026-12-02"), {});
        const std::chrono::duration<double> s = std::chrono::steady_clock::now() - start;
        if (parallel == 1) serial = s.count();
        std::printf("%-12d %10.2f %8d %8d %10d\n", parallel, s.count(), outcome.calls_used,
                    outcome.pages_stored, outcome.listings_seen);
        if (parallel == 4) std::printf("speed-up with 4: %.2fx (ideal 4x)\n", serial / s.count());
    }
    return 0;
}
