#include <doctest/doctest.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "schema/system/atomic_file.hpp"
#include "tests/test_context.hpp"

namespace test_atomic_file {

using namespace gpuprice::schema;

namespace {

// Writes each (path, content) pair as one AtomicFileSet.
void write_files_atomically(const std::vector<std::pair<std::string, std::string>>& files) {
    AtomicFileSet set;
    for (const auto& [path, content] : files) set.add(path, content);
    set.commit();
}

std::vector<std::string> names_in(const std::string& folder) {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(folder))
        names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

// A summary and a second file in dir's folder r, as a previous report left them: what a set
// must leave alone until its commit.
std::pair<std::string, std::string> previous_report(const gpuprice::test::TempDir& dir,
                                                    const std::string& second) {
    const auto summary = dir.file("r/report.csv");
    const auto other = dir.file("r/" + second);
    write_files_atomically({{summary, "old summary"}, {other, "old " + second}});
    return {summary, other};
}

}  // namespace

TEST_SUITE("schema::atomic_file") {
    TEST_CASE("a write that fails half way replaces no file of the set") {
        gpuprice::test::TempDir dir;
        const auto summary = dir.file("r/report.csv");
        const auto listings = dir.file("r/report-listings.csv");
        write_files_atomically({{summary, "old summary"}, {listings, "old listings"}});
        // A file-size limit stands in for a full disk: the second, larger file cannot be
        // written (EFBIG, with SIGXFSZ ignored as main() does).
        const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit old_limit{};
        getrlimit(RLIMIT_FSIZE, &old_limit);
        rlimit limit = old_limit;
        limit.rlim_cur = 64 * 1024;
        REQUIRE(setrlimit(RLIMIT_FSIZE, &limit) == 0);
        const std::string expected = "cannot write " + listings + ": File too large";
        CHECK_THROWS_WITH_AS(write_files_atomically(
                                 {{summary, "new summary"}, {listings, std::string(200000, 'x')}}),
                             doctest::Contains(expected.c_str()), FileWriteError);
        setrlimit(RLIMIT_FSIZE, &old_limit);
        std::signal(SIGXFSZ, old_handler);
        CHECK(gpuprice::test::read_file(summary) == "old summary");
        CHECK(gpuprice::test::read_file(listings) == "old listings");
        // No temporary is left behind.
        int files = 0;
        for ([[maybe_unused]] const auto& entry :
             std::filesystem::directory_iterator(dir.file("r")))
            ++files;
        CHECK(files == 2);
    }

    TEST_CASE("a set's files are written as they are added and replaced only by commit") {
        gpuprice::test::TempDir dir;
        const auto [summary, listings] = previous_report(dir, "report-listings.csv");
        {
            AtomicFileSet files;
            files.add(summary, "new summary");
            std::string text = "new listings";
            files.add(listings, text);
            text = "changed after it was added";  // added means written: the set keeps no copy
            CHECK(gpuprice::test::read_file(summary) == "old summary");
            CHECK(names_in(dir.file("r")) ==
                  std::vector<std::string>{"report-listings.csv", "report.csv"});
            files.commit();
        }
        CHECK(gpuprice::test::read_file(summary) == "new summary");
        CHECK(gpuprice::test::read_file(listings) == "new listings");
        {
            AtomicFileSet abandoned;  // never committed: nothing replaced, nothing left behind
            abandoned.add(summary, "abandoned");
        }
        CHECK(gpuprice::test::read_file(summary) == "new summary");
        CHECK(names_in(dir.file("r")) ==
              std::vector<std::string>{"report-listings.csv", "report.csv"});
    }

    TEST_CASE(
        "a file written piece by piece is replaced with the set; a writer that fails, never") {
        gpuprice::test::TempDir dir;
        const auto [summary, page] = previous_report(dir, "report.html");
        {
            AtomicFileSet files;
            files.add(summary, "new summary");
            files.add_written(page, [](const AtomicFileSet::Sink& sink) {
                for (const char* piece : {"<html>", "new ", "page", "</html>"}) sink(piece);
            });
            CHECK(gpuprice::test::read_file(page) == "old report.html");
            files.commit();
        }
        CHECK(gpuprice::test::read_file(summary) == "new summary");
        CHECK(gpuprice::test::read_file(page) == "<html>new page</html>");
        // A page whose making fails half way (a database error, say): nothing is replaced, and
        // no temporary is left.
        CHECK_THROWS_WITH(
            [&] {
                AtomicFileSet files;
                files.add(summary, "newer summary");
                files.add_written(page, [](const AtomicFileSet::Sink& sink) {
                    sink("<html>half");
                    throw std::runtime_error("the night's page could not be read");
                });
                files.commit();
            }(),
            "the night's page could not be read");
        CHECK(gpuprice::test::read_file(summary) == "new summary");
        CHECK(gpuprice::test::read_file(page) == "<html>new page</html>");
        CHECK(names_in(dir.file("r")) == std::vector<std::string>{"report.csv", "report.html"});
    }

    TEST_CASE("the temporary is a fresh file: a planted link at any fixed name is never followed") {
        gpuprice::test::TempDir dir;
        gpuprice::test::write_file(dir.file("victim"), "precious");
        std::filesystem::create_symlink(dir.file("victim"), dir.file("out.csv.tmp"));
        AtomicFile file(dir.file("out.csv"), 0600);
        file.write("content");
        file.commit();
        CHECK(gpuprice::test::read_file(dir.file("victim")) == "precious");
        CHECK(gpuprice::test::read_file(dir.file("out.csv")) == "content");
        struct stat info {};
        REQUIRE(stat(dir.file("out.csv").c_str(), &info) == 0);
        CHECK((info.st_mode & 0777) == 0600);
    }

    TEST_CASE("a file where the folder should be is named as the cause") {
        gpuprice::test::TempDir dir;
        gpuprice::test::write_file(dir.file("notadir"), "");
        const std::string expected = "cannot create the folder " + dir.file("notadir");
        CHECK_THROWS_WITH_AS(write_files_atomically({{dir.file("notadir/x.csv"), "x"}}),
                             doctest::Contains(expected.c_str()), FileWriteError);
    }

    TEST_CASE("a writer killed with kill -9 before its rename leaves no temporary behind") {
        // chaos kill_report_write: a report killed mid-write left '.<name>.XXXXXX' files that
        // nothing ever removes, one set per kill.
        gpuprice::test::TempDir dir;
        const auto target = dir.file("r/report.csv");
        write_files_atomically({{target, "old"}});
        const pid_t child = fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            try {
                AtomicFile file(target, 0644);
                file.write(std::string(100000, 'x'));
                ::raise(SIGKILL);  // no destructor, no cleanup: as kill -9 would
            } catch (...) {
            }
            ::_exit(1);  // never back into the test runner
        }
        int status = 0;
        REQUIRE(waitpid(child, &status, 0) == child);
        REQUIRE(WIFSIGNALED(status));
        CHECK(WTERMSIG(status) == SIGKILL);
        CHECK(names_in(dir.file("r")) == std::vector<std::string>{"report.csv"});
        CHECK(gpuprice::test::read_file(target) == "old");
    }

    TEST_CASE("while written, a file has no name in the folder; after commit only the target") {
        gpuprice::test::TempDir dir;
        AtomicFile file(dir.file("out.csv"), 0644);
        file.write("content");
        CHECK(names_in(dir.path().string()).empty());
        file.commit();
        CHECK(names_in(dir.path().string()) == std::vector<std::string>{"out.csv"});
        CHECK(gpuprice::test::read_file(dir.file("out.csv")) == "content");
    }
}

}  // namespace test_atomic_file
