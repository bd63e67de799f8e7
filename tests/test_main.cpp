#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <iostream>

#include "tests/test_context.hpp"

namespace {

// How many test cases this run started (-1: no run, e.g. --list-test-cases).
int& cases_started() {
    static int count = -1;
    return count;
}

// Records whether the running test case has failed an assertion, so TempDir can keep the
// evidence of a failing test; and counts the cases run.
struct FailureListener : doctest::IReporter {
    explicit FailureListener(const doctest::ContextOptions&) {}
    void report_query(const doctest::QueryData&) override {}
    void test_run_start() override { cases_started() = 0; }
    void test_run_end(const doctest::TestRunStats&) override {}
    void test_case_start(const doctest::TestCaseData&) override {
        gpuprice::test::current_test_failed() = false;
        ++cases_started();
    }
    void test_case_reenter(const doctest::TestCaseData&) override {}
    void test_case_end(const doctest::CurrentTestCaseStats&) override {}
    void test_case_exception(const doctest::TestCaseException&) override {
        gpuprice::test::current_test_failed() = true;
    }
    void subcase_start(const doctest::SubcaseSignature&) override {}
    void subcase_end() override {}
    void log_assert(const doctest::AssertData& data) override {
        if (data.m_failed) gpuprice::test::current_test_failed() = true;
    }
    void log_message(const doctest::MessageData&) override {}
    void test_case_skipped(const doctest::TestCaseData&) override {}
};

REGISTER_LISTENER("gpuprice-failures", 1, FailureListener);

}  // namespace

// A run whose filters match no case fails: ctest runs each case by its name, and a name the
// filter does not find must not pass silently.
int main(int argc, char** argv) {
    doctest::Context context(argc, argv);
    const int status = context.run();
    if (status == 0 && !context.shouldExit() && cases_started() == 0) {
        std::cerr << "no test case matches the filters given\n";
        return 1;
    }
    return status;
}
