#include <doctest/doctest.h>

#include <filesystem>
#include <set>

#include "schema/rules/catalog.hpp"
#include "schema/rules/csv_reader.hpp"
#include "schema/rules/match_rules.hpp"
#include "schema/store/catalog_store.hpp"
#include "schema/store/migrations.hpp"
#include "tests/test_context.hpp"

namespace test_catalog {

using namespace gpuprice::schema;

namespace {

const std::string kSkuHeader =
    "key,name,vendor,segment,architecture,target,vram_gb,devices,memory_type,bandwidth_gbs,sms,"
    "tensor_cores,shaders,boost_mhz,tensor_clock_mhz,clock_note,half_rate,tdp_w,slots,form_factor,"
    "source\n";
const std::string kGoodSku =
    "rtx-3090,RTX 3090,NVIDIA,geforce,Ampere "
    "GA10x,,24,1,GDDR6X,936,82,328,10496,1695,,,,350,3,PCIe,"
    "\"GA102 whitepaper, Table 9\"\n";
const std::string kNoPublished = "sku,precision,tflops,source\n";
const std::string kNoCapped = "sku,precision,tflops,source\n";

// The shipped catalog with one file's text replaced.
CatalogSources shipped() {
    return read_catalog_sources(gpuprice::test::catalog_dir());
}

Catalog parse_skus(const std::string& skus) {
    auto sources = shipped();
    sources.skus = {"skus.csv", kSkuHeader + skus};
    sources.published = {"published_figures.csv", kNoPublished};
    sources.capped = {"capped_rates.csv", kNoCapped};
    return parse_catalog(sources);
}

}  // namespace

TEST_SUITE("schema::catalog") {
    TEST_CASE("good rows load with every field") {
        const auto catalog = parse_skus(kGoodSku);
        REQUIRE(catalog.models.size() == 1);
        const auto& m = catalog.models[0];
        CHECK(m.key == "rtx-3090");
        CHECK(m.name == "RTX 3090");
        CHECK(m.segment == "geforce");
        CHECK(m.vram_gb == 24);
        CHECK(m.tensor_cores == 328);
        CHECK(m.shaders == 10496);
        CHECK(m.boost_mhz == 1695);
        CHECK_FALSE(m.tensor_clock_mhz.has_value());
        CHECK(m.runs_at_half_rate("fp16"));
        CHECK(m.runs_at_half_rate("tf32"));
        CHECK_FALSE(m.runs_at_half_rate("fp16-fp16acc"));
        CHECK_FALSE(m.runs_at_half_rate("int8"));
        // The geforce segment halves Ampere GA10x's consumer_half_rate precisions by itself.
        CHECK(m.half_rate == std::set<std::string, std::less<>>{"bf16", "fp16", "tf32"});
        CHECK(m.slots == 3.0);
        CHECK(m.source == "GA102 whitepaper, Table 9");
        const auto& arch = catalog.architecture_of(m);
        REQUIRE(arch.rate("tf32") != nullptr);
        CHECK(arch.rate("tf32")->fma_per_clock == 64);
        CHECK(arch.rate("fp8") == nullptr);
        CHECK(catalog.support_of(m).target == "sm_86");
    }

    // Each bad row must name the file, the line (header is line 1) and the column.
    TEST_CASE("bad rows fail with file, line and column") {
        struct Case {
            const char* name;
            std::string skus;
            std::string expected;
        };
        const std::string ga10x =
            "rtx-x,RTX X,NVIDIA,geforce,Ampere GA10x,,24,1,GDDR6X,936,82,328,10496,";
        const Case cases[] = {
            {"non-numeric clock", kGoodSku + ga10x + "fast,,,,350,3,PCIe,src\n",
             "skus.csv:3: column 'boost_mhz': 'fast' is not a non-negative whole number"},
            {"unknown architecture",
             "rtx-x,RTX X,NVIDIA,geforce,Fermi,,24,1,GDDR6X,936,82,328,10496,1695,,,,350,3,PCIe,"
             "src\n",
             "skus.csv:2: column 'architecture': unknown architecture 'Fermi'"},
            {"unknown vendor",
             "rtx-x,RTX X,Matrox,geforce,Ampere GA10x,,24,1,GDDR6X,936,82,328,10496,1695,,,,350,3,"
             "PCIe,src\n",
             "skus.csv:2: column 'vendor': unknown vendor 'Matrox'"},
            {"unknown segment",
             "rtx-x,RTX X,NVIDIA,gaming,Ampere GA10x,,24,1,GDDR6X,936,82,328,10496,1695,,,,350,3,"
             "PCIe,src\n",
             "skus.csv:2: column 'segment': unknown segment 'gaming'"},
            {"architecture of another vendor",
             "rx-x,RX X,AMD,radeon,Ampere GA10x,,24,1,GDDR6,936,82,328,10496,1695,,,,350,3,PCIe,"
             "src\n",
             "skus.csv:2: column 'architecture'"},
            {"missing column", "RTX X,NVIDIA\n", "skus.csv:2: has 2 columns"},
            {"missing source", ga10x + "1695,,,,350,3,PCIe,\n",
             "skus.csv:2: column 'source': is empty"},
            {"clock override without a note", ga10x + "1695,1500,,,350,3,PCIe,src\n",
             "skus.csv:2: column 'clock_note'"},
            {"the word 'consumer' where half rates are listed (the segment implies them)",
             ga10x + "1695,,,consumer,350,3,PCIe,src\n",
             "skus.csv:2: column 'half_rate': 'consumer' is halved but does not exist"},
            {"halving a precision the architecture lacks", ga10x + "1695,,,fp8,350,3,PCIe,src\n",
             "skus.csv:2: column 'half_rate': 'fp8' is halved but does not exist"},
            {"a VRAM figure no card comes near (it would overflow an int)",
             "rtx-x,RTX X,NVIDIA,geforce,Ampere GA10x,,1e12,1,GDDR6X,936,82,328,10496,1695,,,"
             ",350,3,PCIe,src\n",
             "skus.csv:2: column 'vram_gb': must be positive and at most 4096"},
            {"no shaders",
             "rtx-x,RTX X,NVIDIA,geforce,Ampere GA10x,,24,1,GDDR6X,936,82,328,0,1695,,,"
             ",350,3,PCIe,src\n",
             "skus.csv:2: column 'shaders': must be positive"},
            {"tensor cores on an architecture without them",
             "p40,P40,NVIDIA,datacenter,Pascal,,24,1,GDDR5,347,30,120,3840,1531,,,,250,2,PCIe,"
             "src\n",
             "skus.csv:2: column 'tensor_cores'"},
            {"duplicate key", kGoodSku + kGoodSku,
             "skus.csv:3: column 'key': 'rtx-3090' is listed twice"},
        };
        for (const auto& c : cases) {
            CAPTURE(c.name);
            CHECK_THROWS_WITH_AS(parse_skus(c.skus), doctest::Contains(c.expected.c_str()),
                                 DataFileError);
        }
    }

    TEST_CASE("bad rows of the other catalog files name file, line and column") {
        struct Case {
            const char* name;
            CatalogText CatalogSources::*file;
            std::string text;
            std::string expected;
        };
        const std::string rates =
            "architecture,precision,fma_per_clock,sparse,consumer_half_rate,source\n";
        const Case cases[] = {
            {"sparsity not yes or no", &CatalogSources::rates,
             rates + "Turing,fp16,64,maybe,yes,wp\n",
             "architecture_rates.csv:2: column 'sparse': 'maybe' is not yes or no"},
            {"unknown precision", &CatalogSources::rates, rates + "Turing,fp12,64,no,no,wp\n",
             "architecture_rates.csv:2: column 'precision': unknown precision 'fp12'"},
            {"matrix precision on an architecture without matrix units", &CatalogSources::rates,
             rates + "Pascal,fp16,64,no,no,wp\n",
             "architecture_rates.csv:2: column 'precision': 'fp16' runs on matrix units"},
            {"a rate listed twice", &CatalogSources::rates,
             rates + "Turing,fp32,1,no,no,wp\nTuring,fp32,1,no,no,wp\n",
             "architecture_rates.csv:3: column 'precision': 'fp32' is listed twice"},
            {"precision unit", &CatalogSources::precisions,
             "precision,unit,description\nfp16,tensor,x\n",
             "precisions.csv:2: column 'unit': 'tensor' is not matrix or shader"},
            {"architecture without a software row", &CatalogSources::support,
             "architecture,target,bf16,toolkit,pytorch,supported,status,source\n",
             "architectures.csv:6: column 'architecture': 'Maxwell' has no row in "
             "software_support.csv"},
            {"other_category not yes or no", &CatalogSources::segments,
             "segment,consumer,description,other_category\ngeforce,yes,GeForce,sometimes\n",
             "segments.csv:2: column 'other_category': 'sometimes' is not yes or no"},
            {"published figure of a precision the card lacks", &CatalogSources::published,
             kNoPublished + "tesla-t4,tf32,8,datasheet\n",
             "published_figures.csv:2: column 'precision': 'tf32' does not exist on Turing"},
            {"capped rate of a SKU the catalog lacks", &CatalogSources::capped,
             kNoCapped + "h21,fp16,148,datasheet\n",
             "capped_rates.csv:2: column 'sku': 'h21' is not a key of skus.csv"},
            {"capped rate of a precision the card lacks", &CatalogSources::capped,
             kNoCapped + "tesla-t4,tf32,8,datasheet\n",
             "capped_rates.csv:2: column 'precision': 'tf32' does not exist on Turing"},
            {"capped rate listed twice", &CatalogSources::capped,
             kNoCapped + "h20,fp16,148,datasheet\nh20,fp16,150,datasheet\n",
             "capped_rates.csv:3: column 'precision': 'fp16' of h20 is listed twice"},
            {"capped rate not positive", &CatalogSources::capped,
             kNoCapped + "h20,fp16,0,datasheet\n",
             "capped_rates.csv:2: column 'tflops': must be positive"},
        };
        for (const auto& c : cases) {
            CAPTURE(c.name);
            auto sources = shipped();
            const auto file = (sources.*c.file).file;
            const auto base = file.substr(file.find_last_of('/') + 1);
            sources.*c.file = {base, c.text};
            CHECK_THROWS_WITH_AS(parse_catalog(sources), doctest::Contains(c.expected.c_str()),
                                 DataFileError);
        }
    }

    TEST_CASE("the missing header column is named") {
        auto sources = shipped();
        sources.skus = {"s.csv", "key,name,vendor\nx,X,NVIDIA\n"};
        CHECK_THROWS_WITH_AS(parse_catalog(sources),
                             doctest::Contains("column 'segment': missing from the header"),
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
            CAPTURE(m.key);
            CHECK_FALSE(m.source.empty());
        }
        for (const char* arch : {"Volta", "Turing", "Ampere GA100", "Ampere GA10x", "Ada", "Hopper",
                                 "Blackwell GB20x", "Pascal", "Maxwell"}) {
            CAPTURE(arch);
            CHECK(archs.count(arch) == 1);
        }
        for (const char* model :
             {"rtx-3060-8gb", "rtx-3060-12gb", "rtx-3080-10gb", "rtx-3080-12gb", "rtx-4060-ti-8gb",
              "rtx-4060-ti-16gb", "a100-pcie-40gb", "a100-sxm4-80gb", "tesla-v100-sxm2-32gb",
              "h100-nvl", "h200-sxm", "tesla-p40", "tesla-m40-24gb", "l40s"}) {
            CAPTURE(model);
            CHECK(catalog.find_model(model) != nullptr);
        }
    }

    // Issue 12's list: every card a 2026 deep-learning buyer weighs, with a source and a support
    // row, each vendor's architectures in the same model.
    TEST_CASE("the catalog holds the cards added for three vendors' buyers") {
        const auto catalog = load_catalog(gpuprice::test::catalog_dir());
        for (const char* model : {"rtx-3050-8gb",
                                  "rtx-5060",
                                  "rtx-4090-d",
                                  "rtx-5090-d",
                                  "rtx-2000-ada",
                                  "rtx-a5500",
                                  "rtx-5880-ada",
                                  "rtx-pro-4000-blackwell",
                                  "rtx-pro-4500-blackwell",
                                  "rtx-pro-5000-blackwell",
                                  "rtx-pro-6000-blackwell",
                                  "rtx-pro-6000-blackwell-max-q",
                                  "h200-nvl",
                                  "b200",
                                  "b300",
                                  "gb200-per-gpu",
                                  "a10g",
                                  "a16",
                                  "tesla-p100-sxm2",
                                  "tesla-v100-sxm3-32gb",
                                  "quadro-gv100",
                                  "titan-xp",
                                  "gtx-1080-ti",
                                  "instinct-mi50-16gb",
                                  "instinct-mi50-32gb",
                                  "instinct-mi60",
                                  "instinct-mi100",
                                  "instinct-mi210",
                                  "instinct-mi250",
                                  "instinct-mi250x",
                                  "instinct-mi300x",
                                  "instinct-mi325x",
                                  "instinct-mi355x",
                                  "rx-7900-xtx",
                                  "rx-7900-xt",
                                  "rx-7900-gre",
                                  "rx-9070-xt",
                                  "rx-9070",
                                  "radeon-pro-w7900",
                                  "radeon-pro-w7800",
                                  "arc-a770-16gb",
                                  "arc-b580",
                                  "arc-pro-b60"}) {
            CAPTURE(model);
            const auto* m = catalog.find_model(model);
            REQUIRE(m != nullptr);
            CHECK_FALSE(m->source.empty());
            CHECK_FALSE(catalog.support_of(*m).source.empty());
        }
        std::set<std::string> vendors;
        for (const auto& a : catalog.architectures) vendors.insert(a.vendor);
        CHECK(vendors == std::set<std::string>{"AMD", "Intel", "NVIDIA"});
        for (const char* arch :
             {"CDNA 1", "CDNA 2", "CDNA 3", "CDNA 4", "RDNA 3", "RDNA 4", "Xe-HPG", "Xe2-HPG"}) {
            CAPTURE(arch);
            const auto* a = catalog.find_architecture(arch);
            REQUIRE(a != nullptr);
            CHECK(a->has_matrix_units());
            CHECK(a->rate("fp16") != nullptr);
            CHECK(a->rate("int8") != nullptr);
            CHECK(a->rate("fp32") != nullptr);
        }
        // BF16 in the support file agrees with the rates: a bf16 rate exactly where it says yes.
        for (const auto& s : catalog.support) {
            CAPTURE(s.architecture);
            CHECK(s.bf16 == (catalog.find_architecture(s.architecture)->rate("bf16") != nullptr));
        }
    }

    // Issue 22: software support per target, dated, with FlashAttention-2; one fp32 convention.
    TEST_CASE("software support is per target where an architecture has several, and dated") {
        const auto catalog = load_catalog(gpuprice::test::catalog_dir());
        const auto support = [&](const char* key) -> const SoftwareSupport& {
            const auto* m = catalog.find_model(key);
            REQUIRE(m != nullptr);
            return catalog.support_of(*m);
        };
        CHECK(support("rx-7900-xtx").target == "gfx1100");
        CHECK(support("rx-7800-xt").target == "gfx1101");
        CHECK(support("rx-7800-xt").supported);
        CHECK(support("rx-7600").target == "gfx1102");
        // Catalog audit 3, K12: on AMD's ROCm 7.14 list and in PyTorch's ROCm 7 wheels.
        CHECK(support("rx-7600").supported);
        CHECK(support("rx-7600-xt").flash_attention_2);
        CHECK(support("rx-9060-xt-16gb").target == "gfx1200");
        CHECK(support("radeon-ai-pro-r9700").target == "gfx1201");
        CHECK_FALSE(support("tesla-k80").supported);
        CHECK(support("instinct-mi25").target == "gfx900");
        CHECK_FALSE(support("instinct-mi25").supported);
        // Maxwell to Volta: PyTorch's cu126 legacy wheels still run them.
        CHECK(support("tesla-v100-pcie-16gb").supported);
        CHECK(support("tesla-p40").supported);
        CHECK(support("rtx-3090").flash_attention_2);
        CHECK(support("rtx-5090").flash_attention_2);
        CHECK(support("instinct-mi300x").flash_attention_2);
        CHECK_FALSE(support("tesla-t4").flash_attention_2);
        CHECK_FALSE(support("tesla-v100-pcie-16gb").flash_attention_2);
        CHECK_FALSE(support("arc-b580").flash_attention_2);
        for (const auto& s : catalog.support) {
            CAPTURE(s.architecture);
            CAPTURE(s.target);
            CHECK(s.as_of.size() == 10);
            CHECK_FALSE(s.source.empty());
        }
    }

    TEST_CASE("a SKU's target and device count are checked, as are the support rows") {
        const auto sku = [](const std::string& key, const std::string& target,
                            const std::string& devices) {
            return key + ",X " + key + ",AMD,radeon,RDNA 3," + target + ",16," + devices +
                   ",GDDR6,624,60,60,3840,2430,,,,263,2.5,PCIe,src\n";
        };
        CHECK_THROWS_WITH_AS(parse_skus(sku("a", "", "1")),
                             doctest::Contains("skus.csv:2: column 'target': RDNA 3 has several "
                                               "targets in "),
                             DataFileError);
        CHECK_THROWS_WITH_AS(parse_skus(sku("a", "gfx9999", "1")),
                             doctest::Contains("'gfx9999' is not a target of RDNA 3"),
                             DataFileError);
        CHECK_THROWS_WITH_AS(parse_skus(sku("a", "gfx1101", "0")),
                             doctest::Contains("column 'devices': must be 1 or more"),
                             DataFileError);
        CHECK(parse_skus(sku("a", "gfx1101", "2")).models.at(0).devices == 2);
        const std::string header =
            "architecture,target,as_of,bf16,flash_attention_2,toolkit,pytorch,supported,status,"
            "source,ending,training\n";
        auto sources = shipped();
        sources.support = {
            "software_support.csv",
            header + "Turing,sm_75,last year,no,no,CUDA,wheels,yes,ok,src,no,fp16\n"};
        CHECK_THROWS_WITH_AS(parse_catalog(sources),
                             doctest::Contains("column 'as_of': 'last year' is not YYYY-MM-DD"),
                             DataFileError);
        sources.support = {
            "software_support.csv",
            header + "Turing,sm_75,2026-12-03,no,maybe,CUDA,wheels,yes,ok,src,no,fp16\n"};
        CHECK_THROWS_WITH_AS(parse_catalog(sources),
                             doctest::Contains("column 'flash_attention_2': 'maybe' is not yes"),
                             DataFileError);
        sources.support = {"software_support.csv",
                           header +
                               "Turing,sm_75,2026-12-03,no,no,CUDA,wheels,yes,ok,src,no,fp16\n" +
                               "Turing,sm_75,2026-12-03,no,no,CUDA,wheels,yes,ok,src,no,fp16\n"};
        CHECK_THROWS_WITH_AS(parse_catalog(sources),
                             doctest::Contains("'sm_75' of Turing is listed twice"), DataFileError);
        // A card without BF16 says how to train on it (UX P11).
        sources.support = {"software_support.csv",
                           header + "Turing,sm_75,2026-12-03,no,no,CUDA,wheels,yes,ok,src,no,\n"};
        CHECK_THROWS_WITH_AS(parse_catalog(sources),
                             doctest::Contains("a card without BF16 needs its training advice"),
                             DataFileError);
        sources.support = {"software_support.csv",
                           header +
                               "Turing,sm_75,2026-12-03,no,no,CUDA,wheels,yes,ok,src,no,fp16\n" +
                               "Turing,sm_75,2026-12-03,no,no,CUDA,wheels,yes,ok,src,no,fp16\n"};
        CHECK_THROWS_WITH_AS(parse_catalog(sources),
                             doctest::Contains("'sm_75' of Turing is listed twice"), DataFileError);
    }

    TEST_CASE("fp32 is one FMA per lane per clock for every vendor (no dual issue, no packing)") {
        const auto catalog = load_catalog(gpuprice::test::catalog_dir());
        for (const auto& a : catalog.architectures) {
            CAPTURE(a.name);
            REQUIRE(a.rate("fp32") != nullptr);
            CHECK(a.rate("fp32")->fma_per_clock == 1);
            // FP16 with FP16 accumulate wherever there is an FP16 matrix rate (packed FP16 on
            // the shaders, K10, is the one FP16 rate of its architecture).
            if (a.rate("fp16") && !a.rate("fp16")->unit) {
                CHECK(a.rate("fp16-fp16acc") != nullptr);
            }
        }
        CHECK(catalog.find_precision("fp32")->description.find("Dual issue") != std::string::npos);
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
        changed.digest += "-changed";
        store_catalog(db, changed);
        CHECK(stored_model_count(db) == static_cast<int>(catalog.models.size()) - 1);
        // Rates are rows: Turing has no TF32 row (never a 0), and a join finds Titan RTX's FP16.
        auto stmt = db.prepare(
            "SELECT count(*) FROM architecture_rates WHERE architecture = 'Turing' AND "
            "precision = 'tf32'");
        REQUIRE(stmt.step());
        CHECK(stmt.int32(0) == 0);
        auto join = db.prepare(
            "SELECT r.fma_per_clock, m.tensor_cores FROM gpu_models m JOIN architecture_rates r "
            "ON r.architecture = m.architecture WHERE m.key = ?1 AND r.precision = 'fp16'");
        join.bind(1, "titan-rtx");
        REQUIRE(join.step());
        CHECK(join.int32(0) == 64);
        CHECK(join.int32(1) == 576);
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
        for (const char* name : {"aliases.csv", "variants.csv", "stated_vram.csv", "exclusions.csv",
                                 "match_words.csv", "part_numbers.csv"}) {
            std::filesystem::copy_file(std::filesystem::path(gpuprice::test::catalog_dir()) / name,
                                       dir.path() / name);
        }
        SUBCASE("an alias naming a model that is not in the catalog") {
            gpuprice::test::write_file(dir.path() / "aliases.csv",
                                       "alias,skus\n3090,rtx-3090\n9090,rtx-9090\n");
            CHECK_THROWS_WITH_AS(load_match_rules(dir.path().string(), catalog),
                                 doctest::Contains("aliases.csv:3: column 'skus': 'rtx-9090' is "
                                                   "not a key of skus.csv"),
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
                                       "pattern,skus,vram_gb,source\n"
                                       "*-2g500-*,tesla-v100-pcie-16gb,,brief\n"
                                       "*-9g999-*,tesla-v900,,made up\n");
            CHECK_THROWS_WITH_AS(load_match_rules(dir.path().string(), catalog),
                                 doctest::Contains("part_numbers.csv:3: column 'skus'"),
                                 DataFileError);
            gpuprice::test::write_file(dir.path() / "part_numbers.csv",
                                       "pattern,skus,vram_gb,source\n*-2g500-*,,,brief\n");
            CHECK_THROWS_WITH_AS(load_match_rules(dir.path().string(), catalog),
                                 doctest::Contains("part_numbers.csv:2: column 'skus'"),
                                 DataFileError);
            gpuprice::test::write_file(dir.path() / "part_numbers.csv",
                                       "pattern,skus,vram_gb,source\n*-2g500-*,-,1e12,brief\n");
            CHECK_THROWS_WITH_AS(load_match_rules(dir.path().string(), catalog),
                                 doctest::Contains("part_numbers.csv:2: column 'vram_gb'"),
                                 DataFileError);
            gpuprice::test::write_file(dir.path() / "part_numbers.csv",
                                       "pattern,skus,vram_gb,source\n*-2g500-*,-,,\n");
            CHECK_THROWS_WITH_AS(load_match_rules(dir.path().string(), catalog),
                                 doctest::Contains("part_numbers.csv:2: column 'source'"),
                                 DataFileError);
        }
        SUBCASE("an unknown variant effect") {
            gpuprice::test::write_file(dir.path() / "variants.csv",
                                       "sku,word,effect\nrtx-3090,fe,prefers\n");
            CHECK_THROWS_WITH_AS(load_match_rules(dir.path().string(), catalog),
                                 doctest::Contains("variants.csv:2: column 'effect'"),
                                 DataFileError);
        }
        SUBCASE("a memory figure that means neither this card nor another") {
            gpuprice::test::write_file(dir.path() / "stated_vram.csv",
                                       "sku,vram_gb,means\nh100-nvl,96,same-card\n"
                                       "a16,64,maybe\n");
            CHECK_THROWS_WITH_AS(load_match_rules(dir.path().string(), catalog),
                                 doctest::Contains("stated_vram.csv:3: column 'means': 'maybe' is "
                                                   "not same-card or other-card"),
                                 DataFileError);
        }
        SUBCASE("a variant row repeated") {
            gpuprice::test::write_file(dir.path() / "variants.csv",
                                       "sku,word,effect\nh100-sxm5,pci express,excludes\n"
                                       "h100-sxm5,pcie,excludes\nh100-sxm5,pci express,excludes\n");
            CHECK_THROWS_WITH_AS(load_match_rules(dir.path().string(), catalog),
                                 doctest::Contains("variants.csv:4: column 'word': 'pci express' "
                                                   "for h100-sxm5 repeats an earlier row"),
                                 DataFileError);
        }
    }
}

}  // namespace test_catalog
