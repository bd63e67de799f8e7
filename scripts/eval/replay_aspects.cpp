// The 29 real Browse API searches replayed through the sample path of `fetch --sample`, matched;
// then the same listings served by the fake eBay to a fetch run with the catalog's family
// searches and their aspect_filter searches (fetcher/aspect_filter.hpp), matched again; then
// getItem against the fake eBay for the listings still ambiguous, matched again: the share of
// `ambiguous` by title alone, after aspect_filter, and after getItem too. The fake's aspects
// come from the blind labels of tests/data/real_title_corpus.tsv (Memory Size and form factor of
// the labelled catalog card, "Not Specified" where the label leaves the variant open too): what
// aspects can settle when sellers fill them in truthfully, not a measurement of how often they do.
// Run through scripts/replay-real-searches.
#include <simdjson.h>

#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "analysis/listing_attributes.hpp"
#include "analysis/match_evaluation.hpp"
#include "analysis/title_matcher.hpp"
#include "app/stored_matching.hpp"
#include "fetcher/aspect_filter.hpp"
#include "fetcher/fetch_run.hpp"
#include "fetcher/item_aspects.hpp"
#include "fetcher/sample_replay.hpp"
#include "schema/rules/aspect_filter_rules.hpp"
#include "schema/rules/attribute_rules.hpp"
#include "schema/rules/match_rules.hpp"
#include "schema/store/aspect_store.hpp"
#include "schema/store/catalog_store.hpp"
#include "schema/store/migrations.hpp"
#include "tests/fake_ebay.hpp"

using namespace gpuprice;

namespace {

std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::map<std::string, int> reasons(schema::Database& db, std::int64_t run_id) {
    auto stmt = db.prepare(
        "SELECT m.reason, count(*) FROM match_results m JOIN listings l ON l.id = m.listing_id "
        "WHERE l.first_seen_run = ?1 GROUP BY m.reason");
    stmt.bind(1, run_id);
    std::map<std::string, int> counts;
    while (stmt.step()) counts[stmt.text(0)] = stmt.int32(1);
    return counts;
}

void print(const char* when, const std::map<std::string, int>& counts) {
    int total = 0;
    for (const auto& [reason, n] : counts) total += n;
    const int ambiguous = counts.contains("ambiguous") ? counts.at("ambiguous") : 0;
    const int ok = counts.contains("ok") ? counts.at("ok") : 0;
    std::printf("%-22s %7d listings %6d ambiguous (%5.1f%%) %6d matched (%5.1f%%)\n", when, total,
                ambiguous, 100.0 * ambiguous / total, ok, 100.0 * ok / total);
}

// What a truthful seller enters for the labelled card: its memory size, and its slot when it is
// a PCIe card; nothing for a title whose label is not a catalog card.
std::vector<std::pair<std::string, std::string>> specifics_of(const schema::GpuModel* model) {
    if (!model) return {};
    std::vector<std::pair<std::string, std::string>> out{
        {"Memory Size", std::to_string(static_cast<int>(model->vram_gb)) + " GB"}};
    if (model->form_factor == "PCIe") out.emplace_back("Compatible Slot", "PCI Express 4.0 x16");
    return out;
}

// The replayed items as the fake eBay's market, each served verbatim with its label's aspects.
std::vector<test::FakeItem> market_of(const std::string& sample_dir,
                                      const std::map<std::string, std::string>& label_of,
                                      const schema::Catalog& catalog) {
    std::vector<test::FakeItem> market;
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(sample_dir)) {
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    simdjson::dom::parser parser;
    for (const auto& file : files) {
        simdjson::dom::element page;
        if (parser.load(file.string()).get(page)) continue;
        simdjson::dom::array items;
        if (page["itemSummaries"].get(items)) continue;
        for (auto item : items) {
            std::string_view id, title;
            if (item["itemId"].get(id) || item["title"].get(title)) continue;
            test::FakeItem fake;
            fake.item_id = std::string(id);
            fake.title = std::string(title);
            fake.raw = simdjson::minify(item);
            const auto label = label_of.find(fake.title);
            fake.specifics =
                specifics_of(label == label_of.end() ? nullptr : catalog.find_model(label->second));
            market.push_back(std::move(fake));
        }
    }
    return market;
}

}  // namespace

