# The fake eBay (tests/fake_ebay.cpp, a cpp-httplib server on 127.0.0.1), compiled once for the
# tests and the measuring tools of scripts/eval that replay real searches against it.
find_package(PkgConfig REQUIRED)
# Debian builds cpp-httplib as a shared library; its .pc file carries the matching defines.
pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib)
find_package(ZLIB REQUIRED)  # the fake eBay's gzip bomb (zlib1g-dev comes with libcpp-httplib-dev)
add_library(gpuprice_fake_ebay STATIC ${PROJECT_SOURCE_DIR}/tests/fake_ebay.cpp)
target_link_libraries(gpuprice_fake_ebay PUBLIC gpuprice_fetcher PkgConfig::HTTPLIB ZLIB::ZLIB
                                                Threads::Threads PRIVATE gpuprice_warnings)
# Test code: -O0, as the tests' own code (tests/CMakeLists.txt says why).
target_compile_options(gpuprice_fake_ebay PRIVATE -O0)
set_target_properties(gpuprice_fake_ebay PROPERTIES GPUPRICE_TEST_CODE ON)
