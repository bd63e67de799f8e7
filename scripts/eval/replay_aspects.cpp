// The 29 real Browse API searches replayed through the sample path of `fetch --sample`, matched;
// then getItem against the fake eBay for the listings whose title left the variant open, and
// matched again: the share of `ambiguous` by title alone and after aspects. The fake's aspects
// come from the blind labels of tests/data/real_title_corpus.tsv (Memory Size and form factor of
// the labelled catalog card, "Not Specified" where the label leaves the variant open too): what
// aspects can settle when sellers fill them in truthfully, not a measurement of how often they do.
// Run through scripts/replay-real-searches.
#include <cstdio>
#include <exception>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "analysis/listing_attributes.hpp"
#include "analysis/match_evaluation.hpp"
#include "analysis/title_matcher.hpp"
#include "cli/match_listings.hpp"
#include "fetcher/item_aspects.hpp"
#include "fetcher/sample_replay.hpp"
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
        "WHERE l.last_seen_run = ?1 GROUP BY m.reason");
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

}  // namespace

int main(int argc, char** argv) try {
    if (argc != 5) {
        std::fprintf(stderr, "usage: replay_aspects CATALOG_DIR SAMPLE_DIR CORPUS_TSV DB\n");
        return 2;
    }
    const auto catalog = schema::load_catalog(argv[1]);
    const auto rules = schema::load_match_rules(argv[1], catalog);
    const analysis::TitleMatcher matcher(catalog, rules);
    const auto attribute_rules = schema::load_attribute_rules(argv[1], catalog);
    const analysis::AttributeExtractor extractor(attribute_rules);
    schema::Database db(argv[4]);
    schema::migrate(db);
    schema::store_catalog(db, catalog);

    const auto outcome = fetcher::replay_sample(db, argv[2], "2026-12-01", {});
    cli::match_listings(db, matcher, extractor, schema::WhichListings::All, 0,
                        "2026-12-01T03:00:00Z");
    print("by title alone", reasons(db, outcome.run_id));

    // Labels by title: the fake eBay answers getItem with the labelled card's memory size.
    std::map<std::string, std::string> label_of;
    for (const auto& row : analysis::parse_labelled_titles(read(argv[3]), argv[3])) {
        label_of[row.title] = row.label;
    }
    test::FakeEbay ebay;
    const auto asked = schema::ambiguous_listings_to_ask(db, outcome.run_id, 100000);
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
    fetcher::ItemAspectsConfig config;
    config.api_base = ebay.api_base();
    config.auth_url = ebay.token_url();
    config.token_cache_path = std::string(argv[4]) + ".token";
    config.http.max_calls = static_cast<int>(asked.size()) + 1;
    const auto items_outcome =
        fetcher::fetch_item_aspects(db, config, {ebay.client_id, ebay.client_secret}, [&] {
            std::vector<fetcher::ItemToAsk> items;
            for (const auto& a : asked) items.push_back({a.listing_id, a.item_id});
            return items;
        }());
    cli::match_listings(db, matcher, extractor, schema::WhichListings::All, 0,
                        "2026-12-01T03:10:00Z");
    print("after aspects (fake)", reasons(db, outcome.run_id));
    std::printf(
        "getItem: %d calls for %zu ambiguous listings; %d labelled with a catalog card "
        "(Memory Size and form factor served), the rest 'Not Specified'\n",
        items_outcome.calls_used, asked.size(), labelled);
    return 0;
} catch (const std::exception& e) {
    std::fprintf(stderr, "replay_aspects: %s\n", e.what());
    return 1;
}
