#include <doctest/doctest.h>

#include <filesystem>
#include <set>

#include "schema/rules/catalog.hpp"
#include "schema/rules/csv_reader.hpp"
#include "schema/rules/match_rules.hpp"
#include "schema/store/catalog_store.hpp"
#include "schema/store/migrations.hpp"
#include "tests/test_context.hpp"

using namespace gpuprice::schema;

namespace {

const std::string kArchHeader =
    "architecture,chip,tensor_core_gen,fma_fp16_fp16acc,fma_fp16_fp32acc,fma_bf16,fma_tf32,"
    "fma_fp8,fma_int8,sparsity,geforce_half_rate,source\n";
const std::string kArchs = kArchHeader +
                           "Ampere GA10x,GA102,3,128,128,128,64,,256,yes,fp16;bf16;tf32,wp\n"
                           "Pascal,GP102,0,,,,,,,no,,datasheet\n";
const std::string kSkuHeader =
    "model,vendor,family,segment,architecture,vram_gb,memory_type,bandwidth_gbs,sms,tensor_cores,"
    "boost_mhz,tensor_clock_mhz,clock_note,half_rate,tdp_w,slots,form_factor,published_tflops,"
    "published_precision,source\n";
const std::string kGoodSku =
    "RTX 3090,NVIDIA,GeForce RTX 30,geforce,Ampere GA10x,24,GDDR6X,936,82,328,1695,,,geforce,350,"
    "3,PCIe,71,fp16,\"GA102 whitepaper, Table 9\"\n";

Catalog parse_skus(const std::string& skus) {
    return parse_catalog(kArchs, "architectures.csv", kSkuHeader + skus, "skus.csv");
}

}  // namespace

