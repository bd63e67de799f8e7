// Audit D14: what a per-family price floor (`price:[floor..]` on each family search, in the
// marketplace's currency) would save, measured on the 29 real Browse searches of
// shared/real-listings/browse-api (EBAY_US, USD) with the hand labels of
// tests/data/real_title_corpus.tsv. Split before tuning, by the title's FNV-1a hash as the search
// terms are (analysis/search_term_recall.hpp): each family's floor is FACTOR times the cheapest
// labelled card of the family on the tuning half; what the floor would have kept out is counted
// on the reported half only. Only the items a night's filter returns count (fixed price or best
// offer, not for parts). Prints, per family and in all: items, items under the floor, and of
// those the family's own cards (lost prices), other catalog cards (their own family's search
// finds them) and the rest (accessories, other GPUs, lots: matcher work saved); then the search
// pages the floor saves on these searches. Run through scripts/eval-price-floor.
#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/match_evaluation.hpp"
#include "analysis/search_term_recall.hpp"
#include "fetcher/query_plan.hpp"
#include "schema/domain/condition.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/search_terms.hpp"
#include "scripts/bench/audit_family_sizes.hpp"

namespace {

using namespace gpuprice;

std::string read(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path.string());
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string collapse_spaces(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
        out += c;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

// The night's family (fetcher::catalog_families) whose words a set of words holds, the one with
// the most words: the family whose search returns such a title or card.
std::string family_of(const std::vector<std::string>& families,
                      const std::set<std::string>& words) {
    std::string best;
    std::size_t most = 0;
    for (const auto& family : families) {
        const auto family_words = schema::family_words(family);
        if (family_words.size() > most &&
            std::includes(words.begin(), words.end(), family_words.begin(), family_words.end())) {
            best = family;
            most = family_words.size();
        }
    }
    return best;
}

enum class Kind { family_card, other_card, not_a_card, unlabelled };

struct Item {
    std::string family;  // of the search it came from
    std::string title;
    double price = 0;
    Kind kind = Kind::unlabelled;
    analysis::TermSplit split = analysis::TermSplit::tuning;
};

struct Tally {
    int items = 0, under = 0, lost = 0, other_cards = 0, saved_work = 0, unlabelled = 0;
    void add(const Tally& t) {
        items += t.items;
        under += t.under;
        lost += t.lost;
        other_cards += t.other_cards;
        saved_work += t.saved_work;
        unlabelled += t.unlabelled;
    }
};

int pages(int items) {
    return (items + 199) / 200;
}

}  // namespace

int main(int argc, char** argv) try {
    if (argc < 4) {
        std::fprintf(stderr,
                     "usage: eval_price_floor CATALOG_DIR BROWSE_API_DIR CORPUS_TSV [FACTOR...]\n");
        return 2;
    }
    const auto catalog = schema::load_catalog(argv[1]);
    const auto families = fetcher::catalog_families(catalog);
    const auto terms = schema::load_search_terms(argv[1]);
    std::map<std::string, analysis::LabelledTitle> labels;
    for (auto& row : analysis::parse_labelled_titles(read(argv[3]), argv[3])) {
        if (row.source.starts_with("browse-api/")) labels[collapse_spaces(row.title)] = row;
    }
    std::vector<double> factors;
    for (int i = 4; i < argc; ++i) factors.push_back(std::stod(argv[i]));
    if (factors.empty()) factors = {0.5};

    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(argv[2])) {
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    std::vector<Item> items;
    std::map<std::string, int> searches_of;
    int skipped = 0;
    simdjson::dom::parser parser;
    for (const auto& file : files) {
        // "search-listings-nvidia-geforce-rtx-4070-ti.json" searched "NVIDIA GeForce RTX 4070
        // Ti": the night searches that under the family whose q returns those words, the one
        // with the most words ("RTX 4070"; "nvidia-t4" under "Tesla T4", whose q is T4).
        auto words = file.stem().string();
        std::replace(words.begin(), words.end(), '-', ' ');
        std::string family;
        std::size_t most = 0;
        for (const auto& candidate : families) {
            const auto* term = schema::find_search_term(terms, candidate);
            const auto size = schema::family_words(candidate).size();
            if (term && size > most &&
                schema::keywords_match(schema::parse_keywords(term->q), words)) {
                family = candidate;
                most = size;
            }
        }
        if (family.empty()) {
            std::printf("left out: %s searches no catalog family\n", file.filename().c_str());
            continue;
        }
        ++searches_of[family];
        const auto body = read(file);
        simdjson::dom::array array;
        if (parser.parse(body).get(array))
            throw std::runtime_error("not an array: " + file.string());
        for (auto value : array) {
            simdjson::dom::object item;
            if (value.get(item)) continue;
            std::string_view title, amount, condition;
            if (item["title"].get(title) || item["price"]["value"].get(amount)) continue;
            // What the night's filter asks for: fixed price or best offer, never for parts.
            bool priced = false;
            simdjson::dom::array options;
            if (!item["buyingOptions"].get(options)) {
                for (auto option : options) {
                    std::string_view text;
                    if (!option.get(text) && (text == "FIXED_PRICE" || text == "BEST_OFFER"))
                        priced = true;
                }
            }
            if (!item["conditionId"].get(condition) &&
                schema::condition_class(std::stoi(std::string(condition))) ==
                    schema::ConditionClass::for_parts)
                priced = false;
            if (!priced) {
                ++skipped;
                continue;
            }
            Item it;
            it.family = family;
            it.title = collapse_spaces(std::string(title));
            it.price = std::stod(std::string(amount));
            it.split = analysis::term_split(it.title);
            if (const auto label = labels.find(it.title); label != labels.end()) {
                const auto& row = label->second;
                const auto* model = catalog.find_model(row.label);
                if (!model && row.label.starts_with("variant-open:"))
                    model = catalog.find_model(row.alt);
                if (model) {
                    const auto card_family = family_of(
                        families, schema::family_words(fetcher::model_search_term(*model)));
                    it.kind = card_family == family ? Kind::family_card : Kind::other_card;
                } else if (row.label.starts_with("variant-open:")) {
                    // A card of a family the label names, its variant open.
                    const auto card_family =
                        family_of(families, schema::family_words(row.label.substr(13)));
                    it.kind = card_family == family ? Kind::family_card : Kind::other_card;
                } else {
                    it.kind = Kind::not_a_card;
                }
            }
            items.push_back(std::move(it));
        }
    }
    std::map<std::string, int> per_search;
    for (const auto& it : items) ++per_search[it.family];
    int largest = 0, search_pages = 0;
    for (const auto& [family, n] : per_search) {
        largest = std::max(largest, n / std::max(1, searches_of[family]));
        search_pages += searches_of[family] * pages(n / std::max(1, searches_of[family]));
    }
    int labelled = 0;
    for (const auto& it : items) labelled += it.kind != Kind::unlabelled;
    std::printf(
        "%zu real searches, %zu families; %zu items a night's filter returns (%d auctions "
        "or for parts left out), %d of them labelled\n",
        files.size(), searches_of.size(), items.size(), skipped, labelled);

    // A family's assumed size: by the segment of the catalog models it searches.
    const auto audit_size = [&](const std::string& family) {
        std::string segment;
        for (const auto& model : catalog.models) {
            if (family_of(families, schema::family_words(fetcher::model_search_term(model))) ==
                family) {
                segment = model.segment;
                break;
            }
        }
        return bench::audit_family_sizes(family, segment, families).total();
    };
    int plan_pages = 0;
    for (const auto& family : families) plan_pages += pages(audit_size(family));

    for (const double factor : factors) {
        // Tuning half: the floor.
        std::map<std::string, double> cheapest;
        for (const auto& it : items) {
            if (it.split != analysis::TermSplit::tuning || it.kind != Kind::family_card) continue;
            auto [at, inserted] = cheapest.emplace(it.family, it.price);
            if (!inserted) at->second = std::min(at->second, it.price);
        }
        std::map<std::string, double> floor;
        for (const auto& [family, price] : cheapest) floor[family] = std::floor(price * factor);
        // Reported half: what it keeps out.
        std::map<std::string, Tally> tally;
        for (const auto& it : items) {
            if (it.split != analysis::TermSplit::report) continue;
            auto& t = tally[it.family];
            ++t.items;
            const auto f = floor.find(it.family);
            if (f == floor.end() || it.price >= f->second) continue;
            ++t.under;
            if (it.kind == Kind::family_card) ++t.lost;
            if (it.kind == Kind::other_card) ++t.other_cards;
            if (it.kind == Kind::not_a_card) ++t.saved_work;
            if (it.kind == Kind::unlabelled) ++t.unlabelled;
        }
        std::printf(
            "\nfloor = %.2f x the cheapest card of the family on the tuning half; "
            "reported half:\n",
            factor);
        std::printf("  %-16s %8s %7s %6s %5s %6s %8s %6s\n", "family", "floor $", "items", "under",
                    "lost", "other", "no-card", "unlab");
        Tally all;
        for (const auto& [family, t] : tally) {
            const auto f = floor.find(family);
            std::printf(
                "  %-16s %8s %7d %6d %5d %6d %8d %6d\n", family.c_str(),
                f == floor.end() ? "none" : std::to_string(static_cast<int>(f->second)).c_str(),
                t.items, t.under, t.lost, t.other_cards, t.saved_work, t.unlabelled);
            all.add(t);
        }
        std::printf("  %-16s %8s %7d %6d %5d %6d %8d %6d\n", "all", "", all.items, all.under,
                    all.lost, all.other_cards, all.saved_work, all.unlabelled);
        std::printf(
            "  under the floor: %.1f%% of the items (matcher work and stored rows saved); "
            "family cards lost: %d of %d under the floor\n",
            all.items ? 100.0 * all.under / all.items : 0.0, all.lost, all.under);
        // Pages a night would spare at the audit's assumed family sizes (not measured): each
        // measured family's search shrunk by its reported share under the floor.
        int before = 0, after = 0;
        for (const auto& [family, t] : tally) {
            const auto n = audit_size(family);
            const double share = t.items ? double(t.under) / t.items : 0.0;
            before += pages(n);
            after += pages(static_cast<int>(std::ceil(n * (1.0 - share))));
        }
        std::printf(
            "  at the audit's assumed sizes: the measured families' searches take %d pages, "
            "%d with the floor (%d spared, of %d family pages in the whole plan)\n",
            before, after, before - after, plan_pages);
    }
    std::printf(
        "\ncalls: the %zu searches are %d pages of 200 (the largest holds %d items); a "
        "floor cannot spare a search's first page, so it saves no call on them. On a "
        "family of P pages it spares about P x the share under the floor.\n",
        files.size(), search_pages, largest);
    return 0;
} catch (const std::exception& e) {
    std::fprintf(stderr, "eval_price_floor: %s\n", e.what());
    return 1;
}
