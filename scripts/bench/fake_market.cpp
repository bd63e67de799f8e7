// A fake eBay market of realistic size for scripts/bench-fetch
// (scripts/bench/realistic_market.hpp), with a Best Match order that re-ranks between calls and
// LATENCY_MS per response. Prints "api_base URL" and the counts, then serves until killed.
#include <unistd.h>

#include <cstdio>
#include <string>

#include "scripts/bench/realistic_market.hpp"

int main(int argc, char** argv) {
    const int latency_ms = argc > 1 ? std::stoi(argv[1]) : 100;
    const std::string catalog_dir = argc > 2 ? argv[2] : "schema/catalog";
    const auto catalog = gpuprice::schema::load_catalog(catalog_dir);
    auto market = gpuprice::bench::realistic_market(
        catalog, gpuprice::schema::load_search_terms(catalog_dir));
    gpuprice::test::FakeEbay ebay;
    for (auto& [id, variations] : market.groups) ebay.set_item_group(id, std::move(variations));
    ebay.set_market(std::move(market.items));
    ebay.set_delay(std::chrono::milliseconds(latency_ms));
    std::printf("api_base %s\ntoken_url %s\nclient_id %s\nclient_secret %s\n",
                ebay.api_base().c_str(), ebay.token_url().c_str(), ebay.client_id.c_str(),
                ebay.client_secret.c_str());
    std::printf("terms %zu (%zu after dropping covered ones)\n", market.terms, market.kept);
    std::printf("valid_us %d\nabroad %d\nvariation_groups %d\nlatency_ms %d\n", market.valid,
                market.abroad, market.variation_groups, latency_ms);
    std::printf("unreachable_by_search_terms %d\n", market.unreachable);
    std::fflush(stdout);
    for (;;) pause();
}
