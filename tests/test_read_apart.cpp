#include <doctest/doctest.h>

#include <stdexcept>

#include "app/read_apart.hpp"
#include "schema/store/sqlite.hpp"
#include "tests/test_context.hpp"

namespace test_read_apart {

using gpuprice::app::ReadApart;
using namespace gpuprice::schema;

namespace {

// What a work saw: the rows of t, and whether it ran on the caller's connection.
struct Seen {
    std::int64_t rows = 0;
    bool own_connection = false;
};

Seen count_rows(Database& caller, Database& conn) {
    auto select = conn.prepare("SELECT count(*) FROM t");
    REQUIRE(select.step());
    return {select.int64(0), conn.handle() != caller.handle()};
}

}  // namespace

TEST_SUITE("app::read_apart") {
    TEST_CASE("reads beside the caller on a connection of its own, and sees what was committed") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("apart.db"));
        db.use_wal();
        db.exec("CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1), (2), (3)");
        ReadApart<Seen> apart(db, [&](Database& conn) { return count_rows(db, conn); });
        // The caller reads on meanwhile.
        CHECK(count_rows(db, db).rows == 3);
        const auto seen = apart.get();
        CHECK(seen.rows == 3);
        CHECK(seen.own_connection);
    }

    TEST_CASE("inside a transaction it reads on the caller's connection, which sees its writes") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("apart.db"));
        db.use_wal();
        db.exec("CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1)");
        Transaction transaction(db);
        db.exec("INSERT INTO t VALUES (2)");
        ReadApart<Seen> apart(db, [&](Database& conn) { return count_rows(db, conn); });
        const auto seen = apart.get();
        CHECK(seen.rows == 2);  // another connection would have seen 1
        CHECK_FALSE(seen.own_connection);
    }

    TEST_CASE("an error of the work is thrown by get, with its message") {
        gpuprice::test::TempDir dir;
        Database db(dir.file("apart.db"));
        db.use_wal();
        db.exec("CREATE TABLE t (v INTEGER)");
        ReadApart<Seen> apart(db, [](Database& conn) -> Seen {
            conn.prepare("SELECT nothing FROM nowhere");
            return {};
        });
        CHECK_THROWS_WITH_AS(apart.get(), doctest::Contains("nowhere"), SqliteError);
    }
}

}  // namespace test_read_apart