int main(int argc, char** argv) try {
    if (argc != 5) {
        std::fprintf(stderr, "usage: replay_aspects CATALOG_DIR SAMPLE_DIR CORPUS_TSV DB\n");
        return 2;
    }
    const auto rule_set = schema::load_rule_set(argv[1]);
    const auto& catalog = rule_set.catalog;
    const app::Matchers matchers(rule_set);
    schema::Database db(argv[4]);
    schema::migrate(db);
    schema::store_catalog(db, catalog);

    const auto outcome = fetcher::replay_sample(db, argv[2], *schema::find_market("EBAY_US"),
                                                schema::Night::from_text("2026-12-01"), {});
    app::match_listings(db, matchers, schema::WhichListings::All, 0, "2026-12-01T03:00:00Z");
    print("by title alone", reasons(db, outcome.run_id));

    // Labels by title: the fake eBay holds the labelled card's memory size (and slot) as the
    // item's aspects, for aspect_filter searches and getItem alike.
    std::map<std::string, std::string> label_of;
    for (const auto& row : analysis::parse_labelled_titles(read(argv[3]), argv[3])) {
        label_of[row.title] = row.label;
    }
    test::FakeEbay ebay;
    ebay.set_market(market_of(argv[2], label_of, catalog));
    fetcher::FetchConfig search;
    search.search.api_base = ebay.api_base();
    search.auth_url = ebay.token_url();
    search.token_cache_path = std::string(argv[4]) + ".token";
    search.check_quota = false;
    search.expand_variations = false;  // the same listings, not more
    search.max_calls = 5000;
    // The night's own plan: each family sends its search_terms.csv q, as `gpuprice fetch` does.
    const auto terms = fetcher::catalog_families(catalog);
    search.queries =
        fetcher::catalog_queries(catalog, rule_set.search_terms, schema::parse_conditions("all"),
                                 *schema::find_market("EBAY_US"));
    int families_split = 0;
    for (const auto& term : terms) {
        search.aspect_splits[term] = fetcher::aspect_splits(catalog, rule_set.aspect_filters, term);
        if (!search.aspect_splits[term].empty()) ++families_split;
    }
    const auto searched = fetcher::run_fetch(db, search, {ebay.client_id, ebay.client_secret},
                                             schema::Night::from_text("2026-12-01"), {});
    int aspect_searches = 0;
    for (const auto& row : searched.coverage) {
        if (row.kind == schema::QueryKind::aspect_filter) ++aspect_searches;
    }
    app::match_listings(db, matchers, schema::WhichListings::All, 0, "2026-12-01T03:05:00Z");
    print("after aspect_filter", reasons(db, outcome.run_id));
    std::printf("aspect_filter: %d families with variants, %d aspect searches, %d calls in all\n",
                families_split, aspect_searches, searched.calls_used);

    // Those still listed: the searches' run saw them last.
    const auto asked = schema::ambiguous_listings_to_ask(db, searched.run_id, 100000);
    int labelled = 0;
    for (const auto& listing : asked) {
        auto stmt = db.prepare("SELECT title FROM listings WHERE id = ?1");
        stmt.bind(1, listing.listing_id);
        std::string memory = "Not Specified", form = "Not Specified";
        if (stmt.step()) {
            const auto it = label_of.find(stmt.text(0));
            if (it != label_of.end()) {
                if (const auto* model = catalog.find_model(it->second)) {
                    memory = std::to_string(static_cast<int>(model->vram_gb)) + " GB";
                    form = model->form_factor;
                    ++labelled;
                }
            }
        }
        ebay.set_item_details(listing.item_id,
                              R"({"type":"STRING","name":"Memory Size","value":")" + memory +
                                  R"("},{"type":"STRING","name":"Form Factor","value":")" + form +
                                  R"("})");
    }
    auto items_config = search;
    items_config.max_calls = static_cast<int>(asked.size()) + 1;
    fetcher::EbayClient client(fetcher::client_config(items_config),
                               {ebay.client_id, ebay.client_secret});
    fetcher::open_night(client, items_config, {.item_aspects = 1.0});
    client.budget()->close(fetcher::Pass::listings);
    client.budget()->close(fetcher::Pass::sold);
    const auto items_outcome = fetcher::fetch_item_aspects(db, client, [&] {
        std::vector<fetcher::ItemToAsk> items;
        for (const auto& a : asked) items.push_back({a.listing_id, a.item_id});
        return items;
    }());
    app::match_listings(db, matchers, schema::WhichListings::All, 0, "2026-12-01T03:10:00Z");
    print("after getItem too", reasons(db, outcome.run_id));
    std::printf(
        "getItem: %d calls for %zu ambiguous listings; %d labelled with a catalog card "
        "(Memory Size and form factor served), the rest 'Not Specified'\n",
        items_outcome.calls_used, asked.size(), labelled);
    return 0;
} catch (const std::exception& e) {
    std::fprintf(stderr, "replay_aspects: %s\n", e.what());
    return 1;
}
