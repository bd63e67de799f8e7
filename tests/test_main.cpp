#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "tests/test_context.hpp"

namespace {

// Records whether the running test case has failed an assertion, so TempDir can keep the
// evidence of a failing test.
struct FailureListener : doctest::IReporter {
    explicit FailureListener(const doctest::ContextOptions&) {}
    void report_query(const doctest::QueryData&) override {}
    void test_run_start() override {}
    void test_run_end(const doctest::TestRunStats&) override {}
    void test_case_start(const doctest::TestCaseData&) override {
        gpuprice::test::current_test_failed() = false;
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
