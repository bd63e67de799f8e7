// The catalog folder loaded as one RuleSet, and the digests that tell whether stored verdicts
// and catalog tables are current: over file contents, rule files included, never over paths.
#include <doctest/doctest.h>

#include <filesystem>

#include "schema/rules/rule_set.hpp"
#include "tests/test_context.hpp"

namespace gpuprice::test_rule_set {

namespace {

// A copy of the bundled catalog folder in `dir`.
std::string copy_catalog(const test::TempDir& dir, const std::string& name) {
    const auto to = dir.path() / name;
    std::filesystem::copy(test::catalog_dir(), to, std::filesystem::copy_options::recursive);
    return to.string();
}

}  // namespace

TEST_SUITE("rules::rule_set") {
    TEST_CASE("a byte-identical catalog in another folder has the same digests") {
        test::TempDir dir;
        const auto copy = copy_catalog(dir, "elsewhere");
        const auto here = schema::load_rule_set(test::catalog_dir());
        const auto there = schema::load_rule_set(copy);
        CHECK(here.digest == there.digest);
        CHECK(here.catalog.digest == there.catalog.digest);
        CHECK(there.dir == copy);
    }

    TEST_CASE("an edit to a rule file changes the rules' digest, not the spec catalog's") {
        test::TempDir dir;
        const auto copy = copy_catalog(dir, "edited");
        const auto before = schema::load_rule_set(copy);
        const auto exclusions = std::filesystem::path(copy) / "exclusions.csv";
        test::write_file(exclusions, test::read_file(exclusions) + "not-a-gpu,rtx,,always\n");
        const auto after = schema::load_rule_set(copy);
        CHECK(after.digest != before.digest);
        CHECK(after.catalog.digest == before.catalog.digest);
        CHECK(after.match.exclusions.size() == before.match.exclusions.size() + 1);
    }

    TEST_CASE("an edit to a spec file changes both digests") {
        test::TempDir dir;
        const auto copy = copy_catalog(dir, "specs");
        const auto before = schema::load_rule_set(copy);
        const auto vendors = std::filesystem::path(copy) / "vendors.csv";
        test::write_file(vendors,
                         test::read_file(vendors) + "Moore Threads,https://en.mthreads.com/\n");
        const auto after = schema::load_rule_set(copy);
        CHECK(after.digest != before.digest);
        CHECK(after.catalog.digest != before.catalog.digest);
    }

    TEST_CASE("a new data file in the folder counts without a code change") {
        test::TempDir dir;
        const auto copy = copy_catalog(dir, "grown");
        const auto before = schema::rule_set_digest(copy);
        test::write_file(std::filesystem::path(copy) / "future_table.csv", "a,b\n1,2\n");
        CHECK(schema::rule_set_digest(copy) != before);
    }
}

}  // namespace gpuprice::test_rule_set