TEST_SUITE("schema::catalog") {
    TEST_CASE("good rows load with every field") {
        const auto catalog = parse_skus(kGoodSku);
        REQUIRE(catalog.models.size() == 1);
        const auto& m = catalog.models[0];
        CHECK(m.model == "RTX 3090");
        CHECK(m.segment == Segment::geforce);
        CHECK(m.vram_gb == 24);
        CHECK(m.tensor_cores == 328);
        CHECK(m.boost_mhz == 1695);
        CHECK_FALSE(m.tensor_clock_mhz.has_value());
        CHECK(m.runs_at_half_rate(Precision::fp16));
        CHECK_FALSE(m.runs_at_half_rate(Precision::fp16_fp16acc));
        CHECK_FALSE(m.runs_at_half_rate(Precision::int8));
        CHECK(m.slots == 3.0);
        CHECK(m.published_tflops == 71.0);
        CHECK(m.published_precision == Precision::fp16);
        CHECK(m.source == "GA102 whitepaper, Table 9");
        const auto& arch = catalog.architecture_of(m);
        CHECK(arch.fma(Precision::tf32) == 64);
        CHECK_FALSE(arch.fma(Precision::fp8).has_value());
    }

    // Each bad row must name the file, the line (header is line 1) and the column.
    TEST_CASE("bad rows fail with file, line and column") {
        struct Case {
            const char* name;
            std::string skus;
            std::string expected;
        };
        const Case cases[] = {
            {"non-numeric clock",
             kGoodSku + "RTX X,NVIDIA,F,geforce,Ampere GA10x,24,GDDR6X,936,82,328,fast,,,geforce,"
                        "350,3,PCIe,,,src\n",
             "skus.csv:3: column 'boost_mhz': 'fast' is not a non-negative whole number"},
            {"unknown architecture",
             "RTX X,NVIDIA,F,geforce,Kepler,24,GDDR6X,936,82,328,1695,,,geforce,350,3,PCIe,,,src\n",
             "skus.csv:2: column 'architecture': unknown architecture 'Kepler'"},
            {"missing column", "RTX X,NVIDIA\n", "skus.csv:2: has 2 columns"},
            {"missing source",
             "RTX X,NVIDIA,F,geforce,Ampere GA10x,24,GDDR6X,936,82,328,1695,,,geforce,350,3,PCIe,"
             ",,\n",
             "skus.csv:2: column 'source': is empty"},
            {"clock override without a note",
             "RTX X,NVIDIA,F,geforce,Ampere GA10x,24,GDDR6X,936,82,328,1695,1500,,geforce,350,3,"
             "PCIe,,,src\n",
             "skus.csv:2: column 'clock_note'"},
            {"GeForce card without half rate",
             "RTX X,NVIDIA,F,geforce,Ampere GA10x,24,GDDR6X,936,82,328,1695,,,,350,3,PCIe,,,src\n",
             "skus.csv:2: column 'half_rate'"},
            {"tensor cores on an architecture without them",
             "P40,NVIDIA,F,datacenter,Pascal,24,GDDR5,347,30,120,1531,,,,250,2,PCIe,,,src\n",
             "skus.csv:2: column 'tensor_cores'"},
            {"duplicate model", kGoodSku + kGoodSku,
             "skus.csv:3: column 'model': 'RTX 3090' is "
             "listed twice"},
            {"published figure without precision",
             "RTX X,NVIDIA,F,geforce,Ampere GA10x,24,GDDR6X,936,82,328,1695,,,geforce,350,3,PCIe,"
             "71,,src\n",
             "skus.csv:2: column 'published_precision'"},
        };
        for (const auto& c : cases) {
            CAPTURE(c.name);
            CHECK_THROWS_WITH_AS(parse_skus(c.skus), doctest::Contains(c.expected.c_str()),
                                 DataFileError);
        }
    }

    TEST_CASE("a bad architecture row names its column") {
        const auto archs = kArchHeader + "Turing,TU102,2,64,64,,,,128,maybe,fp16,wp\n";
        CHECK_THROWS_WITH_AS(parse_catalog(archs, "architectures.csv", kSkuHeader, "skus.csv"),
                             doctest::Contains("architectures.csv:2: column 'sparsity'"),
                             DataFileError);
        const auto halved_absent = kArchHeader + "Turing,TU102,2,64,64,,,,128,no,tf32,wp\n";
        CHECK_THROWS_WITH_AS(
            parse_catalog(halved_absent, "architectures.csv", kSkuHeader, "skus.csv"),
            doctest::Contains("column 'geforce_half_rate'"), DataFileError);
    }

    TEST_CASE("the missing header column is named") {
        CHECK_THROWS_WITH_AS(parse_catalog(kArchs, "a.csv", "model,vendor\nX,NVIDIA\n", "s.csv"),
                             doctest::Contains("column 'family': missing from the header"),
                             DataFileError);
    }

    TEST_CASE("quoted fields with commas and comment lines") {
        const auto records = parse_csv("# comment\na,\"b,c\",\"d \"\"e\"\"\"\n\nx,y,z\n", "f.csv");
        REQUIRE(records.size() == 2);
        CHECK(records[0].line == 2);
        CHECK(records[0].fields == std::vector<std::string>{"a", "b,c", "d \"e\""});
        CHECK(records[1].line == 4);
        CHECK_THROWS_WITH_AS(parse_csv("a,\"open\n", "f.csv"),
                             doctest::Contains("f.csv:1: unterminated quote"), DataFileError);
    }

    TEST_CASE("the shipped catalog loads and covers what buyers meet") {
        const auto catalog = load_catalog(gpuprice::test::catalog_dir());
        CHECK(catalog.models.size() >= 45);
        std::set<std::string> archs;
        for (const auto& m : catalog.models) {
            archs.insert(m.architecture);
            CAPTURE(m.model);
            CHECK_FALSE(m.source.empty());
        }
        for (const char* arch : {"Volta", "Turing", "Ampere GA100", "Ampere GA10x", "Ada", "Hopper",
                                 "Blackwell GB20x", "Pascal", "Maxwell"}) {
            CAPTURE(arch);
            CHECK(archs.count(arch) == 1);
        }
        for (const char* model :
             {"RTX 3060 8GB", "RTX 3060 12GB", "RTX 3080 10GB", "RTX 3080 12GB", "RTX 4060 Ti 8GB",
              "RTX 4060 Ti 16GB", "A100 PCIe 40GB", "A100 SXM4 80GB", "Tesla V100 SXM2 32GB",
              "H100 NVL", "H200 SXM", "Tesla P40", "Tesla M40 24GB", "L40S"}) {
            CAPTURE(model);
            CHECK(catalog.find_model(model) != nullptr);
        }
    }

    TEST_CASE("the catalog is stored in the database and replaced on reload") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("catalog.db"));
        migrate(db);
        const auto catalog = load_catalog(gpuprice::test::catalog_dir());
        store_catalog(db, catalog);
        const int changes = sqlite3_total_changes(db.handle());
        store_catalog(db, catalog);  // unchanged: nothing is written (no lock taken for a report)
        CHECK(sqlite3_total_changes(db.handle()) == changes);
        CHECK(stored_model_count(db) == static_cast<int>(catalog.models.size()));
        auto changed = catalog;
        changed.models.pop_back();
        store_catalog(db, changed);
        CHECK(stored_model_count(db) == static_cast<int>(catalog.models.size()) - 1);
        auto stmt = db.prepare(
            "SELECT a.fma_tf32, m.tensor_cores FROM gpu_models m JOIN architectures a "
            "ON a.name = m.architecture WHERE m.model = ?1");
        stmt.bind(1, "Titan RTX");
        REQUIRE(stmt.step());
        CHECK(stmt.is_null(0));  // Turing has no TF32: NULL, never 0
        CHECK(stmt.int32(1) == 576);
    }
}

