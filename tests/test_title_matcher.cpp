#include <doctest/doctest.h>

#include <map>
#include <sstream>

#include "analysis/title_matcher.hpp"
#include "analysis/title_tokens.hpp"
#include "schema/rules/catalog.hpp"
#include "schema/rules/csv_reader.hpp"
#include "schema/rules/match_rules.hpp"
#include "tests/test_context.hpp"

using namespace gpuprice::analysis;
using gpuprice::schema::MatchReason;

namespace {

struct Fixture {
    gpuprice::schema::Catalog catalog =
        gpuprice::schema::load_catalog(gpuprice::test::catalog_dir());
    gpuprice::schema::MatchRules rules =
        gpuprice::schema::load_match_rules(gpuprice::test::catalog_dir(), catalog);
    TitleMatcher matcher{catalog, rules};
};

const Fixture& fixture() {
    static const Fixture f;
    return f;
}

// The model name for an `ok` match, else the reason code: what the corpus file states.
std::string verdict(std::string_view title, const ItemSpecifics* specifics = nullptr) {
    const auto result = fixture().matcher.match(title, specifics);
    if (result.reason == MatchReason::ok) return result.model->model;
    return std::string(gpuprice::schema::match_reason_name(result.reason));
}

}  // namespace

TEST_SUITE("analysis::title_tokens") {
    TEST_CASE("glued, dashed and spaced spellings read the same") {
        const std::vector<std::string> expected = {"rtx", "3090", "ti", "24", "gb"};
        CHECK(tokenize("RTX3090Ti 24GB") == expected);
        CHECK(tokenize("rtx-3090-TI 24 gb") == expected);
        CHECK(tokenize("  RTX™ 3090 Ti (24GB)") == expected);
        CHECK(tokenize("w/ EK + backplate") ==
              std::vector<std::string>{"w", "ek", "+", "backplate"});
        CHECK(tokenize("\xff\xfe invalid \xc3 utf8") ==
              std::vector<std::string>{"invalid", "utf", "8"});
        CHECK(tokenize("").empty());
    }
}

