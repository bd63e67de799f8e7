// Several gpuprice processes on one database file, as a cron job and a user meet there: fresh
// files migrated by two at once, a second fetch while the first still runs, and which runs count
// as abandoned.
#include <doctest/doctest.h>

#include <sys/wait.h>

#include <atomic>
#include <thread>

#include "schema/domain/clock.hpp"
#include "schema/store/listing_store.hpp"
#include "schema/store/migrations.hpp"
#include "schema/store/run_lock.hpp"
#include "schema/store/sqlite.hpp"
#include "tests/child_process.hpp"
#include "tests/fake_ebay.hpp"
#include "tests/test_context.hpp"
#include "tests/test_market.hpp"

namespace test_many_processes {

using namespace gpuprice;
using namespace std::chrono_literals;

namespace {

std::string run_status(schema::Database& db, std::int64_t run_id) {
    auto stmt = db.prepare("SELECT status FROM fetch_runs WHERE id = ?1");
    stmt.bind(1, run_id);
    return stmt.step() ? stmt.text(0) : "";
}

}  // namespace

TEST_SUITE("many_processes") {
    TEST_CASE("two processes migrating a fresh file at once both succeed, 20 times over") {
        test::TempDir dir;
        const int newest = schema::embedded_migrations().back().version;
        for (int round = 0; round < 20; ++round) {
            CAPTURE(round);
            const auto db = dir.file("fresh-" + std::to_string(round) + ".db");
            const pid_t first = test::spawn({GPUPRICE_BINARY, "--db", db, "init"}, {}, "/dev/null",
                                            dir.file("first.err"));
            const pid_t second = test::spawn({GPUPRICE_BINARY, "--db", db, "init"}, {}, "/dev/null",
                                             dir.file("second.err"));
            const int first_exit = test::wait_exit(first);
            const int second_exit = test::wait_exit(second);
            INFO("first: " << test::read_file(dir.file("first.err")));
            INFO("second: " << test::read_file(dir.file("second.err")));
            CHECK(first_exit == 0);
            CHECK(second_exit == 0);
            schema::Database check(db, schema::OpenMode::ReadOnly);
            CHECK(schema::schema_version(check) == newest);
        }
    }

    TEST_CASE("threads migrating one fresh file at once: the version is read under the lock") {
        // The same race without process start-up in between, so the two really overlap.
        test::TempDir dir;
        for (int round = 0; round < 20; ++round) {
            CAPTURE(round);
            const auto path = dir.file("threads-" + std::to_string(round) + ".db");
            std::atomic<int> ready{0};
            std::string errors[2];
            auto open_and_migrate = [&](int which) {
                try {
                    schema::Database db(path);
                    ++ready;
                    while (ready < 2) std::this_thread::yield();
                    schema::migrate(db);
                } catch (const std::exception& e) {
                    errors[which] = e.what();
                }
            };
            std::thread a(open_and_migrate, 0), b(open_and_migrate, 1);
            a.join();
            b.join();
            CHECK(errors[0] == "");
            CHECK(errors[1] == "");
        }
    }

    TEST_CASE("a run this process holds is not abandoned; one nobody holds is") {
        test::TempDir dir;
        schema::Database db(dir.file("runs.db"));
        schema::migrate(db);
        const auto live =
            schema::begin_run(db, schema::RunSource::sample, test::us_market(),
                              schema::Night::from_text("2026-12-01"), "2026-12-01T03:00:00Z");
        CHECK(schema::RunLock::is_held(db.path(), live.id()));
        // A row left 'running' by a process that died: nobody holds its lock.
        db.exec(
            "INSERT INTO fetch_runs (started_at, status, source) "
            "VALUES ('2026-12-01T03:00:00Z', 'running', 'ebay')");
        const auto dead = db.last_insert_rowid();
        CHECK_FALSE(schema::RunLock::is_held(db.path(), dead));

        CHECK(schema::close_abandoned_runs(db, schema::now_iso()) == 1);
        CHECK(run_status(db, live.id()) == "running");
        CHECK(run_status(db, dead) == "failed");
        CHECK(schema::close_abandoned_runs(db, schema::now_iso()) == 0);
    }

    TEST_CASE("a second fetch neither fails nor marks the first run abandoned") {
        test::FakeEbay ebay;
        std::vector<test::FakeItem> items;
        for (int i = 0; i < 3000; ++i) {
            test::FakeItem item;
            item.item_id = "v1|" + std::to_string(5000 + i) + "|0";
            item.title = "NVIDIA RTX 3090 24GB";
            items.push_back(item);
        }
        ebay.set_items("RTX 3090", items);
        // The first fetch is held at its first page until the second (local sample pages) has
        // ended: the overlap is certain, however slow the machine, and nothing sleeps for it.
        ebay.hold_searches(true);
        test::TempDir dir;
        const auto db_path = dir.file("two.db");
        REQUIRE(test::wait_exit(test::spawn({GPUPRICE_BINARY, "--db", db_path, "init"}, {})) == 0);
        const pid_t first = test::spawn(
            {GPUPRICE_BINARY, "--db", db_path, "fetch", "--query", "RTX 3090", "--condition",
             "used", "--parallel", "1", "--api-base", ebay.api_base(), "--auth-url",
             ebay.token_url(), "--token-cache", dir.file("token")},
            {"EBAY_CLIENT_ID=" + ebay.client_id, "EBAY_CLIENT_SECRET=" + ebay.client_secret},
            "/dev/null", dir.file("first.err"));

        // Wait until the first run's row is there and running.
        std::int64_t first_run = 0;
        for (int tries = 0; tries < 200 && !first_run; ++tries) {
            std::this_thread::sleep_for(25ms);
            schema::Database look(db_path, schema::OpenMode::ReadOnly);
            auto stmt = look.prepare("SELECT id FROM fetch_runs WHERE status = 'running'");
            if (stmt.step()) first_run = stmt.int64(0);
        }
        REQUIRE(first_run != 0);

        const int second_exit = test::wait_exit(
            test::spawn({GPUPRICE_BINARY, "--db", db_path, "--verbose", "fetch", "--sample"}, {},
                        dir.file("second.out"), dir.file("second.err")));
        INFO("second fetch: " << test::read_file(dir.file("second.err")));
        CHECK(second_exit == 0);
        CHECK(test::read_file(dir.file("second.err")).find("interrupted") == std::string::npos);
        int still_running = 0;
        REQUIRE(waitpid(first, &still_running, WNOHANG) == 0);  // the overlap really happened
        {
            schema::Database look(db_path, schema::OpenMode::ReadOnly);
            CHECK(run_status(look, first_run) == "running");
        }
        ebay.hold_searches(false);

        const int first_exit = test::wait_exit(first);
        INFO("first fetch: " << test::read_file(dir.file("first.err")));
        CHECK(first_exit == 0);
        schema::Database look(db_path, schema::OpenMode::ReadOnly);
        CHECK(run_status(look, first_run) == "ok");
        auto stmt = look.prepare("SELECT count(*) FROM fetch_runs WHERE status != 'ok'");
        REQUIRE(stmt.step());
        CHECK(stmt.int64(0) == 0);
    }
}

}  // namespace test_many_processes
