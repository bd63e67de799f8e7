// The version a user and eBay see comes from CMakeLists.txt's project(), not from a typed string.
#include <doctest/doctest.h>

#include <string>

#include "schema/system/version.hpp"
#include "tests/child_process.hpp"
#include "tests/fake_ebay.hpp"
#include "tests/test_context.hpp"

namespace test_version {

using namespace gpuprice;

TEST_SUITE("version") {
    TEST_CASE("--version prints the CMake project version") {
        test::TempDir dir;
        REQUIRE(test::wait_exit(test::spawn({GPUPRICE_BINARY, "--version"}, {}, dir.file("out"))) ==
                0);
        const auto line = test::read_file(dir.file("out"));
        CHECK(line.rfind(std::string("gpuprice ") + GPUPRICE_PROJECT_VERSION, 0) == 0);
        CHECK(line == schema::version_line() + "\n");
    }

    TEST_CASE("the User-Agent eBay sees carries the same version") {
        test::FakeEbay ebay;
        test::FakeItem item;
        item.item_id = "v1|77|0";
        item.title = "NVIDIA RTX 3090 24GB";
        ebay.set_items("RTX 3090", {item});
        test::TempDir dir;
        REQUIRE(
            test::wait_exit(test::spawn(
                {GPUPRICE_BINARY, "--db", dir.file("ua.db"), "fetch", "--query", "RTX 3090",
                 "--condition", "used", "--api-base", ebay.api_base(), "--auth-url",
                 ebay.token_url(), "--token-cache", dir.file("token"), "--no-quota-check"},
                {"EBAY_CLIENT_ID=" + ebay.client_id, "EBAY_CLIENT_SECRET=" + ebay.client_secret},
                "/dev/null", dir.file("err"))) == 0);
        INFO(test::read_file(dir.file("err")));
        const auto agents = ebay.user_agents_seen();
        REQUIRE(agents.size() == 1);
        CHECK(agents.begin()->rfind(std::string("gpuprice/") + GPUPRICE_PROJECT_VERSION, 0) == 0);
        CHECK(*agents.begin() == schema::user_agent());
    }
}

}  // namespace test_version