TEST_SUITE("analysis::title_matcher") {
    TEST_CASE("a model and its Ti or Super are different cards") {
        CHECK(verdict("NVIDIA GeForce RTX 3090 24GB") == "RTX 3090");
        CHECK(verdict("NVIDIA GeForce RTX 3090 Ti 24GB") == "RTX 3090 Ti");
        CHECK(verdict("RTX 4070 Ti Super 16GB") == "RTX 4070 Ti Super");
        CHECK(verdict("RTX 4070 Super 12GB") == "RTX 4070 Super");
        CHECK(verdict("RTX 2060 Super") == "RTX 2060 Super");
    }

    TEST_CASE("the VRAM stated decides between variants, and an unstated one is ambiguous") {
        CHECK(verdict("EVGA RTX 3080 FTW3 10GB") == "RTX 3080 10GB");
        CHECK(verdict("EVGA RTX 3080 FTW3 12G") == "RTX 3080 12GB");
        CHECK(verdict("EVGA RTX 3080 FTW3 Ultra") == "ambiguous");
        CHECK(verdict("RTX 4060 Ti 16GB") == "RTX 4060 Ti 16GB");
        CHECK(verdict("RTX 4060 Ti") == "ambiguous");
        // A variant the catalog does not know (a laptop part, a modded card) is not its neighbour.
        CHECK(verdict("RTX 3080 16GB") == "unknown-model");
        CHECK(verdict("RTX 2080 Ti 22GB") == "unknown-model");
    }

    TEST_CASE("PCIe and SXM are told apart, and neither is guessed") {
        CHECK(verdict("NVIDIA A100 80GB PCIe") == "A100 PCIe 80GB");
        CHECK(verdict("NVIDIA A100 SXM4 80GB") == "A100 SXM4 80GB");
        CHECK(verdict("NVIDIA A100 80GB") == "ambiguous");
        CHECK(verdict("Tesla V100 PCI-E 32GB") == "Tesla V100 PCIe 32GB");
        CHECK(verdict("Tesla V100-SXM2-16GB") == "Tesla V100 SXM2 16GB");
        CHECK(verdict("H100 NVL 94GB") == "H100 NVL");
        CHECK(verdict("H100 80GB PCIe") == "H100 PCIe");
    }

    TEST_CASE("workstation names that share numbers") {
        CHECK(verdict("NVIDIA RTX A6000 48GB") == "RTX A6000");
        CHECK(verdict("NVIDIA RTX 6000 Ada Generation 48GB") == "RTX 6000 Ada");
        CHECK(verdict("NVIDIA Quadro RTX 6000 24GB") == "Quadro RTX 6000");
        CHECK(verdict("NVIDIA RTX 6000 48GB") == "RTX 6000 Ada");  // by VRAM
        CHECK(verdict("NVIDIA RTX 6000") == "ambiguous");
        CHECK(verdict("RTX 4000 SFF Ada 20GB") == "RTX 4000 SFF Ada");
        CHECK(verdict("RTX 4000 Ada 20GB") == "RTX 4000 Ada");
        CHECK(verdict("Titan RTX 24GB") == "Titan RTX");
        CHECK(verdict("Titan V 12GB") == "Titan V");
        CHECK(verdict("Titan Xp") == "unknown-model");
    }

    TEST_CASE("each rejection has its own reason") {
        CHECK(verdict("RTX 3090 for parts not working") == "for-parts");
        CHECK(verdict("RTX 3090 no display") == "for-parts");
        CHECK(verdict("RTX 3090 artifacting") == "for-parts");
        CHECK(verdict("RTX 3090 box only") == "box-only");
        CHECK(verdict("RTX 3090 empty box") == "box-only");
        CHECK(verdict("RTX 3090 EK waterblock") == "accessory");
        CHECK(verdict("RTX 3090 backplate") == "accessory");
        CHECK(verdict("RTX 3090 riser cable") == "accessory");
        CHECK(verdict("Gaming PC RTX 3090 Ryzen 9") == "system");
        CHECK(verdict("Laptop RTX 4090 32GB") == "system");
        CHECK(verdict("Lot of 4 RTX 3090") == "lot");
        CHECK(verdict("2x RTX 3090") == "lot");
        CHECK(verdict("RTX 3090 24GB x2") == "lot");
        CHECK(verdict("Qty 3 Tesla P40") == "lot");
        CHECK(verdict("AMD Radeon RX 6800") == "unknown-model");
        CHECK(verdict("Logitech mouse") == "not-a-gpu");
    }

    TEST_CASE("a GPU mentioned as what something fits is not that GPU") {
        CHECK(verdict("Fan for RTX 3090") == "accessory");
        CHECK(verdict("Power supply for RTX 4090") == "not-a-gpu");
        CHECK(verdict("Mount compatible with NVIDIA RTX 3090") == "not-a-gpu");
    }

    TEST_CASE("words that defuse an exclusion") {
        CHECK(verdict("RTX 3090 24GB no artifacts") == "RTX 3090");
        CHECK(verdict("RTX 3090 24GB not broken") == "RTX 3090");
        CHECK(verdict("RTX 3090 with EK waterblock and backplate") == "RTX 3090");
        CHECK(verdict("RTX 3060 12GB for gaming PC") == "RTX 3060 12GB");
        // A joiner only binds its neighbour: this is a water block sold on its own.
        CHECK(verdict("EK Vector RTX 3090 Nickel + Plexi water block") == "accessory");
        // "triple fan" is a card's cooler, "Ventus 3X" is not three cards, x16 is lanes.
        CHECK(verdict("PNY RTX 4090 24GB triple fan") == "RTX 4090");
        CHECK(verdict("MSI Ventus 3X RTX 3090 24GB") == "RTX 3090");
        CHECK(verdict("RTX 4090 24GB PCIe 4.0 x16") == "RTX 4090");
        CHECK(verdict("RTX 4090 24GB PCIe x8") == "RTX 4090");
        CHECK(verdict("MSI RTX 3070 Ti Suprim X 8G") == "RTX 3070 Ti");
    }

    TEST_CASE("two different models in one title are ambiguous") {
        CHECK(verdict("RTX 4090 24GB = RTX 5090") == "ambiguous");
        CHECK(verdict("RTX 5090 32GB RTX5090") == "RTX 5090");
    }

    TEST_CASE("item specifics break a tie the title left open, and only then") {
        const ItemSpecifics memory{{"Memory Size", "12 GB"}, {"Brand", "EVGA"}};
        CHECK(verdict("EVGA RTX 3080 FTW3 Ultra", &memory) == "RTX 3080 12GB");
        const ItemSpecifics slot{{"Compatible Slot", "PCI Express 4.0 x16"}};
        CHECK(verdict("NVIDIA A100 80GB", &slot) == "A100 PCIe 80GB");
        // The title's own VRAM wins over specifics that disagree.
        const ItemSpecifics wrong{{"Memory Size", "12 GB"}};
        CHECK(verdict("RTX 3080 10GB", &wrong) == "RTX 3080 10GB");
        const ItemSpecifics unrelated{{"Brand", "EVGA"}};
        CHECK(verdict("EVGA RTX 3080 FTW3 Ultra", &unrelated) == "ambiguous");
    }

    TEST_CASE("the evidence names the phrase that decided") {
        const auto result = fixture().matcher.match("RTX 3090 FE backplate");
        CHECK(result.reason == MatchReason::accessory);
        CHECK(result.evidence == "backplate");
        CHECK(fixture().matcher.match("RTX 3090 Ti").evidence == "3090 ti");
    }

    // The labelled corpus: precision and recall of `ok` matches, and the confusions left.
    TEST_CASE("labelled corpus: at least 99% precision and 97% recall") {
        const auto path = gpuprice::test::source_dir() / "tests" / "data" / "title_corpus.tsv";
        std::istringstream corpus(gpuprice::test::read_file(path));
        std::string line;
        int rows = 0, expected_ok = 0, predicted_ok = 0, correct_ok = 0, reasons_right = 0;
        std::map<std::string, int> reasons_seen;
        std::ostringstream confusions;
        while (std::getline(corpus, line)) {
            if (line.empty() || line[0] == '#') continue;
            const auto tab = line.find('\t');
            REQUIRE_MESSAGE(tab != std::string::npos, "corpus line without a tab: " << line);
            const std::string expected = line.substr(0, tab);
            const std::string title = line.substr(tab + 1);
            const bool expect_model = !gpuprice::schema::parse_match_reason(expected).has_value();
            if (expect_model) {
                REQUIRE_MESSAGE(fixture().catalog.find_model(expected), expected);
            }
            const auto result = fixture().matcher.match(title);
            const bool got_model = result.reason == MatchReason::ok;
            const std::string got = verdict(title);
            ++rows;
            ++reasons_seen[expect_model ? "ok" : expected];
            if (expect_model) ++expected_ok;
            if (got_model) ++predicted_ok;
            if (expect_model && got == expected) ++correct_ok;
            if (got == expected) {
                ++reasons_right;
            } else {
                confusions << "  expected " << expected << ", got " << got << ": " << title << '\n';
            }
        }
        const double precision = predicted_ok ? double(correct_ok) / predicted_ok : 0;
        const double recall = expected_ok ? double(correct_ok) / expected_ok : 0;
        MESSAGE("corpus: " << rows << " titles, ok precision " << precision << ", recall " << recall
                           << ", all verdicts right " << reasons_right << "\n"
                           << confusions.str());
        CHECK(rows >= 400);
        for (auto reason : gpuprice::schema::kAllMatchReasons) {
            CAPTURE(gpuprice::schema::match_reason_name(reason));
            CHECK(reasons_seen[std::string(gpuprice::schema::match_reason_name(reason))] >= 5);
        }
        CHECK(precision >= 0.99);
        CHECK(recall >= 0.97);
    }
}
