// The integer a query's first row gives (a count, a flag, a sum): what a test checks of a table.
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "schema/store/sqlite.hpp"

namespace gpuprice::test {

inline std::int64_t query_int(schema::Database& db, const std::string& sql) {
    auto select = db.prepare(sql);
    REQUIRE(select.step());
    return select.int64(0);
}

}  // namespace gpuprice::test