TEST_SUITE("schema::match_rules") {
    TEST_CASE("the shipped matcher data loads against the catalog") {
        const auto catalog = load_catalog(gpuprice::test::catalog_dir());
        const auto rules = load_match_rules(gpuprice::test::catalog_dir(), catalog);
        CHECK(rules.aliases.size() > 50);
        CHECK(rules.exclusions.size() > 50);
        CHECK_FALSE(rules.words.empty());
        CHECK(rules.part_numbers.size() > 10);
    }

    TEST_CASE("a bad matcher row names file, line and column") {
        const auto catalog = load_catalog(gpuprice::test::catalog_dir());
        gpuprice::test::TempDir dir;
        for (const char* name : {"aliases.csv", "variants.csv", "exclusions.csv", "match_words.csv",
                                 "part_numbers.csv"}) {
            std::filesystem::copy_file(std::filesystem::path(gpuprice::test::catalog_dir()) / name,
                                       dir.path() / name);
        }
        SUBCASE("an alias naming a model that is not in the catalog") {
            gpuprice::test::write_file(dir.path() / "aliases.csv",
                                       "alias,models\n3090,RTX 3090\n9090,RTX 9090\n");
            CHECK_THROWS_WITH_AS(load_match_rules(dir.path().string(), catalog),
                                 doctest::Contains("aliases.csv:3: column 'models': 'RTX 9090' is "
                                                   "not a model in skus.csv"),
                                 DataFileError);
        }
        SUBCASE("an unknown rejection reason") {
            gpuprice::test::write_file(
                dir.path() / "exclusions.csv",
                "reason,phrase,neutralized_by,when\nbroken-ish,meh,,always\n");
            CHECK_THROWS_WITH_AS(load_match_rules(dir.path().string(), catalog),
                                 doctest::Contains("exclusions.csv:2: column 'reason'"),
                                 DataFileError);
        }
        SUBCASE("an unknown word kind") {
            gpuprice::test::write_file(dir.path() / "match_words.csv", "kind,word\nfancy,shiny\n");
            CHECK_THROWS_WITH_AS(load_match_rules(dir.path().string(), catalog),
                                 doctest::Contains("match_words.csv:2: column 'kind'"),
                                 DataFileError);
        }
        SUBCASE("a part number pattern naming a model not in the catalog, or deciding nothing") {
            gpuprice::test::write_file(dir.path() / "part_numbers.csv",
                                       "pattern,models,vram_gb,source\n"
                                       "*-2g500-*,Tesla V100 PCIe 16GB,,brief\n"
                                       "*-9g999-*,Tesla V900,,made up\n");
            CHECK_THROWS_WITH_AS(load_match_rules(dir.path().string(), catalog),
                                 doctest::Contains("part_numbers.csv:3: column 'models'"),
                                 DataFileError);
            gpuprice::test::write_file(dir.path() / "part_numbers.csv",
                                       "pattern,models,vram_gb,source\n*-2g500-*,,,brief\n");
            CHECK_THROWS_WITH_AS(load_match_rules(dir.path().string(), catalog),
                                 doctest::Contains("part_numbers.csv:2: column 'models'"),
                                 DataFileError);
            gpuprice::test::write_file(dir.path() / "part_numbers.csv",
                                       "pattern,models,vram_gb,source\n*-2g500-*,-,,\n");
            CHECK_THROWS_WITH_AS(load_match_rules(dir.path().string(), catalog),
                                 doctest::Contains("part_numbers.csv:2: column 'source'"),
                                 DataFileError);
        }
        SUBCASE("an unknown variant effect") {
            gpuprice::test::write_file(dir.path() / "variants.csv",
                                       "model,word,effect\nRTX 3090,fe,prefers\n");
            CHECK_THROWS_WITH_AS(load_match_rules(dir.path().string(), catalog),
                                 doctest::Contains("variants.csv:2: column 'effect'"),
                                 DataFileError);
        }
    }
}
