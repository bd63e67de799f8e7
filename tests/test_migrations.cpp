#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "schema/store/migrations.hpp"
#include "schema/store/sqlite.hpp"
#include "tests/test_context.hpp"

namespace test_migrations {

using namespace gpuprice::schema;
using gpuprice::test::TempDir;

namespace {

int count_rows(Database& db, const std::string& table) {
    auto stmt = db.prepare("SELECT count(*) FROM " + table);
    REQUIRE(stmt.step());
    return stmt.int32(0);
}

std::string pragma_text(Database& db, const std::string& pragma) {
    auto stmt = db.prepare("PRAGMA " + pragma);
    REQUIRE(stmt.step());
    return stmt.text(0);
}

// The schema as SQLite stores it, for comparing a migrated file with a fresh one.
std::string schema_dump(Database& db) {
    auto stmt = db.prepare("SELECT type, name, sql FROM sqlite_schema ORDER BY type, name");
    std::string dump;
    while (stmt.step()) dump += stmt.text(0) + " " + stmt.text(1) + "\n" + stmt.text(2) + "\n";
    return dump;
}

const std::vector<Migration> kTwoStep = {
    {1, "0001_t.sql", "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);"},
    {2, "0002_t.sql", "ALTER TABLE t ADD COLUMN w INTEGER NOT NULL DEFAULT 7;"},
};

}  // namespace

TEST_SUITE("schema::migrations") {
    TEST_CASE("a fresh file gets every migration, WAL and the application id") {
        TempDir dir;
        Database db(dir.file("fresh.db"));
        const int version = migrate(db);
        CHECK(version == embedded_migrations().back().version);
        CHECK(schema_version(db) == version);
        CHECK(pragma_text(db, "journal_mode") == "wal");
        CHECK(pragma_text(db, "foreign_keys") == "1");
        CHECK(pragma_text(db, "application_id") == std::to_string(kApplicationId));
        CHECK(count_rows(db, "listings") == 0);
        CHECK(count_rows(db, "price_observations") == 0);
    }

    TEST_CASE("migrating twice changes nothing") {
        TempDir dir;
        Database db(dir.file("twice.db"));
        migrate(db);
        const auto before = schema_dump(db);
        migrate(db);
        CHECK(schema_dump(db) == before);
    }

    TEST_CASE("an old-version file upgrades and keeps its data") {
        TempDir dir;
        {
            Database db(dir.file("old.db"));
            migrate(db, {kTwoStep[0]});
            db.exec("INSERT INTO t (v) VALUES ('kept')");
        }
        Database db(dir.file("old.db"));
        CHECK(migrate(db, kTwoStep) == 2);
        auto stmt = db.prepare("SELECT v, w FROM t");
        REQUIRE(stmt.step());
        CHECK(stmt.text(0) == "kept");
        CHECK(stmt.int32(1) == 7);
    }

    TEST_CASE("a broken migration rolls back whole and keeps the data") {
        TempDir dir;
        Database db(dir.file("broken.db"));
        migrate(db, {kTwoStep[0]});
        db.exec("INSERT INTO t (v) VALUES ('kept')");
        const std::vector<Migration> broken = {
            kTwoStep[0],
            {2, "0002_broken.sql",
             "ALTER TABLE t ADD COLUMN x INTEGER; CREATE TABLE oops (; -- syntax error"},
        };
        CHECK_THROWS_AS(migrate(db, broken), SqliteError);
        CHECK(schema_version(db) == 1);
        auto columns = db.prepare("SELECT count(*) FROM pragma_table_info('t') WHERE name = 'x'");
        REQUIRE(columns.step());
        CHECK(columns.int32(0) == 0);  // the half-applied ALTER was rolled back
        CHECK(count_rows(db, "t") == 1);
    }

    TEST_CASE("a file from a newer gpuprice is refused and left untouched") {
        TempDir dir;
        {
            Database db(dir.file("newer.db"));
            migrate(db);
            db.exec("PRAGMA user_version = 999");
        }
        const auto before = gpuprice::test::read_file(dir.file("newer.db"));
        {
            Database db(dir.file("newer.db"));
            CHECK_THROWS_WITH_AS(migrate(db), doctest::Contains("newer than this gpuprice"),
                                 IncompatibleDatabase);
            CHECK(schema_version(db) == 999);
        }
        CHECK(gpuprice::test::read_file(dir.file("newer.db")) == before);
    }

    TEST_CASE("a database that is not gpuprice's is refused") {
        TempDir dir;
        Database db(dir.file("other.db"));
        db.exec("CREATE TABLE someone_elses (x)");
        CHECK_THROWS_WITH_AS(migrate(db), doctest::Contains("not a gpuprice database"),
                             IncompatibleDatabase);
        CHECK(schema_version(db) == 0);
    }

    TEST_CASE("another application's file is refused before anything is written") {
        TempDir dir;
        const auto path = dir.file("notes.db");
        {
            Database db(path);
            db.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')");
            CHECK(pragma_text(db, "journal_mode") == "delete");
        }
        const auto before = gpuprice::test::read_file(path);
        {
            Database db(path);
            CHECK_THROWS_AS(migrate(db), IncompatibleDatabase);
        }
        // Header bytes 18-19 say 1 1 (rollback journal), not 2 2 (WAL); no byte changed.
        const auto after = gpuprice::test::read_file(path);
        CHECK(after == before);
        REQUIRE(after.size() > 20);
        CHECK(after[18] == 1);
        CHECK(after[19] == 1);
        CHECK_FALSE(std::filesystem::exists(path + "-wal"));
    }

    TEST_CASE("a newer gpuprice file in rollback mode stays in rollback mode") {
        TempDir dir;
        const auto path = dir.file("newer-rollback.db");
        {
            Database db(path);
            migrate(db);
            db.exec("PRAGMA journal_mode = DELETE; PRAGMA user_version = 999");
        }
        const auto before = gpuprice::test::read_file(path);
        {
            Database db(path);
            CHECK_THROWS_AS(migrate(db), IncompatibleDatabase);
            CHECK(pragma_text(db, "journal_mode") == "delete");
        }
        CHECK(gpuprice::test::read_file(path) == before);
    }

    TEST_CASE("statements outlive a moved Database; reset drops unowned text") {
        TempDir dir;
        auto open = [&] {
            Database db(dir.file("moved.db"));
            migrate(db, {kTwoStep[0]});
            return db;  // moved out of the lambda
        };
        Database db = open();
        auto select = db.prepare("SELECT ?1");
        Database moved = std::move(db);
        {
            std::string text = "borrowed";
            select.bind_unowned(1, text);
            REQUIRE(select.step());
            CHECK(select.text(0) == "borrowed");
            select.reset();
        }
        // The string is gone; nothing of it may still be bound.
        REQUIRE(select.step());
        CHECK(select.is_null(0));
        select.reset();
        moved.exec("INSERT INTO t (v) VALUES ('after the move')");
        CHECK(count_rows(moved, "t") == 1);
    }

    TEST_CASE("the migrated schema equals the checked-in dump") {
        TempDir dir;
        Database db(dir.file("dump.db"));
        migrate(db);
        const auto expected = gpuprice::test::read_file(gpuprice::test::source_dir() / "tests" /
                                                        "data" / "schema_dump.txt");
        CHECK(schema_dump(db) == expected);
    }

    TEST_CASE("a failed write inside a Transaction guard leaves nothing behind") {
        TempDir dir;
        Database db(dir.file("tx.db"));
        migrate(db, {kTwoStep[0]});
        {
            Transaction tx(db);
            db.exec("INSERT INTO t (v) VALUES ('rolled back')");
        }
        CHECK(count_rows(db, "t") == 0);
    }

    // Two helpers who each add "the next" migration both pick the same number; a file migrated
    // with one of them would then never get the other. The number is taken at landing, and this
    // refuses the clash (and a gap, which means a renumbering went wrong).
    TEST_CASE("migration files have distinct numbers, 1 to N without a gap") {
        const auto dir = gpuprice::test::source_dir() / "schema" / "store" / "migrations";
        // NNNN_name.sql (std::regex trips GCC 12's -Wmaybe-uninitialized under the sanitizers).
        const auto numbered = [](const std::string& file) {
            return file.size() > 9 && file[4] == '_' && file.ends_with(".sql") &&
                   std::all_of(file.begin(), file.begin() + 4,
                               [](char c) { return c >= '0' && c <= '9'; });
        };
        std::map<int, std::vector<std::string>> by_number;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            const auto file = entry.path().filename().string();
            CAPTURE(file);
            REQUIRE(numbered(file));
            by_number[std::stoi(file.substr(0, 4))].push_back(file);
        }
        REQUIRE_FALSE(by_number.empty());
        int expected = 1;
        for (const auto& [number, files] : by_number) {
            CAPTURE(files.front());
            CHECK_MESSAGE(files.size() == 1, "migration number " << number << " is used by "
                                                                 << files.size() << " files");
            CHECK(number == expected++);
        }
        // What the build embedded is exactly these files, in order.
        const auto& embedded = embedded_migrations();
        REQUIRE(embedded.size() == by_number.size());
        for (std::size_t i = 0; i < embedded.size(); ++i) {
            CHECK(embedded[i].version == static_cast<int>(i) + 1);
        }
    }

    TEST_CASE("migrate refuses a list whose numbers repeat or go back") {
        TempDir dir;
        Database db(dir.file("repeat.db"));
        const std::vector<Migration> twice = {
            kTwoStep[0], kTwoStep[1], {2, "0002_other.sql", "CREATE TABLE u (id INTEGER);"}};
        CHECK_THROWS_WITH_AS(migrate(db, twice),
                             doctest::Contains("0002_other.sql repeats migration number 2"),
                             std::logic_error);
        CHECK(count_rows(db, "sqlite_schema") == 0);  // refused before anything ran
        CHECK(migrate(db, kTwoStep) == 2);
    }
}

}  // namespace test_migrations
