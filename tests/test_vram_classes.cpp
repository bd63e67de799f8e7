#include <doctest/doctest.h>

#include <string>

#include "schema/rules/catalog.hpp"
#include "schema/rules/vram_classes.hpp"
#include "tests/test_context.hpp"

namespace test_vram_classes {

using namespace gpuprice::schema;

namespace {

std::vector<VramClassBound> parse(const std::string& rows) {
    return parse_vram_classes(CsvTable("upper_gb,label,why\n" + rows, "vram_classes.csv"));
}

std::string error_of(const std::string& rows) {
    try {
        parse(rows);
    } catch (const DataFileError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_SUITE("rules::vram_classes") {
    TEST_CASE("the shipped classes: a card goes to the first class it does not exceed") {
        const auto catalog = load_catalog(gpuprice::test::catalog_dir());
        const auto& bounds = catalog.vram_classes;
        CHECK(classify_vram(bounds, 6).label == "8 GB");
        CHECK(classify_vram(bounds, 8).upper_gb == 8);
        CHECK(classify_vram(bounds, 10).label == "10-12 GB");
        CHECK(classify_vram(bounds, 11).label == "10-12 GB");
        CHECK(classify_vram(bounds, 12).upper_gb == 12);
        CHECK(classify_vram(bounds, 16).label == "16 GB");
        CHECK(classify_vram(bounds, 20).label == "20-24 GB");
        CHECK(classify_vram(bounds, 24).upper_gb == 24);
        CHECK(classify_vram(bounds, 32).label == "32 GB");
        CHECK(classify_vram(bounds, 40).label == "40-48 GB");
        CHECK(classify_vram(bounds, 48).upper_gb == 48);
        CHECK(classify_vram(bounds, 64).label == "80 GB");  // an MI250X device
        CHECK(classify_vram(bounds, 94).label == "94-141 GB");
        CHECK(classify_vram(bounds, 141).upper_gb == 141);
        CHECK(classify_vram(bounds, 180).label == "180-192 GB");  // B200, MI300X
        CHECK(classify_vram(bounds, 288).upper_gb == 288);        // B300, MI355X
        // The index colours a class in every chart: smallest first, -1 past the table.
        CHECK(classify_vram(bounds, 6).index == 0);
        CHECK(classify_vram(bounds, 24).index == 3);
        const auto past = classify_vram(bounds, 512);
        CHECK(past.index == -1);
        CHECK(past.upper_gb == 512);
        CHECK(past.label == "512 GB");
    }

    TEST_CASE("every SKU carries its class, of one device's memory") {
        const auto catalog = load_catalog(gpuprice::test::catalog_dir());
        REQUIRE(catalog.find_model("rtx-3090"));
        CHECK(catalog.find_model("rtx-3090")->vram_class.label == "20-24 GB");
        REQUIRE(catalog.find_model("tesla-k80"));
        CHECK(catalog.find_model("tesla-k80")->vram_class.label == "10-12 GB");  // 2 x 12 GB
        for (const auto& m : catalog.models) {
            CHECK_MESSAGE(m.vram_gb <= m.vram_class.upper_gb, m.key);
            CHECK_MESSAGE(!m.vram_class.label.empty(), m.key);
        }
    }

    TEST_CASE("a changed bound is one edit in the file, and changes the catalog's digest") {
        auto sources = read_catalog_sources(gpuprice::test::catalog_dir());
        const auto before = parse_catalog(sources);
        // A 20-24 GB class split in two: 20 GB cards apart from 24 GB ones.
        const auto at = sources.vram_classes.text.find("\n24,");
        REQUIRE(at != std::string::npos);
        sources.vram_classes.text.insert(at + 1, "20,20 GB,the A4500 and 7900 XT apart\n");
        const auto after = parse_catalog(sources);
        CHECK(after.digest != before.digest);
        CHECK(after.find_model("rtx-3090")->vram_class.label == "20-24 GB");
        CHECK(after.find_model("rtx-3090")->vram_class.index ==
              before.find_model("rtx-3090")->vram_class.index + 1);
    }

    TEST_CASE("a bad row names the file, the line and the column") {
        CHECK(error_of("8,8 GB,a\n8,also 8,b\n").find("vram_classes.csv:3: column 'upper_gb'") !=
              std::string::npos);
        CHECK(error_of("12,12 GB,a\n8,8 GB,b\n").find("smallest first") != std::string::npos);
        CHECK(error_of("0,none,a\n").find("must be positive") != std::string::npos);
        CHECK(error_of("8,,a\n").find("column 'label'") != std::string::npos);
        CHECK(error_of("8,8 GB,\n").find("column 'why'") != std::string::npos);
        CHECK(error_of("").find("no rows") != std::string::npos);
        CHECK(error_of("8,8 GB,entry cards\n12,10-12 GB,vision\n").empty());
    }
}

}  // namespace test_vram_classes
